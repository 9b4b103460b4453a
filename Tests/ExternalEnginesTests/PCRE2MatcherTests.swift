import Testing
import TranscriptSearch

@testable import ExternalEngines

@Suite("PCRE2Matcher")
struct PCRE2MatcherTests {
  private func matches(_ keyword: String, in rows: [String]) async throws -> [[Int]] {
    let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
    return try await PCRE2Matcher(corpus: corpus).matches(of: keyword).map {
      [$0.row, $0.start, $0.end]
    }
  }

  @Test func foldsCaseOneCodePointAtATime() async throws {
    // PCRE2's caseless matching: K, k and the Kelvin sign are one case set; ß has no
    // one-code-point partner in "ss".
    #expect(try await matches("k", in: ["K k \u{212A}"]) == [[0, 0, 1], [0, 2, 3], [0, 4, 7]])
    #expect(try await matches("ss", in: ["straße STRASSE"]) == [[0, 12, 14]])
    #expect(try await matches("ΣΑΣ", in: ["σας"]) == [[0, 0, 6]])
  }

  @Test func metacharactersAreLiteral() async throws {
    #expect(try await matches("a.b(", in: ["axb( a.b("]) == [[0, 5, 9]])
  }

  @Test func aMatchNeverSpansTwoRows() async throws {
    // The rows are searched as one buffer: "ab" + "c" meet there, but no row holds "abc".
    #expect(
      try await matches("abc", in: ["zzab", "c abc", "", "ab", "cabc"]) == [
        [1, 2, 5], [4, 1, 4],
      ])
  }

  @Test func agreesWithTheContractOnCaseOnlyASCII() async {
    await expectAgreementWithTheOracleOnCaseOnlyASCII(PCRE2Matcher.self)
  }

  @Test func offersNoFindOptions() {
    #expect(PCRE2Matcher.offers(.default))
    #expect(!PCRE2Matcher.offers(SearchOptions(wordMatch: .whole)))
    #expect(!PCRE2Matcher.offers(SearchOptions(ignoresDiacritics: true)))
  }
}
