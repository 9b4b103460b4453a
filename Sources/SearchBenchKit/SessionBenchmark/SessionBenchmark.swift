import Foundation
import SearchStrategies
import TranscriptCorpus
import TranscriptSearch

/// Measures what a search bar does besides scanning, at several corpus sizes: building
/// the match index, keeping the current match, highlighting the rows on screen,
/// stepping, editing and appending rows, and typing one more character; the seed-style
/// index (the SwiftUI sample's dictionaries) on the same workloads, side by side.
///
/// Within a size, the operations alternate round by round; medians are reported. Tiny
/// operations are timed in batches and divided.
public struct SessionBenchmark: Sendable {
  public var script = Script.mixed
  public var sizes = [1_000, 10_000, 100_000, 1_000_000]
  public var rounds = 7
  /// A common keyword: about a million matches at a million rows.
  public var denseKeyword = "a"
  /// Another common keyword, about as dense on screen: the keyword the search bar turns
  /// to when highlighting on a new keyword is timed.
  public var otherDenseKeyword = "o"
  /// Keywords typed one character further, from their prefix: the planted frequent
  /// keyword (whose prefix is as common as itself: the worst case for narrowing), the
  /// planted rare one, and a rare word whose prefix is among the commonest ("the").
  public var typedKeywords = ["zephyr", "麒麟", "them"]
  /// Typed keywords whose prefix occurs about as often as they do: typing their last
  /// character must only never be slower than a full search, not faster.
  public static let keywordsAsCommonAsTheirPrefix: Set = ["zephyr"]
  /// Rows on screen.
  public var visibleRows = 40

  public init() {}

  public func run(progress: ProgressDisplay? = nil) async throws -> SessionBenchmarkResult {
    var results: [SessionBenchmarkResult.Size] = []
    for (step, rows) in sizes.enumerated() {
      results.append(try await measure(rows: rows))
      progress?.update(step + 1)
    }
    return SessionBenchmarkResult(
      script: script.rawValue, denseKeyword: denseKeyword, otherDenseKeyword: otherDenseKeyword,
      typedKeywords: typedKeywords,
      visibleRows: visibleRows, rounds: rounds, sizes: results)
  }

