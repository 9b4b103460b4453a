import Foundation

/// How a run of highlighted text relates to the search: a match, or the current match,
/// with its position in the match index.
public struct MatchHighlight: Hashable, Sendable {
  /// The match's position.
  public var position: Int
  /// Whether it is the current match.
  public var isCurrent: Bool
  /// For a token query, which token matched (its index in the query), so each token
  /// can be styled apart; nil for a single keyword.
  public var token: Int?

  /// A highlight of the match at `position` in the match index.
  public init(position: Int, isCurrent: Bool, token: Int? = nil) {
    self.position = position
    self.isCurrent = isCurrent
    self.token = token
  }
}

/// The attribute marking matches in highlighted rows; a view styles the runs that carry
/// it (for example a yellow background, orange for the current match).
public enum MatchHighlightAttribute: AttributedStringKey {
  public typealias Value = MatchHighlight
  public static let name = "TranscriptSearch.MatchHighlight"
}

/// The links carried by highlighted matches, `goPosition://N` as in the SwiftUI sample,
/// so a tap on a match can select it.
public enum HighlightLink {
  /// The link to the match at `position`.
  public static func url(forPosition position: Int) -> URL {
    // A scheme, "://" and decimal digits always form a valid URL.
    URL(string: "goPosition://\(position)")!
  }

  /// The position a link points to, or nil if it is not such a link.
  public static func position(from url: URL) -> Int? {
    guard url.scheme == "goPosition", let host = url.host, let position = Int(host),
      position >= 0
    else { return nil }
    return position
  }
}
