/// What a search bar shows beside the field: "3 of 17", "No results", or nothing.
public enum SearchStatus: Hashable, Sendable, CustomStringConvertible {
  /// No keyword: nothing to show.
  case idle
  /// A keyword with no match.
  case noResults
  /// Matches, and which one is selected (1-based when shown), if any.
  case matches(current: Int?, total: Int)
  /// The matches on screen are known; the full count is still being computed.
  case counting(visible: Int)

  public var description: String {
    switch self {
    case .idle: ""
    case .noResults: "No results"
    case .matches(let current?, let total): "\(current + 1) of \(total)"
    case .matches(nil, let total): total == 1 ? "1 match" : "\(total) matches"
    case .counting: "counting…"
    }
  }
}
