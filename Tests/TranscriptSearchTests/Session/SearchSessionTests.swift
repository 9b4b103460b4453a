import PropertyBased
import Testing

@testable import TranscriptSearch

@Suite("SearchSession")
struct SearchSessionTests {
  let corpus = Corpus(
    ["Zephyr said hello", "no match", "a zephyr, another ZEPHYR", "straße and STRASSE"].enumerated()
      .map { TranscriptRow(start: Int64($0.offset), text: $0.element) })

  func fresh(_ corpus: Corpus, _ keyword: String) -> MatchIndex {
    MatchIndex(
      matches: FoldedCorpus(corpus).matches(of: FoldedKeyword(keyword), inRows: 0..<corpus.count),
      rowCount: corpus.count)
  }

  @Test func typingNarrowsBackspacingUsesTheCache() {
    var session = SearchSession(corpus: corpus, viewport: 0..<4)
    #expect(session.setKeyword("z") == .full)
    #expect(session.setKeyword("ze") == .narrowed)
    #expect(session.setKeyword("zep") == .narrowed)
    #expect(session.navigation.index == fresh(corpus, "zep"))
    #expect(session.setKeyword("ze") == .cached)
    #expect(session.navigation.index == fresh(corpus, "ze"))
    #expect(session.setKeyword("zex") == .full)  // its occurrences came from the cache
    #expect(session.setKeyword("") == .none)
    #expect(session.status == .idle)
  }

  @Test func growingAcrossAFoldingExpansionStaysCorrect() {
    // "s" never matches half of ß, yet "ss" matches all of it.
    let corpus = Corpus([TranscriptRow(start: 0, text: "ß s ss")])
    var session = SearchSession(corpus: corpus)
    session.setKeyword("s")
    #expect(session.navigation.index.count == 3)
    session.setKeyword("ss")
    #expect(session.navigation.index == fresh(corpus, "ss"))
    #expect(session.navigation.index.count == 2)
  }

  @Test func keepsTheCurrentMatchWhileTyping() {
    var session = SearchSession(corpus: corpus, viewport: 0..<4)
    session.setKeyword("zep")
    session.select(position: 2)  // ZEPHYR in row 2
    session.setKeyword("zephyr")
    #expect(session.navigation.currentMatch == Match(row: 2, start: 18, end: 24))
    #expect(session.status.description == "3 of 3")
  }

  @Test func editingARowUpdatesItsMatchesAndKeepsTheCurrentOne() throws {
    var session = SearchSession(corpus: corpus, viewport: 0..<4)
    session.setKeyword("zephyr")
    session.select(position: 2)
    try session.replaceText(ofRow: 0, with: "zephyr zephyr zephyr")
    #expect(session.navigation.index == fresh(session.corpus, "zephyr"))
    #expect(session.navigation.currentMatch == Match(row: 2, start: 18, end: 24))
    #expect(session.navigation.current == 4)
    try session.replaceText(ofRow: 2, with: "only ZEPHYR now")
    #expect(session.navigation.currentMatch == Match(row: 2, start: 5, end: 11))
  }

  @Test func editingARowThatDoesNotExistChangesNothing() {
    var session = SearchSession(corpus: corpus, viewport: 0..<4)
    session.setKeyword("zephyr")
    let before = session.navigation
    #expect(throws: CorpusError.rowOutOfRange(row: 9, count: 4)) {
      try session.replaceText(ofRow: 9, with: "x")
    }
    #expect(session.navigation == before)
    #expect(session.corpus == corpus)
  }

  @Test func appendedRowsAreSearchedAndTheCurrentMatchStays() {
    var session = SearchSession(corpus: corpus, viewport: 0..<4)
    session.setKeyword("zephyr")
    session.select(position: 1)
    session.append([
      TranscriptRow(start: 9, text: "live: zephyr"), TranscriptRow(start: 10, text: "…"),
    ])
    #expect(session.navigation.index == fresh(session.corpus, "zephyr"))
    #expect(session.navigation.current == 1)
    #expect(session.navigation.index.count == 4)
  }

  /// Random sequences of typing, backspacing, edits and appends end with the same index
  /// as a fresh search of the final corpus.
  @Test func everyIncrementalPathEqualsAFullRebuild() async {
    let steps = Gen<Int>.int(in: 0...9).array(of: 1...24)
    await propertyCheck(count: 200, input: TrickyText.strings(upTo: 10).array(of: 1...6), steps) {
      rows, steps in
      var session = SearchSession(corpus: Corpus(rows.map { TranscriptRow(start: 0, text: $0) }))
      var keyword = ""
      let alphabet = ["s", "S", "ß", "e", "\u{301}", "é", "a", "👍", "🏽", "한", "ς", " "]
      for (index, step) in steps.enumerated() {
        switch step {
        case 0...4: keyword += alphabet[(index * 5 + step) % alphabet.count]
        case 5, 6: if !keyword.isEmpty { keyword.removeLast() }
        case 7:
          let row = index % session.corpus.count
          try? session.replaceText(ofRow: row, with: rows[(index + 1) % rows.count] + keyword)
        default:
          session.append([TranscriptRow(start: 0, text: keyword + rows[index % rows.count])])
        }
        // Edits and appends update the index of the keyword already set.
        #expect(session.navigation.index == fresh(session.corpus, session.keyword))
        session.setKeyword(keyword)
        let expected = fresh(session.corpus, keyword)
        #expect(
          session.navigation.index == expected, "\(keyword.debugDescription) after step \(index)")
        if let current = session.navigation.current { #expect(current < expected.count) }
      }
    }
  }
}
