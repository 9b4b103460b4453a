import Foundation

/// A corpus being folded in the background, on every core, in parts of consecutive rows
/// taken in order; the rows folded so far, from the first, can be searched at once.
///
/// A search of the whole corpus then waits only for the parts it reaches (see
/// ``search(_:collectingOccurrences:originals:shouldStop:)``), and the rows on screen
/// need not wait at all. Releasing the last reference stops the workers after the part
/// each is folding; the result is the same folded corpus, segment for segment, as
/// ``FoldedCorpus/init(_:ignoringDiacritics:)`` in parts of this size.
package final class FoldingInBackground: Sendable {
  private let work: Work

  /// Rows per part unless told: a part folds in a few milliseconds, so a search waits
  /// little beyond the rows it needs and a cancelled fold stops soon.
  package static let defaultRowsPerPart = 16_384

  /// Starts folding `corpus` on `workers` threads (every core by default).
  package init(
    _ corpus: Corpus, ignoringDiacritics: Bool = false,
    rowsPerPart: Int = FoldingInBackground.defaultRowsPerPart,
    workers: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    precondition(rowsPerPart > 0 && workers > 0, "A fold needs rows per part and a worker")
    let bounds = Array(stride(from: 0, to: corpus.count, by: rowsPerPart)) + [corpus.count]
    work = Work(corpus: corpus, bounds: bounds, ignoringDiacritics: ignoringDiacritics)
    work.start(workers: min(workers, bounds.count - 1))
  }

  deinit { work.cancel() }

  /// The corpus being folded.
  package var corpus: Corpus { work.corpus }

  /// The rows folded so far, from the first, without waiting.
  package var foldedSoFar: FoldedCorpus { work.withState { $0.prefix } }

  /// Whether every row is folded.
  package var isComplete: Bool { work.withState { $0.prefix.rowCount == work.corpus.count } }

  /// Waits until more than `rows` rows are folded (or every row is), and returns the
  /// rows folded so far; nil if `shouldStop` turned true while waiting (it is asked every
  /// few milliseconds).
  package func folded(beyond rows: Int, shouldStop: () -> Bool = { false }) -> FoldedCorpus? {
    let count = work.corpus.count
    return work.wait(
      until: { $0.prefix.rowCount > rows || $0.prefix.rowCount == count }, shouldStop: shouldStop)
  }

  /// Waits for every row and returns the whole folded corpus.
  package func completed() -> FoldedCorpus {
    folded(beyond: work.corpus.count)!
  }

  /// Every match of `keyword` in the whole corpus, searching each stretch of rows as soon
  /// as it is folded; the same result as a search of ``completed()``.
  package func search(
    _ keyword: FoldedKeyword, collectingOccurrences: Bool, originals: Corpus? = nil,
    shouldStop: () -> Bool = { false }
  ) -> FoldedSearchResult {
    var result = FoldedSearchResult(
      occurrences: collectingOccurrences ? [] : nil, following: collectingOccurrences ? [] : nil,
      occurrenceRows: collectingOccurrences ? [] : nil)
    var searched = 0
    repeat {
      guard let folded = folded(beyond: searched, shouldStop: shouldStop) else {
        result.stopped = true
        return result
      }
      let part = folded.search(
        keyword, inRows: searched..<folded.rowCount, collectingOccurrences: collectingOccurrences,
        originals: originals, shouldStop: shouldStop)
      result.matches += part.matches
      if let occurrences = part.occurrences { result.occurrences! += occurrences }
      if let following = part.following { result.following! += following }
      if let rows = part.occurrenceRows { result.occurrenceRows! += rows }
      result.segmentsSearched += part.segmentsSearched
      if part.stopped {
        result.stopped = true
        return result
      }
      searched = folded.rowCount
    } while searched < work.corpus.count
    return result
  }

  /// Every match of `keyword` in the whole corpus without waiting for the rest of the
  /// fold, when that is cheaper: the rows folded so far are searched as they are; of the
  /// others, only the rows whose original text can hold a match (see `CandidateRows`)
  /// are folded, on their own, and searched, while the workers pause. The same result
  /// as a search of ``completed()``, but without occurrences (nothing to narrow from).
  ///
  /// Returns nil, having done only a sample's worth of work, when more than
  /// ``candidateShareLimit`` of the rows left would be folded, or when no scalar of the
  /// key has witnesses one pass can find.
  package func searchWithoutWaiting(
    _ keyword: FoldedKeyword, originals: Corpus? = nil, kernel: ScanKernel = .automatic,
    shouldStop: () -> Bool = { false }
  ) -> FoldedSearchResult? {
    guard !keyword.options.ignoresDiacritics, !keyword.bytes.isEmpty else { return nil }
    let soFar = foldedSoFar
    let rest = soFar.rowCount..<work.corpus.count
    guard !rest.isEmpty else { return nil }
    guard
      let witnesses = CandidateRows(
        key: keyword, corpus: work.corpus,
        samples: CandidateRows.spreadSamples(of: rest, rows: Self.sampleRows), kernel: kernel),
      witnesses.sampleShare <= Self.candidateShareLimit
    else { return nil }
    work.pause()
    defer { work.resume() }
    var result = soFar.search(
      keyword, inRows: 0..<soFar.rowCount, kernel: kernel, collectingOccurrences: false,
      originals: originals, shouldStop: shouldStop)
    guard !result.stopped else { return result }
    guard
      let part = witnesses.search(
        keyword, in: work.corpus, rows: rest, kernel: kernel, shouldStop: shouldStop)
    else { return nil }
    result.matches += part.matches
    result.segmentsSearched += part.segmentsSearched
    result.stopped = part.stopped
    return result
  }

  /// Rows whose witnesses are counted to decide whether a search without waiting pays: a
  /// fraction of a millisecond of reading.
  static let sampleRows = 4_096

  /// The share of the rows left to fold above which the search waits for the fold. Up to
  /// most of the rows, folding only the candidates would still end sooner (finding them
  /// reads the text once, a few percent of folding it), but every row folded for them is
  /// folded again by the fold, and a search that did not wait leaves the next keystroke
  /// nothing to narrow from: worth it only where it saves most of the wait.
  static let candidateShareLimit = 0.35

  /// Asks the workers to start no new part until ``resumeWorkers()`` (tests hold a fold
  /// part-way this way).
  package func pauseWorkers() { work.pause() }

  package func resumeWorkers() { work.resume() }

  /// A function that waits until no worker is running, holding no reference to this
  /// fold: for tests that a released fold leaves nothing running.
  package var waitUntilWorkersStop: @Sendable () -> Void {
    { [work] in work.waitUntilWorkersStop() }
  }
}

