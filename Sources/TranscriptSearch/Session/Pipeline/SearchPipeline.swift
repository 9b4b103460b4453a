import AsyncAlgorithms
import Synchronization

/// Keyword edits in, search updates out, under an ``InputPolicy``.
///
/// For each keyword searched, the pipeline first emits the rows on screen alone (their
/// highlights and, if on screen, the current match; the count shows "counting…"), then
/// the complete result, the way a browser's find bar fills in its count: what the person
/// looks at never waits for a million rows. Searches take the session's incremental
/// paths (narrowing while typing, the cache on backspace).
public actor SearchPipeline {
  /// How keystrokes that arrive while a search runs are handled.
  public let policy: InputPolicy
  /// The search state after the last completed search.
  public private(set) var session: SearchSession
  private var statistics = PipelineStatistics()
  /// The newest keystroke received, read by running searches without waiting for the
  /// actor (it may be busy with the stale search itself).
  private let newestKeystroke = Shared<Int>(-1)
  private let continuation: AsyncStream<SearchUpdate>.Continuation
  /// What the pipeline shows, in order; finishes when ``run(_:)`` returns.
  public nonisolated let updates: AsyncStream<SearchUpdate>

  /// A pipeline searching `session` under `policy`; feed it with ``run(_:)`` and read
  /// ``updates``.
  public init(session: SearchSession, policy: InputPolicy) {
    self.session = session
    self.policy = policy
    (updates, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
  }

  /// Runs the policy over `edits` until they end (or the calling task is cancelled),
  /// waits for the searches it started, finishes ``updates`` and returns what the
  /// searches cost. No task it started outlives it.
  public func run<Edits: AsyncSequence & Sendable>(
    _ edits: Edits
  ) async -> PipelineStatistics where Edits.Element == KeywordEdit, Edits.Failure == Never {
    defer { continuation.finish() }
    let marked = edits.map { [newestKeystroke] edit in
      newestKeystroke.set(edit.keystroke)
      return edit
    }
    switch policy {
    case .immediate:
      for await edit in marked { await search(edit) }
    case .debounce(let interval):
      for await edit in marked.debounce(for: interval) { await search(edit) }
    case .throttleLatest(let interval):
      await runThrottled(marked, interval: interval)
    case .maxOneInFlight:
      await runOneInFlight(marked)
    case .cancelStale:
      await runCancellingStale(marked)
    }
    return statistics
  }

  /// Combine's `throttle(latest: true)` emits the latest value when each interval ends;
  /// async-algorithms' `_throttle` only when the next value arrives, so a timer of the
  /// same interval re-offers the latest keyword to it, and keywords already searched are
  /// skipped. Searches run one after another.
  private func runThrottled<Edits: AsyncSequence & Sendable>(
    _ edits: Edits, interval: Duration
  ) async where Edits.Element == KeywordEdit, Edits.Failure == Never {
    let latest = Shared<KeywordEdit?>(nil)
    let typing = Shared(true)
    let typed = edits.map { edit in
      latest.set(edit)
      return edit
    }
    // Marks the end of typing, so that the timer stops and the merge can end.
    let done = [0].async.compactMap { _ -> KeywordEdit? in
      typing.set(false)
      return nil
    }
    let ticks = AsyncTimerSequence(interval: interval, clock: .continuous)
      .prefix { _ in typing.get() }
      .compactMap { _ in latest.get() }
    var searched = -1
    for await edit in merge(chain(typed, done), ticks)._throttle(for: interval, latest: true)
    where edit.keystroke > searched {
      searched = edit.keystroke
      await search(edit)
    }
  }

  /// The newest keyword waits for the running search; only the last one typed meanwhile
  /// is searched next.
  private func runOneInFlight<Edits: AsyncSequence & Sendable>(
    _ edits: Edits
  ) async where Edits.Element == KeywordEdit, Edits.Failure == Never {
    let pending = Shared<KeywordEdit?>(nil)
    let (wakeups, wake) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for await edit in edits {
          pending.set(edit)
          wake.yield()
        }
        wake.finish()
      }
      for await _ in wakeups {
        while let edit = pending.take() {
          await search(edit)
        }
      }
    }
  }

  /// A new keyword cancels the running search.
  private func runCancellingStale<Edits: AsyncSequence & Sendable>(
    _ edits: Edits
  ) async where Edits.Element == KeywordEdit, Edits.Failure == Never {
    var running: Task<Void, Never>?
    for await edit in edits {
      running?.cancel()
      await running?.value  // stops within one segment
      running = Task { await self.search(edit) }
    }
    if Task.isCancelled { running?.cancel() }
    await running?.value
  }

  /// Searches one keyword: the visible rows first, then everything. The work runs off
  /// the actor, so that new keystrokes (and cancellations) get through meanwhile; the
  /// result is committed here, before its update is shown, so that what the update shows
  /// is what ``next()``, ``previous()`` and ``setViewport(_:)`` then move through.
  private func search(_ edit: KeywordEdit) async {
    guard !Task.isCancelled else { return }
    statistics.searchesStarted += 1
    let outcome = await Self.perform(
      edit, on: session, newest: newestKeystroke, output: continuation)
    statistics.searchSeconds += outcome.seconds
    if var searched = outcome.session, var update = outcome.complete {
      // The view may have scrolled, and the suggestions' index grown, while it ran.
      searched.setViewport(session.navigation.viewport)
      searched.keepSuggestions(of: session)
      session = searched
      update.navigation = searched.navigation
      update.time = ContinuousClock.now
      continuation.yield(update)
      statistics.searchesCompleted += 1
      if outcome.wasStale { statistics.wastedSeconds += outcome.seconds }
    } else {
      statistics.searchesCancelled += 1
      statistics.wastedSeconds += outcome.seconds
    }
  }

  /// Sets the rows on screen (the view scrolled): later searches show these rows first.
  /// Returns the navigation after, to highlight from.
  @discardableResult
  public func setViewport(_ rows: Range<Int>) -> SearchNavigation {
    session.setViewport(rows)
    return session.navigation
  }

  /// Completions of `prefix` from the session (``SearchSession/suggestions(for:limit:)``),
  /// and whether they come from every row yet.
  public func suggestions(for prefix: String, limit: Int = 10) -> (
    terms: [(term: String, count: Int)], complete: Bool
  ) {
    let terms = session.suggestions(for: prefix, limit: limit)
    return (terms, session.suggestionsAreComplete)
  }

  /// Selects the next match of the last complete search (a find bar's "next"); the
  /// next keyword keeps it current where the policy allows. Returns the navigation after.
  @discardableResult
  public func next() -> SearchNavigation {
    session.next()
    return session.navigation
  }

  /// Selects the previous match of the last complete search; see ``next()``.
  @discardableResult
  public func previous() -> SearchNavigation {
    session.previous()
    return session.navigation
  }

  private struct Outcome: Sendable {
    /// The session after the search, or nil if it was cancelled.
    var session: SearchSession?
    /// The complete update, shown once the session is committed.
    var complete: SearchUpdate?
    var seconds: Double
    /// Whether a newer keystroke had arrived when the result was shown.
    var wasStale: Bool
  }

  private nonisolated static func perform(
    _ edit: KeywordEdit, on base: SearchSession, newest: Shared<Int>,
    output: AsyncStream<SearchUpdate>.Continuation
  ) async -> Outcome {
    let clock = ContinuousClock()
    let start = clock.now
    var base = base
    // Built once, on the first search that ignores diacritics; kept with the session.
    base.prepareForm(for: edit.options)
    let visibleIndex: MatchIndex
    var tokens: [UInt8]?
    if let query = edit.query {
      let found = base.visibleMatches(of: query)
      visibleIndex = MatchIndex(matches: found.map(\.match), rowCount: base.corpus.count)
      tokens = found.map { UInt8(truncatingIfNeeded: $0.token) }
    } else {
      visibleIndex = MatchIndex(
        matches: base.visibleMatches(of: edit.keyword, options: edit.options),
        rowCount: base.corpus.count)
    }
    var onScreen = SearchNavigation(index: visibleIndex, viewport: base.navigation.viewport)
    onScreen.replaceIndex(visibleIndex, tokens: tokens)
    if let previous = base.navigation.currentMatch,
      let position = CurrentMatchPolicy.overlapping(previous, in: visibleIndex)
    {
      onScreen.select(position: position)
    }
    let searchesNothing = edit.query.map { $0.tokens.isEmpty } ?? edit.keyword.isEmpty
    output.yield(
      SearchUpdate(
        keystroke: edit.keystroke, keyword: edit.keyword, phase: .visible,
        status: searchesNothing ? .idle : .counting(visible: visibleIndex.count),
        highlights: onScreen.highlightedRows(in: base.corpus, reusing: base.visibleRowTexts),
        currentMatch: onScreen.currentMatch, navigation: onScreen, time: clock.now))

    var next = base
    if let query = edit.query {
      next.setQuery(query)
      if Task.isCancelled {
        return Outcome(session: nil, seconds: (clock.now - start).seconds, wasStale: true)
      }
    } else if next.setKeyword(edit.keyword, options: edit.options, shouldStop: { Task.isCancelled })
      == nil
    {
      return Outcome(session: nil, seconds: (clock.now - start).seconds, wasStale: true)
    }
    let complete = SearchUpdate(
      keystroke: edit.keystroke, keyword: edit.keyword, phase: .complete, status: next.status,
      highlights: next.highlightedRows(), currentMatch: next.navigation.currentMatch,
      navigation: next.navigation, time: clock.now)
    return Outcome(
      session: next, complete: complete, seconds: (clock.now - start).seconds,
      wasStale: newest.get() > edit.keystroke)
  }
}

/// A value shared between tasks, behind a lock.
final class Shared<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  init(_ value: Value) { storage = Mutex(value) }

  func get() -> Value { storage.withLock { $0 } }

  func set(_ value: Value) { storage.withLock { $0 = value } }
}

extension Shared {
  /// The value, leaving nil behind.
  func take<Wrapped>() -> Value where Value == Wrapped? {
    storage.withLock { value in
      defer { value = nil }
      return value
    }
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
