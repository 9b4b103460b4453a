/// A search of several keywords at once (the tokens of a search field), in a scope.
public struct TokenQuery: Hashable, Sendable {
  /// How rows qualify.
  public enum Mode: String, Sendable, CaseIterable {
    /// A row matches if any token occurs in it.
    case any
    /// Only rows holding every token count.
    case all
  }

  /// The tokens, in the order given; duplicates count once.
  public var tokens: [String]
  /// Whether a row needs any token or every token.
  public var mode: Mode
  /// The rows searched.
  public var scope: SearchScope
  /// The find options, applied to every token.
  public var options: SearchOptions

  /// A query of `tokens` (empty ones dropped, duplicates kept once), in `scope`.
  public init(
    tokens: [String], mode: Mode = .any, scope: SearchScope = SearchScope(),
    options: SearchOptions = .default
  ) {
    var seen = Set<String>()
    self.tokens = tokens.filter { !$0.isEmpty && seen.insert($0).inserted }
    self.mode = mode
    self.scope = scope
    self.options = options
  }
}

/// Which rows a query searches: some speakers, a time range, or both.
public struct SearchScope: Hashable, Sendable {
  /// Only rows of these speakers; nil for every row.
  public var speakers: Set<String>?
  /// Only rows starting in this range of milliseconds (start ≤ row start < end).
  public var startTimes: Range<Int64>?

  /// A scope of these speakers and start times; nil for either leaves it open.
  public init(speakers: Set<String>? = nil, startTimes: Range<Int64>? = nil) {
    self.speakers = speakers
    self.startTimes = startTimes
  }

  /// Whether the scope restricts anything.
  public var isEverything: Bool { speakers == nil && startTimes == nil }
}

/// A match found by a token query: the match and which token (its index in the query's
/// tokens) it matched.
public struct TokenMatch: Hashable, Sendable {
  /// Where the token matched.
  public var match: Match
  /// The token's index in the query's ``TokenQuery/tokens``.
  public var token: Int
}
