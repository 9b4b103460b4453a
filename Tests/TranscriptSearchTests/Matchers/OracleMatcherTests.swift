import Testing

@testable import TranscriptSearch

@Suite("OracleMatcher")
struct OracleMatcherTests {
  /// The hand-written answers and the plain reading of the contract agree.
  @Test(arguments: ConformanceCase.all)
  func agreesWithEveryHandWrittenCase(_ item: ConformanceCase) {
    let got = OracleMatcher.matchRanges(of: item.keyword, in: item.text)
    #expect(got.map { [$0.lowerBound, $0.upperBound] } == item.expected)
  }

  @Test func suiteIsLargeAndCoversEveryFamily() {
    #expect(ConformanceCase.all.count >= 120)
    let families = Set(ConformanceCase.all.map(\.family))
    for family in [
      "ascii", "expansion", "sigma", "canonical", "hangul", "astral", "marks", "emoji", "crlf",
      "overlap", "meta", "whitespace", "long", "caseless",
    ] {
      #expect(families.contains(family), "\(family)")
    }
  }

  @Test func reportsMatchesWithTheirRows() async throws {
    let corpus = Corpus([
      TranscriptRow(start: 0, text: "STRASSE"), TranscriptRow(start: 1, text: "none"),
      TranscriptRow(start: 2, text: "a straße, Straße"),
    ])
    let matches = try await OracleMatcher(corpus: corpus).matches(of: "strasse")
    #expect(
      matches == [
        Match(row: 0, start: 0, end: 7), Match(row: 2, start: 2, end: 9),
        Match(row: 2, start: 11, end: 18),
      ])
  }
}
