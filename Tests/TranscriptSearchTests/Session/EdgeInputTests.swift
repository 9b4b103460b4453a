import SearchStrategies
import Testing

@testable import TranscriptSearch

/// What the public entry points do with an empty corpus, an empty keyword, a keyword of
/// marks only and rows that do not exist, as their documentation says.
@Suite("Edge input at the public entry points")
struct EdgeInputTests {
  static let rows = [
    TranscriptRow(start: 0, text: "café au lait"),
    TranscriptRow(start: 1, text: "cafe\u{301} noir"),
  ]
  /// Marks only: with diacritics ignored its key is empty.
  static let marksOnly = "\u{301}\u{308}"

  @Test func anEmptyCorpusHasNoMatchesAndAClampedViewport() async throws {
    var session = SearchSession(corpus: Corpus([]), viewport: 0..<40)
    #expect(session.navigation.viewport == 0..<0)
    session.setKeyword("café")
    #expect(session.status == .noResults)
    #expect(session.highlightedRows().isEmpty)
    let steps = [session.next(), session.previous()]
    #expect(steps == [false, false])
    #expect(try await FoldedMatcher(corpus: Corpus([])).matches(of: "café").isEmpty)
    #expect(try await ChunkedMatcher(corpus: Corpus([])).matches(of: "café").isEmpty)
  }

  @Test func anEmptyKeywordHasNoMatches() async throws {
    var session = SearchSession(corpus: Corpus(Self.rows), viewport: 0..<2)
    session.setKeyword("café")
    #expect(session.status == .matches(current: 0, total: 2))
    session.setKeyword("")
    #expect(session.status == .idle)
    #expect(session.navigation.index.count == 0)
    #expect(session.visibleMatches(of: "").isEmpty)
    let corpus = Corpus(Self.rows)
    #expect(try await FoldedMatcher(corpus: corpus).matches(of: "").isEmpty)
    #expect(try await ChunkedMatcher(corpus: corpus).matches(of: "").isEmpty)
    #expect(OracleMatcher.matchRanges(of: "", in: "café", options: .default).isEmpty)
  }

  @Test func aKeywordOfMarksOnlyHasNoMatchesWhenDiacriticsAreIgnored() async throws {
    let ignoring = SearchOptions(ignoresDiacritics: true)
    var session = SearchSession(corpus: Corpus(Self.rows), viewport: 0..<2)
    session.setKeyword(Self.marksOnly, options: ignoring)
    #expect(session.status == .noResults)
    let corpus = Corpus(Self.rows)
    #expect(
      try await FoldedMatcher(corpus: corpus).matches(of: Self.marksOnly, options: ignoring).isEmpty
    )
    #expect(
      try await ChunkedMatcher(corpus: corpus).matches(of: Self.marksOnly, options: ignoring)
        .isEmpty)
    #expect(
      OracleMatcher.matchRanges(of: Self.marksOnly, in: "cafe\u{301}", options: ignoring).isEmpty)
    // With diacritics significant, a lone mark is not a whole character of these rows.
    session.setKeyword("\u{301}", options: .default)
    #expect(session.status == .noResults)
  }

  @Test func rowsThatDoNotExistAreRefusedAndChangeNothing() throws {
    var session = SearchSession(corpus: Corpus(Self.rows), viewport: 0..<2)
    session.setKeyword("café")
    let before = session.status
    #expect(throws: CorpusError.rowOutOfRange(row: 2, count: 2)) {
      try session.replaceText(ofRow: 2, with: "x")
    }
    #expect(throws: CorpusError.rowOutOfRange(row: -1, count: 2)) {
      try session.replaceText(ofRow: -1, with: "x")
    }
    #expect(session.corpus.count == 2 && session.status == before)
    let selections = [
      session.select(row: 5, offset: 0), session.select(row: -1, offset: 0),
      session.select(position: 2), session.select(position: -1),
    ]
    #expect(selections == [false, false, false, false])
    #expect(session.status == before)
    session.setViewport(10..<50)
    #expect(session.navigation.viewport.upperBound <= 2)
    #expect(session.highlightedRows().allSatisfy { $0.row < 2 })
  }

  @Test func aTokenQueryOfEmptyTokensHasNoMatches() {
    var session = SearchSession(corpus: Corpus(Self.rows), viewport: 0..<2)
    let query = TokenQuery(tokens: ["", ""])
    #expect(query.tokens.isEmpty)
    session.setQuery(query)
    #expect(session.navigation.index.count == 0)
  }

  /// The match index answers for rows that do not exist as its documentation says: no
  /// positions, no match at or after them, none covering an offset in them.
  @Test func theMatchIndexAnswersForRowsThatDoNotExist() {
    let index = MatchIndex(
      matches: [Match(row: 0, start: 0, end: 4), Match(row: 1, start: 5, end: 9)], rowCount: 2)
    #expect(index.positions(inRow: 2).isEmpty && index.positions(inRow: -1).isEmpty)
    #expect(index.position(atOrAfterRow: 2, offset: 0) == nil)
    #expect(index.position(atOrAfterRow: -1, offset: 0) == 0)
    #expect(index.position(containingRow: 7, offset: 0) == nil)
    #expect(MatchIndex().count == 0 && MatchIndex().positions(inRow: 0).isEmpty)
  }
}
