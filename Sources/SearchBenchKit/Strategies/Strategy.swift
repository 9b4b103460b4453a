import ExternalEngines
import SearchStrategies
import TranscriptSearch

/// A search strategy the harness can score and time: a name, where it comes from, and how
/// to prepare it for a corpus.
///
/// The project's own strategies, the stock engines and any strategy a user registers
/// (``Strategies/register(_:)``) are all strategies alike: `verify`, `compare`,
/// `bench-matchers` and `gate` take any of them by name.
public struct Strategy: Sendable {
  /// Where a strategy comes from, which decides how the report ranks it.
  public enum Origin: String, Codable, Sendable {
    /// Written in this project to follow the match contract.
    case project
    /// An engine that ships with Swift or a C library, measured for what it is.
    case stock
    /// A strategy a user registered.
    case user
  }

  /// The short name used on the command line and in reports.
  public var name: String
  public var origin: Origin
  /// Whether it is written to follow the match contract: only such strategies are ranked
  /// as the best, and then only on keywords where they agree with the oracle.
  public var followsContract: Bool
  /// One line for reports: what it is.
  public var summary: String
  /// Whether it can search with the given find options.
  public var offers: @Sendable (SearchOptions) -> Bool
  /// Prepares it for a corpus (timed apart from its queries).
  public var prepare: @Sendable (Corpus) -> any Matcher

  public init(
    name: String, origin: Origin, followsContract: Bool, summary: String = "",
    offers: @escaping @Sendable (SearchOptions) -> Bool = { $0.isDefault },
    prepare: @escaping @Sendable (Corpus) -> any Matcher
  ) {
    self.name = name
    self.origin = origin
    self.followsContract = followsContract
    self.summary = summary
    self.offers = offers
    self.prepare = prepare
  }

  /// A strategy from a matcher type, named by it: the way to bring your own.
  ///
  /// - Parameters:
  ///   - followsContract: Whether the matcher is written to follow the match contract.
  ///     It is then ranked with the project's strategies wherever it agrees with the oracle.
  public init<M: Matcher>(
    _ type: M.Type, origin: Origin = .user, followsContract: Bool = false, summary: String = ""
  ) {
    self.init(
      name: M.name, origin: origin, followsContract: followsContract, summary: summary,
      offers: { M.offers($0) }, prepare: { M(corpus: $0) })
  }

  /// One of the project's own strategies or the stock engines that ship with Swift.
  public init(_ kind: MatcherKind) {
    self.init(
      kind.matcherType, origin: kind.followsContract ? .project : .stock,
      followsContract: kind.followsContract, summary: kind.summary)
  }

  /// `folded` running `kernel`.
  public static func folded(kernel: ScanKernel) -> Strategy {
    Strategy(
      name: FoldedMatcher.name, origin: .project, followsContract: true,
      summary: MatcherKind.folded.summary, offers: { FoldedMatcher.offers($0) },
      prepare: { FoldedMatcher(corpus: $0, folded: nil, kernel: kernel) })
  }

  /// `chunked` running `kernel`.
  public static func chunked(kernel: ScanKernel) -> Strategy {
    Strategy(
      name: ChunkedMatcher.name, origin: .project, followsContract: true,
      summary: MatcherKind.chunked.summary, offers: { ChunkedMatcher.offers($0) },
      prepare: { ChunkedMatcher(corpus: $0, folded: nil, kernel: kernel) })
  }

  /// PCRE2, JIT-compiled (Debian `libpcre2-dev`).
  public static let pcre2 = Strategy(
    PCRE2Matcher.self, origin: .stock, followsContract: false,
    summary: "\(PCRE2Matcher.version): UTF + CASELESS + LITERAL over every row's UTF-8 at once")

  /// ICU's collation-based string search (Debian `libicu-dev`).
  public static let icu = Strategy(
    ICUSearchMatcher.self, origin: .stock, followsContract: false,
    summary:
      "\(ICUSearchMatcher.version) usearch: root collator, secondary strength, canonical match, row by row"
  )

  /// SQLite's FTS5 with the trigram tokenizer (Debian `libsqlite3-dev`): an index, built
  /// as the strategy's preparation.
  public static let fts5 = Strategy(
    FTS5Matcher.self, origin: .stock, followsContract: false,
    summary:
      "SQLite \(FTS5Index.version) FTS5, trigram tokenizer: an in-memory index; keywords under 3 characters by LIKE over every row"
  )

  /// A copy named `name`, for the same strategy measured several ways.
  public func renamed(_ name: String) -> Strategy {
    var copy = self
    copy.name = name
    return copy
  }
}

extension MatcherKind {
  /// One line for reports.
  fileprivate var summary: String {
    switch self {
    case .regex: "Swift Regex(verbatim:).ignoresCase(), ranges(of:) row by row"
    case .nsregex: "NSRegularExpression, caseInsensitive + ignoreMetacharacters, row by row"
    case .foundation: "Foundation range(of:options: .caseInsensitive) in a loop, row by row"
    case .folded: "the hand-written search of folded UTF-8, one core"
    case .chunked: "folded, in row chunks on every core"
    case .oracle: "the match contract written plainly: the reference"
    }
  }
}
