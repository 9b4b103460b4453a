/// A keystroke's keyword, as it reaches a pipeline.
public struct KeywordEdit: Sendable {
  /// The keystroke's number, counting from 0: later keystrokes have larger numbers.
  public var keystroke: Int
  /// The whole keyword after the keystroke.
  public var keyword: String
  /// The find options it is searched with.
  public var options: SearchOptions
  /// A token query searched instead of the keyword (a field whose text holds several
  /// tokens), or nil.
  public var query: TokenQuery?

  /// The keyword after keystroke number `keystroke`; with `query`, that token query is
  /// searched instead (with its own options), and `keyword` is the text it came from.
  public init(
    keystroke: Int, keyword: String, options: SearchOptions = .default, query: TokenQuery? = nil
  ) {
    self.keystroke = keystroke
    self.keyword = keyword
    self.options = query?.options ?? options
    self.query = query
  }
}

/// What a pipeline shows: first the rows on screen, then the complete result.
public struct SearchUpdate: Sendable {
  /// Which of a keyword's two updates this is.
  public enum Phase: String, Sendable {
    /// The visible rows' highlights; the count is still "counting…".
    case visible
    /// The full count and match index.
    case complete
  }

  /// The keystroke whose keyword this shows.
  public var keystroke: Int
  /// The keyword searched.
  public var keyword: String
  /// Whether this is the visible rows' update or the complete one.
  public var phase: Phase
  /// The count and current position, as a search field shows them.
  public var status: SearchStatus
  /// The rows on screen with their matches marked.
  public var highlights: [HighlightedRow]
  /// The current match, when known (on screen for the visible phase).
  public var currentMatch: Match?
  /// The matches shown, the current one and the viewport: for the visible phase, the
  /// matches in the rows on screen only. A view that scrolls highlights from it.
  public var navigation: SearchNavigation
  /// When the update was produced.
  public var time: ContinuousClock.Instant
}

/// What a pipeline's searches cost, once its input has ended.
public struct PipelineStatistics: Sendable {
  /// Searches the pipeline started.
  public var searchesStarted = 0
  /// Searches stopped because a newer keystroke superseded them.
  public var searchesCancelled = 0
  /// Searches that ran to the end.
  public var searchesCompleted = 0
  /// Seconds spent in searches that were cancelled, or completed for a keyword already
  /// superseded when its result was shown.
  public var wastedSeconds = 0.0
  /// Seconds spent searching in all.
  public var searchSeconds = 0.0

  /// No searches yet.
  public init() {}
}
