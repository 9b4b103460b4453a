import Foundation
import SearchBenchKit
import Synchronization
import TranscriptSearch

/// Any strategy behind the same screen, so that a person feels the difference: the rows
/// on screen are searched first (by the strategy, prepared on those rows alone), then the
/// whole transcript. Most strategies cannot stop a search half-way, so one search of the
/// whole transcript runs at a time: keystrokes typed meanwhile wait, and only the newest
/// is searched next (a stale result is never shown). The current match is kept by
/// ``CurrentMatchPolicy``, as in the session.
public actor MatcherSearch: ViewerSearch {
  public nonisolated let name: String
  /// The visible rows as each key arrives; the whole transcript one keyword at a time,
  /// the newest next (the pipeline's `max-one-in-flight`).
  public nonisolated let policy = InputPolicy.maxOneInFlight
  public nonisolated let updates: AsyncStream<ViewerUpdate>
  private let output: AsyncStream<ViewerUpdate>.Continuation
  private let strategy: Strategy
  private let corpus: Corpus
  private let prepared: Task<any Matcher, Never>
  private var navigation: SearchNavigation
  private var newest = -1
  /// The newest edit whose whole-transcript search has not started.
  private var pending: KeywordEdit?
  private var searchingAll = false
  /// The newest keystroke whose complete result is shown: its visible rows, if they come
  /// later, are not.
  private var completed = -1
  private let indexing: Built<SuggestionIndex>
  private var suggestionIndex: SuggestionIndex?

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
    let indexing = Built<SuggestionIndex>()
    self.indexing = indexing
    Thread.detachNewThread {
      var index = SuggestionIndex(corpus: corpus)
      _ = index.suggestions(for: "a")  // sorts its terms once, here
      indexing.set(index)
    }
  }

  public func edit(_ edit: KeywordEdit) async {
    newest = edit.keystroke
    if edit.query != nil || !strategy.offers(edit.options) {
      let what = edit.query != nil ? "token queries" : "the options \(edit.options)"
      var shown = update(
        edit, .complete, .noResults, SearchNavigation(viewport: navigation.viewport))
      shown.problem = "\(strategy.name) does not offer \(what); folded does"
      output.yield(shown)
      pending = nil
      return
    }
    let viewport = navigation.viewport
    Task.detached { [strategy, corpus] in
      let rows = Corpus(viewport.map { corpus[$0] })
      let found =
        (try? await strategy.prepare(rows).matches(of: edit.keyword, options: edit.options)) ?? []
      let onScreen = found.map {
        Match(row: $0.row + viewport.lowerBound, start: $0.start, end: $0.end)
      }
      await self.showVisible(edit, onScreen)
    }
    pending = edit
    searchAllNext()
  }

  private func update(
    _ edit: KeywordEdit, _ phase: SearchUpdate.Phase, _ status: SearchStatus,
    _ shown: SearchNavigation
  ) -> ViewerUpdate {
    ViewerUpdate(
      keystroke: edit.keystroke, keyword: edit.keyword, phase: phase, status: status,
      navigation: shown)
  }

  private func showVisible(_ edit: KeywordEdit, _ matches: [Match]) {
    guard edit.keystroke == newest, edit.keystroke > completed else { return }
    let visible = SearchNavigation(
      index: MatchIndex(matches: matches, rowCount: corpus.count), viewport: navigation.viewport)
    output.yield(
      update(
        edit, .visible, edit.keyword.isEmpty ? .idle : .counting(visible: matches.count), visible))
  }

  /// Starts the pending edit's search of the whole transcript, unless one is running.
  private func searchAllNext() {
    guard !searchingAll, let edit = pending else { return }
    pending = nil
    searchingAll = true
    Task.detached { [prepared] in
      let all = try? await prepared.value.matches(of: edit.keyword, options: edit.options)
      await self.finish(edit, all ?? [])
    }
  }

  private func finish(_ edit: KeywordEdit, _ matches: [Match]) {
    searchingAll = false
    if edit.keystroke == newest {
      completed = edit.keystroke
      navigation.replaceIndex(MatchIndex(matches: matches, rowCount: corpus.count))
      output.yield(
        update(
          edit, .complete, navigation.status(hasKeyword: !edit.keyword.isEmpty), navigation))
    }
    searchAllNext()
  }

  public func setViewport(_ rows: Range<Int>) -> SearchNavigation {
    navigation.setViewport(rows)
    return navigation
  }

  public func next() -> SearchNavigation {
    navigation.next()
    return navigation
  }

  /// The completions a session would give, from an index built on a thread of its own
  /// (the rows around the screen until it is ready, as the session does).
  public func suggestions(for prefix: String) -> (
    terms: [(term: String, count: Int)], complete: Bool
  ) {
    if suggestionIndex == nil, let built = indexing.get() { suggestionIndex = built }
    if suggestionIndex != nil {
      return (suggestionIndex!.suggestions(for: prefix, limit: Frame.suggestionLimit), true)
    }
    var nearby = SuggestionIndex(
      corpus: corpus, around: navigation.viewport, rowCount: SearchSession.nearbySuggestionRows)
    return (nearby.suggestions(for: prefix, limit: Frame.suggestionLimit), false)
  }

  public func previous() -> SearchNavigation {
    navigation.previous()
    return navigation
  }
}

/// A value built on another thread, read once it is there.
final class Built<Value: Sendable>: Sendable {
  private let value = Mutex<Value?>(nil)
  func set(_ newValue: Value) { value.withLock { $0 = newValue } }
  func get() -> Value? { value.withLock { $0 } }
}
