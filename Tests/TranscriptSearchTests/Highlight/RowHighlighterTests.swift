import Foundation
import SearchStrategies
import Testing

@testable import TranscriptSearch

@Suite("RowHighlighter")
struct RowHighlighterTests {
  /// For each highlighted run: its text and what it marks.
  func marked(_ row: HighlightedRow) -> [(text: String, highlight: MatchHighlight, link: URL?)] {
    row.text.runs.compactMap { run in
      guard let highlight = run[MatchHighlightAttribute.self] else { return nil }
      return (String(row.text[run.range].characters), highlight, run.link)
    }
  }

  @Test(arguments: [
    ("café", "a CAFÉ, a cafe\u{301} and a café!"),
    ("straße", "STRASSE — Straße — strasse"),
    ("👍", "👍🏽 👍 👨‍👩‍👧 👍"),
    ("量子", "量子计算和量子力学"),
    ("θάλασσα", "Η ΘΆΛΑΣΣΑ, η θάλασσα."),
    ("한", "한국 \u{1112}\u{1161}\u{11AB}"),
  ])
  func marksExactlyTheMatchedTextInEveryScript(_ keyword: String, _ text: String) async throws {
    var session = SearchSession(
      corpus: Corpus([TranscriptRow(start: 0, text: text)]), viewport: 0..<1)
    session.setKeyword(keyword)
    let rows = session.highlightedRows()
    try #require(rows.count == 1)
    let expected = try await OracleMatcher(corpus: session.corpus).matches(of: keyword)
    let runs = marked(rows[0])
    #expect(runs.count == expected.count)
    let utf8 = Array(text.utf8)
    for (run, match) in zip(runs, expected) {
      #expect(run.text == String(decoding: utf8[match.start..<match.end], as: UTF8.self))
    }
    #expect(String(rows[0].text.characters) == text)
    #expect(runs.map(\.highlight.position) == Array(rows[0].positions))
  }

  @Test func marksTheCurrentMatchAndLinksEachPosition() {
    let corpus = Corpus([
      TranscriptRow(start: 0, text: "zephyr one"), TranscriptRow(start: 1, text: "none"),
      TranscriptRow(start: 2, text: "Zephyr, ZEPHYR"),
    ])
    var session = SearchSession(corpus: corpus, viewport: 0..<3)
    session.setKeyword("zephyr")
    session.select(position: 2)
    let rows = session.highlightedRows()
    #expect(rows.map(\.row) == [0, 1, 2])
    let last = marked(rows[2])
    #expect(
      last.map(\.highlight) == [
        MatchHighlight(position: 1, isCurrent: false), MatchHighlight(position: 2, isCurrent: true),
      ])
    #expect(last.compactMap(\.link).compactMap(HighlightLink.position(from:)) == [1, 2])
    #expect(marked(rows[1]).isEmpty)
  }

  @Test func onlyTheViewportsRowsAreBuilt() {
    let corpus = Corpus(
      (0..<10_000).map { TranscriptRow(start: Int64($0), text: "row \($0) zephyr") })
    var session = SearchSession(corpus: corpus, viewport: 5_000..<5_040)
    session.setKeyword("zephyr")
    let rows = session.highlightedRows()
    #expect(rows.map(\.row) == Array(5_000..<5_040))
  }

  /// Rows highlighted with the texts kept from the last highlight are the rows built
  /// anew, through every change a session goes through: another keyword, the current
  /// match moved, the viewport scrolled, a visible row edited (its old text must not be
  /// reused), a row appended into view.
  @Test func keptTextsGiveTheRowsBuiltAnew() throws {
    let corpus = Corpus(
      (0..<200).map {
        TranscriptRow(start: Int64($0), text: "row \($0): zephyr, café 量子 \($0 % 7)")
      })
    var session = SearchSession(corpus: corpus, viewport: 50..<90)
    func expectSameAsBuiltAnew(_ step: String) {
      let kept = session.highlightedRows()
      let built = session.navigation.highlightedRows(in: session.corpus)
      #expect(kept.map(\.row) == built.map(\.row), "\(step)")
      #expect(kept.map(\.positions) == built.map(\.positions), "\(step)")
      #expect(kept.map(\.text) == built.map(\.text), "\(step)")
      #expect(session.visibleRowTexts.count == session.navigation.viewport.count, "\(step)")
    }
    session.setKeyword("zephyr")
    expectSameAsBuiltAnew("first keyword")
    expectSameAsBuiltAnew("again")
    session.setKeyword("CAFE", options: SearchOptions(ignoresDiacritics: true))
    expectSameAsBuiltAnew("another keyword")
    #expect(session.next() && session.next())
    expectSameAsBuiltAnew("current match moved")
    session.setViewport(70..<110)
    expectSameAsBuiltAnew("scrolled")
    try session.replaceText(ofRow: 80, with: "café, CAFÉ and cafe\u{301}")
    expectSameAsBuiltAnew("a visible row edited")
    #expect(String(session.highlightedRows()[10].text.characters) == "café, CAFÉ and cafe\u{301}")
    session.append([TranscriptRow(start: 300, text: "the last café")])
    session.setViewport(180..<201)
    expectSameAsBuiltAnew("a row appended into view")
  }

  @Test func linksThatAreNotPositionsAreRejected() throws {
    #expect(HighlightLink.position(from: HighlightLink.url(forPosition: 42)) == 42)
    #expect(HighlightLink.position(from: try #require(URL(string: "https://example.com"))) == nil)
    #expect(HighlightLink.position(from: try #require(URL(string: "goPosition://x"))) == nil)
  }
}
