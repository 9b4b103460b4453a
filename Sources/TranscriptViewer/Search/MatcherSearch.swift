import Foundation
import SearchBenchKit
import TranscriptSearch

/// Any strategy behind the same screen, so that a person feels the difference: the
/// rows on screen are searched first (by the strategy, prepared on those rows alone),
/// then the whole transcript; a new keystroke cancels the search under way (a strategy
/// that searches in one piece finishes it, and its result is dropped). The current match
/// is kept by ``CurrentMatchPolicy``, as in the session.
public actor MatcherSearch: ViewerSearch {
  public nonisolated let name: String
  public nonisolated let policy = InputPolicy.cancelStale
  public nonisolated let updates: AsyncStream<ViewerUpdate>
  private let output: AsyncStream<ViewerUpdate>.Continuation
  private let strategy: Strategy
  private let corpus: Corpus
  private let prepared: Task<any Matcher, Never>
  private var navigation: SearchNavigation
  private var running: Task<Void, Never>?
  private var newest = -1

  /// `strategy` over `corpus`, prepared in the background from now.
  public init(strategy: Strategy, corpus: Corpus, viewport: Range<Int>) {
    name = strategy.name
    self.strategy = strategy
    self.corpus = corpus
    // Preparing (an index, for some strategies) takes a thread of its own rather than one
    // of the few that run the searches and the viewer's loop.
    prepared = Task {
      await withCheckedContinuation { done in
        Thread.detachNewThread { done.resume(returning: strategy.prepare(corpus)) }
      }
    }
    navigation = SearchNavigation(
      index: MatchIndex(matches: [], rowCount: corpus.count), viewport: viewport)
    (updates, output) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
  }

  public func edit(_ edit: KeywordEdit) async {
    newest = edit.keystroke
    running?.cancel()
    let viewport = navigation.viewport
    running = Task.detached { [strategy, corpus, prepared] in
      await self.search(
        edit, strategy: strategy, corpus: corpus, prepared: prepared, viewport: viewport)
    }
  }

  private nonisolated func search(
    _ edit: KeywordEdit, strategy: Strategy, corpus: Corpus, prepared: Task<any Matcher, Never>,
    viewport: Range<Int>
  ) async {
    func update(_ phase: SearchUpdate.Phase, _ status: SearchStatus, _ shown: SearchNavigation)
      -> ViewerUpdate
    {
      ViewerUpdate(
        keystroke: edit.keystroke, keyword: edit.keyword, phase: phase, status: status,
        navigation: shown)
    }
    if edit.query != nil || !strategy.offers(edit.options) {
      let what = edit.query != nil ? "token queries" : "the options \(edit.options)"
      var shown = update(.complete, .noResults, SearchNavigation(viewport: viewport))
      shown.problem = "\(strategy.name) does not offer \(what); folded does"
      await deliver(shown, final: nil)
      return
    }
    do {
      let rows = Corpus(viewport.map { corpus[$0] })
      let onScreen = try await strategy.prepare(rows).matches(
        of: edit.keyword, options: edit.options
      )
      .map { Match(row: $0.row + viewport.lowerBound, start: $0.start, end: $0.end) }
      let visible = SearchNavigation(
        index: MatchIndex(matches: onScreen, rowCount: corpus.count), viewport: viewport)
      try Task.checkCancellation()
      await deliver(
        update(
          .visible, edit.keyword.isEmpty ? .idle : .counting(visible: onScreen.count), visible),
        final: nil)
      let all = try await prepared.value.matches(of: edit.keyword, options: edit.options)
      try Task.checkCancellation()
      await deliver(
        update(.complete, .idle, SearchNavigation()),
        final: MatchIndex(matches: all, rowCount: corpus.count))
    } catch {
      return  // cancelled: a newer keystroke's search runs
    }
  }

  /// Shows `update`, unless a newer keystroke came; with `final`, the new index replaces
  /// the navigation first (keeping the current match) and the update shows it.
  private func deliver(_ update: ViewerUpdate, final: MatchIndex?) {
    guard update.keystroke == newest else { return }
    var update = update
    if let index = final {
      navigation.replaceIndex(index)
      update.navigation = navigation
      update.status = navigation.status(hasKeyword: !update.keyword.isEmpty)
    }
    output.yield(update)
  }

  public func setViewport(_ rows: Range<Int>) -> SearchNavigation {
    navigation.setViewport(rows)
    return navigation
  }

  public func next() -> SearchNavigation {
    navigation.next()
    return navigation
  }

  public func previous() -> SearchNavigation {
    navigation.previous()
    return navigation
  }
}
