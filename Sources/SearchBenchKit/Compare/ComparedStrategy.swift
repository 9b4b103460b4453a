import TranscriptSearch

/// One strategy in a comparison: a name, whether it is written to follow the match
/// contract (only those are ranked as "best"), and how to prepare it for a corpus.
public struct ComparedStrategy: Sendable {
  public var name: String
  public var followsContract: Bool
  public var prepare: @Sendable (Corpus) -> any Matcher

  public init(
    name: String, followsContract: Bool, prepare: @escaping @Sendable (Corpus) -> any Matcher
  ) {
    self.name = name
    self.followsContract = followsContract
    self.prepare = prepare
  }

  /// One of the project's own strategies.
  public init(_ kind: MatcherKind) {
    self.init(name: kind.rawValue, followsContract: kind.followsContract) { kind.prepare($0) }
  }

  /// The strategies `tsbench compare` measures by default.
  public static let standard: [ComparedStrategy] = standard(kernel: .automatic)

  /// The standard strategies, `folded` and `chunked` running `kernel`.
  public static func standard(kernel: ScanKernel) -> [ComparedStrategy] {
    [
      ComparedStrategy(name: "folded", followsContract: true) {
        FoldedMatcher(corpus: $0, folded: nil, kernel: kernel)
      },
      ComparedStrategy(name: "chunked", followsContract: true) {
        ChunkedMatcher(corpus: $0, folded: nil, kernel: kernel)
      },
    ] + [MatcherKind.regex, .nsregex, .foundation].map(ComparedStrategy.init)
  }
}
