import TranscriptSearch

/// What the screen shows of a search: the first update of a keystroke covers the rows on
/// screen, the second the whole transcript.
public struct ViewerUpdate: Sendable {
  public var keystroke: Int
  public var keyword: String
  public var phase: SearchUpdate.Phase
  public var status: SearchStatus
  /// The matches shown (for the visible phase, those on screen only) and the current one.
  public var navigation: SearchNavigation
  /// A search that could not run ("regex does not offer whole words").
  public var problem: String?
}

/// A search engine behind the viewer's field: the folded search through
/// ``SearchPipeline``, or any strategy through ``MatcherSearch``.
public protocol ViewerSearch: Sendable {
  /// The strategy's name, for the latency line.
  var name: String { get }
  /// How keystrokes that arrive during a search are handled.
  var policy: InputPolicy { get }
  /// The updates, in the order they are shown.
  var updates: AsyncStream<ViewerUpdate> { get }
  /// Searches the field's text after a keystroke.
  func edit(_ edit: KeywordEdit) async
  /// The rows on screen changed.
  func setViewport(_ rows: Range<Int>) async -> SearchNavigation
  /// The next match of the last complete search.
  func next() async -> SearchNavigation
  /// The previous match of the last complete search.
  func previous() async -> SearchNavigation
  /// Completions of the word being typed, and whether they come from every row yet.
  func suggestions(for prefix: String) async -> (
    terms: [(term: String, count: Int)], complete: Bool
  )
}