/// The state the workers share, behind one condition lock.
private final class Work: @unchecked Sendable {
  // Unchecked: every mutable property is read and written with `condition` held.
  let corpus: Corpus
  /// Where each part starts, and the row count.
  let bounds: [Int]
  let ignoresDiacritics: Bool
  private let condition = NSCondition()
  private var state: State

  struct State {
    /// Parts folded but not yet joined (a later part finished before an earlier one).
    var waiting: [Int: FoldedCorpus] = [:]
    /// Every part joined so far, in order: the rows folded from the first.
    var prefix: FoldedCorpus
    var joinedParts = 0
    var nextPart = 0
    var cancelled = false
    var runningWorkers = 0
    /// Searches that asked the workers to start no new part for now.
    var pauses = 0
  }

  init(corpus: Corpus, bounds: [Int], ignoringDiacritics: Bool) {
    self.corpus = corpus
    self.bounds = bounds
    ignoresDiacritics = ignoringDiacritics
    state = State(
      prefix: FoldedCorpus(
        Corpus(), segmentBytes: FoldedCorpus.defaultSegmentBytes,
        ignoringDiacritics: ignoringDiacritics))
  }

  func withState<Result>(_ body: (State) -> Result) -> Result {
    condition.lock()
    defer { condition.unlock() }
    return body(state)
  }

  func start(workers: Int) {
    guard workers > 0 else { return }
    state.runningWorkers = workers
    for _ in 0..<workers {
      DispatchQueue.global(qos: .userInitiated).async { self.run() }
    }
  }

  private func run() {
    var builder = FoldedRowBuilder(ignoringDiacritics: ignoresDiacritics)
    while true {
      condition.lock()
      while state.pauses > 0 && !state.cancelled { condition.wait() }
      guard !state.cancelled, state.nextPart < bounds.count - 1 else {
        state.runningWorkers -= 1
        condition.broadcast()
        condition.unlock()
        return
      }
      let part = state.nextPart
      state.nextPart += 1
      condition.unlock()

      var piece = FoldedCorpus(
        folding: corpus, rows: bounds[part]..<bounds[part + 1], with: &builder)
      piece.trimCapacity()

      condition.lock()
      state.waiting[part] = piece
      while let next = state.waiting.removeValue(forKey: state.joinedParts) {
        state.prefix.append(folded: next)
        state.joinedParts += 1
      }
      let completed = state.joinedParts == bounds.count - 1 ? state.prefix : nil
      let cancelled = state.cancelled
      condition.broadcast()
      condition.unlock()
      // The worker that joined the last part asks for huge pages, unless the fold was
      // let go: a session waiting for its workers to stop waits for this too.
      if let completed, !cancelled { completed.adviseHugePages() }
    }
  }

  /// Waits until `isDone` holds and returns the rows folded so far, or nil once
  /// `shouldStop` is true.
  func wait(until isDone: (State) -> Bool, shouldStop: () -> Bool) -> FoldedCorpus? {
    condition.lock()
    defer { condition.unlock() }
    while !isDone(state) {
      if shouldStop() { return nil }
      _ = condition.wait(until: Date(timeIntervalSinceNow: 0.002))
    }
    return state.prefix
  }

  /// Asks the workers to start no new part until ``resume()``: a search folding rows of
  /// its own has the cores to itself.
  func pause() {
    condition.lock()
    state.pauses += 1
    condition.unlock()
  }

  func resume() {
    condition.lock()
    state.pauses -= 1
    condition.broadcast()
    condition.unlock()
  }

  func cancel() {
    condition.lock()
    state.cancelled = true
    condition.broadcast()
    condition.unlock()
  }

  func waitUntilWorkersStop() {
    condition.lock()
    defer { condition.unlock() }
    while state.runningWorkers > 0 { condition.wait() }
  }
}
