import SearchStrategies
import Testing

@testable import TranscriptSearch

@Suite("OracleMatcher")
struct OracleMatcherTests {
  /// The hand-written answers and the plain reading of the contract agree.
  @Test(arguments: ConformanceCase.all)
  func agreesWithEveryHandWrittenCase(_ item: ConformanceCase) {
    let got = OracleMatcher.matchRanges(
      of: item.keyword, in: item.text, options: item.searchOptions)
    #expect(got.map { [$0.lowerBound, $0.upperBound] } == item.expected)
  }

  @Test func suiteIsLargeAndCoversEveryFamily() {
    #expect(ConformanceCase.all.count >= 120)
    let families = Set(ConformanceCase.all.map(\.family))
    for family in [
      "ascii", "expansion", "sigma", "canonical", "hangul", "astral", "marks", "emoji", "crlf",
      "overlap", "meta", "whitespace", "long", "caseless", "word-whole", "word-start",
      "word-end", "diacritics", "word-and-diacritics",
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

@Suite("Stock engines with find options")
struct StockEngineOptionsTests {
  @Test func optionsAStrategyDoesNotOfferAreRefusedByName() async {
    let corpus = Corpus([TranscriptRow(start: 0, text: "résumé")])
    let diacritics = SearchOptions(ignoresDiacritics: true)
    await #expect(throws: OptionsNotOfferedError(matcher: "regex", options: diacritics)) {
      try await RegexMatcher(corpus: corpus).matches(of: "resume", options: diacritics)
    }
    await #expect(throws: OptionsNotOfferedError.self) {
      try await FoundationMatcher(corpus: corpus).matches(
        of: "resume", options: SearchOptions(wordMatch: .whole))
    }
    #expect(NSRegexMatcher.offers(SearchOptions(wordMatch: .start)))
    #expect(!NSRegexMatcher.offers(diacritics))
    #expect(FoundationMatcher.offers(diacritics))
  }

  @Test func stockEnginesApplyTheOptionsTheyOffer() async throws {
    let corpus = Corpus([TranscriptRow(start: 0, text: "Ana banana ana résumé")])
    let whole = SearchOptions(wordMatch: .whole)
    let expected = [Match(row: 0, start: 0, end: 3), Match(row: 0, start: 11, end: 14)]
    #expect(try await RegexMatcher(corpus: corpus).matches(of: "ana", options: whole) == expected)
    #expect(try await NSRegexMatcher(corpus: corpus).matches(of: "ana", options: whole) == expected)
    let found = try await FoundationMatcher(corpus: corpus).matches(
      of: "resume", options: SearchOptions(ignoresDiacritics: true))
    #expect(found == [Match(row: 0, start: 15, end: 23)])
  }
}

extension OracleMatcherTests {
  /// The tests' cache of the oracle's answers (rows split once, each question answered
  /// once) answers as the oracle itself does, under every combination of options.
  @Test(arguments: SearchOptions.allCombinations)
  func cachedAnswersAreTheOraclesAnswers(_ options: SearchOptions) async throws {
    let corpus = Corpus(
      ConformanceCase.all.prefix(60).map { TranscriptRow(start: 0, text: $0.text) })
    let rows = OracleAnswers.Rows(corpus)
    let oracle = OracleMatcher(corpus: corpus)
    for keyword in ["a", "ss", "e\u{301}", "\u{301}", "ﬁ", "Σ", "中", " ", ""] {
      let cached = await OracleAnswers.shared.matches(of: keyword, options: options, in: rows)
      #expect(
        try await cached == oracle.matches(of: keyword, options: options),
        "\(keyword.debugDescription) \(options)")
    }
  }
}