  private func measure(rows: Int) async throws -> SessionBenchmarkResult.Size {
    let corpus = TranscriptGenerator(script: script, seed: DatasetSpec.standardSeed)
      .makeCorpus(rows: rows).corpus
    let folded = FoldedCorpus(corpus)
    let dense = folded.matches(of: FoldedKeyword(denseKeyword), inRows: 0..<rows)
    let texts = corpus.map(\.text)
    let ids = (0..<rows).map { Self.rowID($0) }

    // Memory, measured once each: the heap a structure still holds after it is built.
    let (index, indexBytes) = HeapUsage.retained { MatchIndex(matches: dense, rowCount: rows) }
    let (seed, seedBytes) = HeapUsage.retained {
      SeedStyleIndex(matches: dense, texts: texts, rowIDs: ids)
    }

    let middle = rows / 2
    let viewport = middle..<min(middle + visibleRows, rows)
    var navigation = SearchNavigation(index: index, viewport: viewport)
    let overlapped = index.isEmpty ? nil : index[index.count / 2]
    let elsewhere = Match(row: middle, start: 1 << 30, end: (1 << 30) + 1)
    var seedBefore = seed
    seedBefore.select(position: max(0, dense.count / 2))
    seedBefore.onScreen = Dictionary(uniqueKeysWithValues: viewport.map { (ids[$0], $0) })

    var session = Self.openSession(corpus, viewport: viewport)
    session.setKeyword(denseKeyword)
    let typing = typedKeywords.map { keyword in
      // Typing one more character in an open session: the prefix's search was a full
      // one, not the early search of a corpus still folding, which keeps no occurrences.
      var typing = Self.openSession(corpus, viewport: viewport)
      typing.setKeyword(String(keyword.dropLast()))
      return typing
    }
    let untyped = Self.openSession(corpus, viewport: viewport)
    let editedRow = middle
    let original = corpus[editedRow].text
    let edited = String(original.reversed())
    // Untimed: the first change of the session's corpus copies the buffers it shares
    // with `corpus`; an app's session owns its corpus alone.
    try session.replaceText(ofRow: editedRow, with: edited)
    session.append([TranscriptRow(start: 0, text: original)])

    // The viewport highlighted once, as a session does before its next keystroke.
    let keptTexts = VisibleRowTexts()
    _ = navigation.highlightedRows(in: corpus, reusing: keptTexts)
    // A new keyword on the same screen: the session alternates between two keywords, so
    // each highlight marks another keyword's matches in the texts the last one kept.
    let otherNavigation = SearchNavigation(
      index: MatchIndex(
        matches: folded.matches(of: FoldedKeyword(otherDenseKeyword), inRows: 0..<rows),
        rowCount: rows),
      viewport: viewport)
    let alternatingTexts = VisibleRowTexts()
    _ = otherNavigation.highlightedRows(in: corpus, reusing: alternatingTexts)
    func matchesOnScreen(_ navigation: SearchNavigation) -> Int {
      navigation.viewport.reduce(0) { $0 + navigation.index.positions(inRow: $1).count }
    }

    var samples: [String: [Double]] = [:]
    let clock = ContinuousClock()
    func time(_ name: String, batch: Int = 1, _ body: () throws -> Void) rethrows {
      let elapsed = try clock.measure { for _ in 0..<batch { try body() } }
      samples[name, default: []].append(elapsed.seconds / Double(batch))
    }
    for round in 0..<rounds {
      time("indexBuild") { _ = MatchIndex(matches: dense, rowCount: rows) }
      if round < 3 || rows <= 100_000 {
        time("seedBuild") { _ = SeedStyleIndex(matches: dense, texts: texts, rowIDs: ids) }
      }
      time("keepCurrentOverlap", batch: 1_000) {
        _ = CurrentMatchPolicy.choose(previous: overlapped, in: index, viewport: viewport)
      }
      time("keepCurrentViewport", batch: 1_000) {
        _ = CurrentMatchPolicy.choose(previous: elsewhere, in: index, viewport: viewport)
      }
      if round < 3 || rows <= 100_000 {
        time("seedKeepCurrent") {
          var adopting = seedBefore
          adopting.adopt(seed)
        }
      }
      time("visibleMatches", batch: 1_000) {
        _ = navigation.viewport.reduce(0) { $0 + navigation.index.positions(inRow: $1).count }
      }
      time("highlight", batch: 20) { _ = navigation.highlightedRows(in: corpus) }
      time("highlightAgain", batch: 20) {
        _ = navigation.highlightedRows(in: corpus, reusing: keptTexts)
      }
      var turn = 0
      time("highlightNewKeyword", batch: 20) {
        turn += 1
        let next = turn.isMultiple(of: 2) ? otherNavigation : navigation
        _ = next.highlightedRows(in: corpus, reusing: alternatingTexts)
      }
      time("nextPrevious", batch: 10_000) {
        navigation.next()
        navigation.previous()
      }
      var flip = round.isMultiple(of: 2)
      try time("editRow", batch: 20) {
        flip.toggle()
        try session.replaceText(ofRow: editedRow, with: flip ? edited : original)
      }
      time("appendRow", batch: 20) { session.append([TranscriptRow(start: 0, text: original)]) }
      for (keyword, typing) in zip(typedKeywords, typing) {
        time("typeNarrowed \(keyword)") {
          var next = typing
          next.setKeyword(keyword)
        }
        time("typeFull \(keyword)") {
          var next = untyped
          next.setKeyword(keyword)
        }
      }
    }
    return SessionBenchmarkResult.Size(
      rows: rows, denseMatches: dense.count,
      matchesOnScreen: [matchesOnScreen(navigation), matchesOnScreen(otherNavigation)],
      indexBytes: indexBytes, seedBytes: seedBytes,
      seconds: samples.mapValues(Summary.init))
  }

  /// A session over `corpus` once opened: its fold finished, and the work its fold's
  /// workers do after it (asking for huge pages) too, so that none of it runs while
  /// others are timed.
  static func openSession(_ corpus: Corpus, viewport: Range<Int>) -> SearchSession {
    var session = SearchSession(corpus: corpus, viewport: viewport)
    let workersStopped = session.waitUntilFoldingWorkersStop
    session.finishFolding()
    workersStopped()
    return session
  }

  /// A deterministic row identifier, so runs compare like for like.
  static func rowID(_ row: Int) -> UUID {
    var bytes = [UInt8](repeating: 0, count: 16)
    withUnsafeBytes(of: UInt64(row).bigEndian) { bytes.replaceSubrange(8..<16, with: $0) }
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
