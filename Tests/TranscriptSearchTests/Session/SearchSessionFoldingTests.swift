import PropertyBased
import Testing

@testable import TranscriptSearch

/// A session whose corpus is folded in the background answers exactly as one whose corpus
/// was folded before it started, whatever happens while the fold runs.
@Suite("SearchSession folding in the background")
struct SearchSessionFoldingTests {
  static func corpus(_ texts: [String]) -> Corpus {
    Corpus(texts.enumerated().map { TranscriptRow(start: Int64($0.offset), text: $0.element) })
  }

  /// Rows with something for every keyword below, many enough for several parts.
  static let rows = (0..<600).map { row in
    [
      "Zephyr said hello \(row)", "no match here", "a zephyr, another ZEPHYR", "straße and STRASSE",
      "résumé RESUME", "麒麟 and 麒 alone", "",
    ][row % 7]
  }

  @Test func anyInterleavingOfTypingEditingAndAppendingEqualsAFoldedSession() async {
    let steps = Gen<Int>.int(in: 0...11).array(of: 1...30)
    await propertyCheck(
      count: 120, input: TrickyText.strings(upTo: 8).array(of: 1...40), steps,
      Gen<Int>.int(in: 1...5)
    ) { rows, steps, rowsPerPart in
      let corpus = Self.corpus(rows)
      var background = SearchSession(
        corpus: corpus, viewport: 0..<3, folding: .inBackground(rowsPerPart: rowsPerPart))
      var folded = SearchSession(corpus: corpus, viewport: 0..<3, folding: .immediately)
      var keyword = ""
      let alphabet = ["s", "S", "ß", "e", "\u{301}", "é", "a", "👍", "한", "ς", " ", "ラ"]
      for (index, step) in steps.enumerated() {
        let options = SearchOptions(
          wordMatch: index % 5 == 4 ? .whole : .contains, ignoresDiacritics: index % 7 == 6)
        switch step {
        case 0...4:
          keyword += alphabet[(index * 5 + step) % alphabet.count]
          #expect(
            background.visibleMatches(of: keyword, options: .default)
              == folded.visibleMatches(of: keyword, options: .default))
          background.setKeyword(keyword, options: options)
          folded.setKeyword(keyword, options: options)
        case 5, 6:
          if !keyword.isEmpty { keyword.removeLast() }
          background.setKeyword(keyword)
          folded.setKeyword(keyword)
        case 7:
          let row = (index * 3) % corpus.count
          let text = rows[(index + 1) % rows.count] + keyword
          try? background.replaceText(ofRow: row, with: text)
          try? folded.replaceText(ofRow: row, with: text)
        case 8:
          let appended = [TranscriptRow(start: 0, text: keyword + rows[index % rows.count])]
          background.append(appended)
          folded.append(appended)
        case 9:
          let viewport = index % corpus.count..<index % corpus.count + 4
          background.setViewport(viewport)
          folded.setViewport(viewport)
        case 10:
          let query = TokenQuery(tokens: [keyword, "a"], mode: .any, options: options)
          background.setQuery(query)
          folded.setQuery(query)
        default:
          background.next()
          folded.next()
        }
        #expect(background.navigation == folded.navigation, "after step \(index)")
        #expect(background.status == folded.status)
      }
      #expect(background.folded.byteCounts == folded.folded.byteCounts)
    }
  }

  @Test func aKeywordTypedAtOnceIsSearchedAsTheRowsAreFolded() {
    let corpus = Self.corpus(Self.rows)
    // "here": its rarest scalar, "h", is in 3 rows of 7, too many to fold them alone, so
    // the search goes through the rows as the fold brings them.
    #expect(FoldingInBackground.candidateShareLimit < 3.0 / 7)
    for rowsPerPart in [1, 7, 64, 1_000] {
      var session = SearchSession(
        corpus: corpus, viewport: 10..<20, folding: .inBackground(rowsPerPart: rowsPerPart))
      #expect(
        session.visibleMatches(of: "here")
          == FoldedCorpus(corpus).matches(of: FoldedKeyword("here"), inRows: 10..<20))
      #expect(session.setKeyword("here") == .full)
      let expected = FoldedCorpus(corpus).matches(
        of: FoldedKeyword("here"), inRows: 0..<corpus.count)
      #expect(session.navigation.index == MatchIndex(matches: expected, rowCount: corpus.count))
      #expect(!session.isFolding)
      // The occurrences collected across the parts narrow the next keystroke, where that
      // costs less than a scan.
      let narrows = SearchSession.narrowingIsCheaper(
        occurrences: expected.count, than: session.folded)
      #expect(session.setKeyword("here ") == (narrows ? .narrowed : .full))
      #expect(
        session.navigation.index
          == MatchIndex(
            matches: FoldedCorpus(corpus).matches(
              of: FoldedKeyword("here "), inRows: 0..<corpus.count), rowCount: corpus.count))
    }
  }

  @Test func aRareKeywordTypedWhileFoldingIsSearchedInTheRowsThatCanHoldIt() {
    // "zephyr": "z" is in 2 rows of 7 (or their preimages, such as "Ź", are).
    let corpus = Self.corpus(Array(repeating: Self.rows, count: 200).flatMap { $0 })
    let expected = FoldedCorpus(corpus).matches(
      of: FoldedKeyword("zephyr"), inRows: 0..<corpus.count)
    for kernel in ScanKernel.available {
      let folding = FoldingInBackground(corpus, rowsPerPart: 100, workers: 1)
      folding.pauseWorkers()
      let result = folding.searchWithoutWaiting(
        FoldedKeyword("zephyr"), originals: corpus, kernel: kernel)
      // Unless the one worker's parts had already folded every row before the pause.
      if folding.foldedSoFar.rowCount < corpus.count {
        // (Compared as a whole: a failure would print thousands of matches.)
        #expect(result.map { $0.matches == expected } == true, "\(kernel)")
        #expect(result?.occurrences == nil)
      }
      folding.resumeWorkers()
      #expect(folding.completed().rowCount == corpus.count)
      // Nothing left to fold: nothing to gain.
      #expect(folding.searchWithoutWaiting(FoldedKeyword("zephyr"), kernel: kernel) == nil)
    }
  }

  @Test func aStoppedSearchLeavesTheSessionAsItWas() {
    var session = SearchSession(
      corpus: Self.corpus(Self.rows), folding: .inBackground(rowsPerPart: 1))
    #expect(session.setKeyword("zephyr", shouldStop: { true }) == nil)
    #expect(session.keyword == "")
    #expect(session.navigation.index.isEmpty)
    #expect(session.setKeyword("zephyr") == .full)
    let corpus = Self.corpus(Self.rows)
    #expect(
      session.navigation.index.count
        == FoldedCorpus(corpus).matches(of: FoldedKeyword("zephyr"), inRows: 0..<corpus.count)
        .count)
  }

  @Test func releasingASessionStopsItsFold() async {
    // Enough rows that the fold is still running when the session goes.
    let corpus = Self.corpus(Array(repeating: Self.rows.joined(separator: " "), count: 3_000))
    var stopped: (@Sendable () -> Void)?
    do {
      let session = SearchSession(corpus: corpus, folding: .inBackground(rowsPerPart: 8))
      stopped = session.waitUntilFoldingWorkersStop
      #expect(session.isFolding)
    }
    // Returns once every worker has ended; a worker still folding would keep it waiting.
    stopped?()
  }

  @Test func narrowingIsChosenOnlyWhereItCostsLessThanAScan() {
    // "a" occurs everywhere: checking each place would cost more than a scan.
    let common = Self.corpus(Array(repeating: String(repeating: "a", count: 200), count: 2_000))
    var session = SearchSession(corpus: common, folding: .immediately)
    #expect(session.setKeyword("a") == .full)
    #expect(session.setKeyword("ab") == .full)
    #expect(session.navigation.index.isEmpty)
    // A rare prefix in the same amount of text narrows.
    let rare = Self.corpus(
      (0..<2_000).map { String(repeating: "b", count: 199) + ($0 % 100 == 0 ? "ab" : "c") })
    var narrowing = SearchSession(corpus: rare, folding: .immediately)
    #expect(narrowing.setKeyword("a") == .full)
    #expect(narrowing.setKeyword("ab") == .narrowed)
    #expect(narrowing.navigation.index.count == 20)
  }

  @Test func emptyAndHugeCorporaFoldInTheBackground() {
    var empty = SearchSession(corpus: Corpus(), folding: .inBackground(rowsPerPart: 4))
    #expect(empty.setKeyword("a") == .full)
    #expect(empty.navigation.index.isEmpty)
    #expect(empty.visibleMatches(of: "a").isEmpty)

    let long = String(repeating: "abc zephyr ", count: 1_000_000)  // 11 MB in one row
    var huge = SearchSession(
      corpus: Self.corpus([long, "zephyr"]), viewport: 0..<2,
      folding: .inBackground(rowsPerPart: 1))
    #expect(huge.visibleMatches(of: "zephyr").count == 1_000_001)
    huge.setKeyword("zephyr")
    #expect(huge.navigation.index.count == 1_000_001)
  }
}
