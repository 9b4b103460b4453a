import Testing
import TranscriptSearch

@testable import ExternalEngines

@Suite("ICUSearchMatcher")
struct ICUSearchMatcherTests {
  private func matches(_ keyword: String, in rows: [String]) async throws -> [[Int]] {
    let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
    return try await ICUSearchMatcher(corpus: corpus).matches(of: keyword).map {
      [$0.row, $0.start, $0.end]
    }
  }

  @Test func ignoresCaseButNotAccents() async throws {
    #expect(try await matches("été", in: ["ÉTÉ ete été"]) == [[0, 0, 5], [0, 10, 15]])
  }

  @Test func knowsCanonicalEquivalence() async throws {
    // "é" precomposed finds "e" + U+0301 (3 UTF-8 bytes), and the other way round.
    #expect(try await matches("\u{E9}", in: ["e\u{301}!"]) == [[0, 0, 3]])
    #expect(try await matches("e\u{301}", in: ["\u{E9}!"]) == [[0, 0, 2]])
  }

  @Test func findsAKeywordLongerThanAnyBuffer() async throws {
    // ICU keeps a pointer to the pattern: it must outlive the search (a release build
    // once freed it early, and long keywords stopped matching).
    let keyword = String(repeating: "long keyword, ", count: 40)
    let text = "a \(keyword.uppercased()) b"
    #expect(try await matches(keyword, in: [text]) == [[0, 2, 2 + keyword.utf8.count]])
  }

  @Test func offsetsAreUTF8PastAstralCharacters() async throws {
    // 𝐀 is two UTF-16 units and four UTF-8 bytes; ICU reports UTF-16 offsets.
    #expect(try await matches("x", in: ["\u{1D400}x", "", "日本x"]) == [[0, 4, 5], [2, 6, 7]])
  }

  @Test func agreesWithTheContractOnCaseOnlyASCII() async {
    await expectAgreementWithTheOracleOnCaseOnlyASCII(ICUSearchMatcher.self)
  }

  @Test func reportsTheSystemICUVersion() {
    #expect(ICUSearchMatcher.version.hasPrefix("ICU "))
    #expect(ICUSearchMatcher.version.count > 4)
  }
}
