import Foundation
import TranscriptCorpus
import TranscriptSearch

/// Measures what a person waits for after opening a transcript: from a JSON Lines file
/// (page cache warm) and from rows already in memory, the time to the first highlights
/// of a keyword typed at once, to its complete count, and to the first suggestions; and
/// the throughput of the steps behind them (reading, folding, indexing).
///
/// Every timeline starts from nothing (a new session) and the timelines alternate
/// within each round, their order reversed every other round; medians are reported.
/// Between timelines, whatever a released session left running in the background is
/// waited for, so no timeline pays for the previous one.
public struct OpenBenchmark: Sendable {
  public var jsonLinesPath: String
  public var dataset: String
  public var keyword = "zephyr"
  public var prefix = "s"
  /// Rows on screen: the first rows, as when a transcript is opened.
  public var visibleRows = 40
  public var rounds = 5

  public init(jsonLinesPath: String, dataset: String) {
    self.jsonLinesPath = jsonLinesPath
    self.dataset = dataset
  }

  /// A measurement that found the session inconsistent.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public struct Result: Codable, Sendable {
    public var dataset: String
    public var rows: Int
    public var textBytes: Int
    public var fileBytes: Int
    public var keyword: String
    public var prefix: String
    public var rounds: Int
    public var cores: Int
    public var matches: Int
    public var seconds: [String: Summary]
    /// Heap the folded corpus holds, and resident memory an open session added (its fold
    /// and match index, after the first complete search), in bytes.
    public var foldedBytes: Int
    public var sessionResidentBytes: Int?
    /// The process's peak resident memory at the end, in bytes.
    public var peakResidentBytes: Int?
    /// The fold's kernel over plain characters (see ``FoldedCorpus/foldKernelName``).
    public var foldKernel: String?
  }

  public func run(progress: ProgressDisplay? = nil) throws -> Result {
    let fileBytes = try DatasetBuilder.size(of: jsonLinesPath)
    let corpus = try JSONLinesReader(path: jsonLinesPath).read().corpus
    let viewport = 0..<min(visibleRows, corpus.count)
    let clock = ContinuousClock()
    var samples: [String: [Double]] = [:]
    var matches = 0

    // Memory first, before the rounds' allocations are there to be reused.
    let before = ResidentMemory.current()
    var measured = SearchSession(corpus: corpus, viewport: viewport)
    let workersStopped = measured.waitUntilFoldingWorkersStop
    measured.setKeyword(keyword)
    // The keyword's search may return before the fold ends: the memory is that of a
    // session with every row folded, its pages made huge where the kernel could.
    measured.finishFolding()
    workersStopped()
    let sessionResident = ResidentMemory.current().flatMap { after in before.map { after - $0 } }
    let foldedBytes = measured.folded.retainedBytes
    measured = SearchSession(corpus: Corpus())

    /// Opens a session as `open` makes it and types the keyword: the visible rows' matches
    /// first, then the complete search.
    func typeAtOnce(_ name: String, open: () throws -> SearchSession) throws {
      let start = clock.now
      var session = try open()
      let visible = session.visibleMatches(of: keyword)
      let first = clock.now
      session.setKeyword(keyword)
      let complete = clock.now
      let index = session.navigation.index
      guard visible == viewport.flatMap({ index.positions(inRow: $0).map { index[$0] } }) else {
        throw Failure(
          description: "the visible rows' matches of \(keyword.debugDescription) differ from "
            + "the complete search's")
      }
      matches = session.navigation.index.count
      samples["\(name).firstHighlights", default: []].append((first - start).seconds)
      samples["\(name).completeCount", default: []].append((complete - start).seconds)
      let stopped = session.waitUntilFoldingWorkersStop
      session = SearchSession(corpus: Corpus())
      stopped()
    }

    let timelines: [(String, () throws -> Void)] = [
      (
        "memory",
        { try typeAtOnce("memory") { SearchSession(corpus: corpus, viewport: viewport) } }
      ),
      (
        "file",
        {
          try typeAtOnce("file") {
            let start = clock.now
            let read = try JSONLinesReader(path: jsonLinesPath).read().corpus
            samples["file.read", default: []].append((clock.now - start).seconds)
            return SearchSession(corpus: read, viewport: viewport)
          }
        }
      ),
      (
        "first screen",
        {
          // A viewer that reads the rows on screen first, then the whole file.
          let start = clock.now
          let screen = try JSONLinesReader(path: jsonLinesPath).readFirstRows(viewport.count)
          let visible = FoldedCorpus(screen).matches(
            of: FoldedKeyword(keyword), inRows: screen.indices, originals: screen)
          samples["screen.firstHighlights", default: []].append((clock.now - start).seconds)
          let read = try JSONLinesReader(path: jsonLinesPath).read().corpus
          var session = SearchSession(corpus: read, viewport: viewport)
          session.setKeyword(keyword)
          samples["screen.completeCount", default: []].append((clock.now - start).seconds)
          let index = session.navigation.index
          guard visible == viewport.flatMap({ index.positions(inRow: $0).map { index[$0] } }) else {
            throw Failure(
              description: "the first screen's matches differ from the complete search's")
          }
          let stopped = session.waitUntilFoldingWorkersStop
          session = SearchSession(corpus: Corpus())
          stopped()
        }
      ),
      (
        "suggestions",
        {
          let start = clock.now
          var session = SearchSession(corpus: corpus, viewport: viewport)
          _ = session.suggestions(for: prefix)
          let firstTime = clock.now
          session.waitUntilIndexingStops()
          let complete = clock.now
          _ = session.suggestions(for: prefix)
          guard session.suggestionsAreComplete else {
            throw Failure(description: "the suggestion index was not complete once built")
          }
          let lookups = 100
          let lookupStart = clock.now
          for _ in 0..<lookups { _ = session.suggestions(for: prefix) }
          samples["suggestions.first", default: []].append((firstTime - start).seconds)
          samples["suggestions.complete", default: []].append((complete - start).seconds)
          samples["suggestions.lookup", default: []].append(
            (clock.now - lookupStart).seconds / Double(lookups))
          let stopped = session.waitUntilFoldingWorkersStop
          session = SearchSession(corpus: Corpus())
          stopped()
        }
      ),
      (
        "fold",
        {
          samples["fold.allCores", default: []].append(
            clock.measure { _ = FoldedCorpus(corpus).rowCount }.seconds)
          samples["fold.oneCore", default: []].append(
            clock.measure {
              _ = FoldedCorpus(corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes).rowCount
            }.seconds)
          // The same folds again at once, on the same threads: the memory the first ones
          // gave back is mostly reused, so this is the fold's own work with fewer first
          // touches of fresh pages, which an app pays on its first open (for the reader:
          // not the target's measure).
          samples["fold.oneCoreAgain", default: []].append(
            clock.measure {
              _ = FoldedCorpus(corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes).rowCount
            }.seconds)
          _ = FoldedCorpus(corpus).rowCount
          samples["fold.allCoresAgain", default: []].append(
            clock.measure { _ = FoldedCorpus(corpus).rowCount }.seconds)
        }
      ),
      (
        "index",
        {
          samples["suggestions.build", default: []].append(
            clock.measure { _ = SuggestionIndex(corpus: corpus).termCount }.seconds)
        }
      ),
    ]
    for round in 0..<rounds {
      for (_, body) in round.isMultiple(of: 2) ? timelines : timelines.reversed() { try body() }
      progress?.update(round + 1)
    }
    return Result(
      dataset: dataset, rows: corpus.count, textBytes: corpus.utf8TextCount, fileBytes: fileBytes,
      keyword: keyword, prefix: prefix, rounds: rounds,
      cores: ProcessInfo.processInfo.activeProcessorCount, matches: matches,
      seconds: samples.mapValues(Summary.init), foldedBytes: foldedBytes,
      sessionResidentBytes: sessionResident, peakResidentBytes: ResidentMemory.peak(),
      foldKernel: FoldedCorpus.foldKernelName)
  }
}
