import TranscriptSearch

/// Every matching strategy the project measures.
public enum MatcherKind: String, CaseIterable, Sendable {
  /// Swift Regex, `Regex(verbatim:).ignoresCase()`, row by row: the sample's approach.
  case regex
  /// `NSRegularExpression` with `.caseInsensitive` and `.ignoreMetacharacters`.
  case nsregex
  /// Foundation's `range(of:options: .caseInsensitive)` in a loop.
  case foundation
  /// The hand-written search over one contiguous buffer of folded UTF-8.
  case folded
  /// `folded`, split into row chunks searched concurrently.
  case chunked
  /// The reference: the match contract written as plainly as possible.
  case oracle

  /// The type implementing the strategy.
  public var matcherType: any Matcher.Type {
    switch self {
    case .regex: RegexMatcher.self
    case .nsregex: NSRegexMatcher.self
    case .foundation: FoundationMatcher.self
    case .folded: FoldedMatcher.self
    case .chunked: ChunkedMatcher.self
    case .oracle: OracleMatcher.self
    }
  }

  /// Prepares the strategy for `corpus`.
  public func prepare(_ corpus: Corpus) -> any Matcher {
    matcherType.init(corpus: corpus)
  }

  /// Whether the strategy is written to follow the match contract (the others are
  /// stock engines with their own semantics, measured for what they are).
  public var followsContract: Bool {
    switch self {
    case .folded, .chunked, .oracle: true
    case .regex, .nsregex, .foundation: false
    }
  }
}
