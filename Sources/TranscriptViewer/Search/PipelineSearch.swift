import TranscriptSearch

/// The folded search, as an app runs it: a ``SearchSession`` behind a ``SearchPipeline``
/// under an input policy.
public final class PipelineSearch: ViewerSearch {
  public let name = "folded"
  public let policy: InputPolicy
  public let updates: AsyncStream<ViewerUpdate>
  private let pipeline: SearchPipeline
  private let edits: AsyncStream<KeywordEdit>.Continuation

  /// A pipeline over `corpus` under `policy`, showing `viewport` first; it runs until the
  /// search is released.
  public init(corpus: Corpus, viewport: Range<Int>, policy: InputPolicy) {
    let pipeline = SearchPipeline(
      session: SearchSession(corpus: corpus, viewport: viewport), policy: policy)
    self.pipeline = pipeline
    self.policy = policy
    let (editStream, edits) = AsyncStream.makeStream(of: KeywordEdit.self)
    self.edits = edits
    let (updates, output) = AsyncStream.makeStream(
      of: ViewerUpdate.self, bufferingPolicy: .unbounded)
    self.updates = updates
    Task { _ = await pipeline.run(editStream) }
    Task {
      for await update in pipeline.updates {
        output.yield(
          ViewerUpdate(
            keystroke: update.keystroke, keyword: update.keyword, phase: update.phase,
            status: update.status, navigation: update.navigation))
      }
      output.finish()
    }
  }

  deinit { edits.finish() }

  public func edit(_ edit: KeywordEdit) async { edits.yield(edit) }

  public func setViewport(_ rows: Range<Int>) async -> SearchNavigation {
    await pipeline.setViewport(rows)
  }

  public func next() async -> SearchNavigation { await pipeline.next() }

  public func previous() async -> SearchNavigation { await pipeline.previous() }

  /// The session's own suggestions.
  public func suggestions(for prefix: String) async -> (
    terms: [(term: String, count: Int)], complete: Bool
  ) {
    await pipeline.suggestions(for: prefix, limit: Frame.suggestionLimit)
  }
}
