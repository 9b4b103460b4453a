import Foundation
import Testing
import TranscriptSearch

@testable import ExternalEngines

@Suite("FTS5Matcher")
struct FTS5MatcherTests {
  private func matches(_ keyword: String, in rows: [String]) async throws -> [[Int]] {
    let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
    return try await FTS5Matcher(corpus: corpus).matches(of: keyword).map {
      [$0.row, $0.start, $0.end]
    }
  }

  @Test func findsEveryPlaceInEveryRowFromTheIndex() async throws {
    #expect(
      try await matches("zephyr", in: ["a Zephyr, a ZEPHYR", "none", "zephyrzephyr"]) == [
        [0, 2, 8], [0, 12, 18], [2, 0, 6], [2, 6, 12],
      ])
    // UTF-8 offsets, and the tokenizer's one-code-point folding of other scripts.
    #expect(try await matches("école", in: ["ÉCOLE et école"]) == [[0, 0, 6], [0, 10, 16]])
  }

  @Test func overlappingInstancesGiveTheLeftmostThatDoNotOverlap() async throws {
    #expect(try await matches("aaa", in: ["aaaa aaaaaa"]) == [[0, 0, 3], [0, 5, 8], [0, 8, 11]])
  }

  /// FTS5's query syntax is never parsed: each of its characters and words is searched
  /// as text (a bare `"`, `NEAR`, `OR` or `:` would be a syntax error or a different query).
  @Test(arguments: [
    ("\"", "say \"hi\"", [[0, 4, 5], [0, 7, 8]]),
    ("\"red fox\"", "a \"Red Fox\", a red fox", [[0, 2, 11]]),
    ("zeph*", "zephyr ZEPH*", [[0, 7, 12]]),
    ("NEAR(a b)", "near(A B) a b", [[0, 0, 9]]),
    ("cats OR dogs", "Cats or Dogs, cats, dogs", [[0, 0, 12]]),
    ("-spam", "no-SPAM spam", [[0, 2, 7]]),
    ("^start", "^Start start", [[0, 0, 6]]),
    ("text:hello", "Text:Hello hello", [[0, 0, 10]]),
  ])
  func queryCharactersAreText(_ keyword: String, _ row: String, _ expected: [[Int]]) async throws {
    #expect(try await matches(keyword, in: [row]) == expected)
  }

  /// One or two characters cannot use the trigram index: SQLite's LIKE finds the rows,
  /// ignoring the case of ASCII letters only, and `%`, `_` and `\` are not wildcards.
  @Test func shortKeywordsGoThroughLike() async throws {
    #expect(!FTS5Index.usesIndex("ab") && FTS5Index.usesIndex("abc"))
    #expect(
      try await matches("Ab", in: ["xaby AB", "none", "ab"]) == [
        [0, 1, 3], [0, 5, 7], [2, 0, 2],
      ])
    #expect(try await matches("é", in: ["É é"]) == [[0, 3, 5]])
    #expect(try await matches("%", in: ["100% sure", "no"]) == [[0, 3, 4]])
    #expect(try await matches("_", in: ["a_b", "ab"]) == [[0, 1, 2]])
    #expect(try await matches("\\", in: ["a\\b", "ab"]) == [[0, 1, 2]])
  }

  /// Rows with NUL and with replacement characters (where an importer met invalid UTF-8)
  /// are stored whole, but SQLite reads a row's text up to its first NUL: what follows it
  /// is never found. A keyword holding NUL cannot be written as a query: an error says so.
  @Test func rowsWithNulAndReplacementCharacters() async throws {
    let rows = ["before\u{0}after", "\u{FFFD}after"]
    #expect(try await matches("after", in: rows) == [[1, 3, 8]])
    #expect(try await matches("before", in: rows) == [[0, 0, 6]])
    await #expect(throws: FTS5Error.self) { try await matches("a\u{0}b", in: ["xa\u{0}bx"]) }
  }

  @Test func anEmptyCorpusAndAnEmptyKeywordHaveNoMatches() async throws {
    #expect(try await matches("zephyr", in: []).isEmpty)
    #expect(try await matches("", in: ["zephyr"]).isEmpty)
  }

  /// The costs an index has and a scan does not: an edit and an append change what is
  /// found; a saved copy opens and answers the same.
  @Test func editsAppendsAndASavedCopy() throws {
    let index = try FTS5Index(Corpus([TranscriptRow(start: 0, text: "one zephyr")]))
    #expect(try index.places(of: "zephyr").map(\.row) == [0])
    try index.replaceText(ofRow: 0, with: "none here")
    #expect(try index.places(of: "zephyr").isEmpty)
    try index.append("zephyr again", asRow: 1)
    #expect(try index.places(of: "zephyr").map(\.row) == [1])
    #expect(index.byteCount > 0)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tsb-fts5-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("index.sqlite").path
    try index.save(to: path)
    let reopened = try FTS5Index(opening: path)
    #expect(try reopened.places(of: "zephyr").map(\.row) == [1])
    #expect(throws: FTS5Error.self) { try index.save(to: path) }
  }

  @Test func agreesWithTheContractOnCaseOnlyASCII() async {
    await expectAgreementWithTheOracleOnCaseOnlyASCII(FTS5Matcher.self)
  }

  @Test func offersNoFindOptions() {
    #expect(FTS5Matcher.offers(.default))
    #expect(!FTS5Matcher.offers(SearchOptions(wordMatch: .whole)))
    #expect(!FTS5Matcher.offers(SearchOptions(ignoresDiacritics: true)))
  }
}
