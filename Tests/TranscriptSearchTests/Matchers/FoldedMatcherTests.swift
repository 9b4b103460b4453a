import PropertyBased
import SearchStrategies
import Testing

@testable import TranscriptSearch

@Suite("FoldedMatcher")
struct FoldedMatcherTests {
  @Test(arguments: ConformanceCase.all)
  func passesEveryConformanceCase(_ item: ConformanceCase) async throws {
    let corpus = Corpus([TranscriptRow(start: 0, text: item.text)])
    let matcher = FoldedMatcher(corpus: corpus)
    let options = item.searchOptions
    let form = matcher.forms.form(for: options)
    for kernel in ScanKernel.available {
      let got = form.matches(
        of: FoldedKeyword(item.keyword, options: options), inRows: 0..<1, kernel: kernel,
        originals: corpus)
      #expect(
        item.keyword.isEmpty ? true : got.map { [$0.start, $0.end] } == item.expected,
        "\(kernel)")
    }
    let got = try await matcher.matches(of: item.keyword, options: options)
    #expect(got.map { [$0.start, $0.end] } == item.expected)
  }

  /// Every case's text as one row of a single corpus, so rows of every kind (ASCII,
  /// complex, remapped) sit side by side in one buffer.
  @Test func agreesWithTheOracleOnAllCaseTextsAsOneCorpus() async throws {
    let corpus = Corpus(ConformanceCase.all.map { TranscriptRow(start: 0, text: $0.text) })
    let folded = FoldedMatcher(corpus: corpus)
    let rows = OracleAnswers.Rows(corpus)
    for keyword in Set(ConformanceCase.all.map(\.keyword)) where keyword.count < 100 {
      let expected = await OracleAnswers.shared.matches(of: keyword, in: rows)
      for kernel in ScanKernel.available {
        let got =
          keyword.isEmpty
          ? []
          : folded.folded.matches(
            of: FoldedKeyword(keyword), inRows: 0..<corpus.count, kernel: kernel)
        #expect(got == expected, "\(keyword.debugDescription) \(kernel)")
      }
    }
  }

  @Test func agreesWithTheOracleOnRandomText() async {
    await propertyCheck(
      count: 400, input: TrickyText.strings(upTo: 24).array(of: 1...4), TrickyText.keywords
    ) { rows, keyword in
      let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
      let expected = try? await OracleMatcher(corpus: corpus).matches(of: keyword)
      let folded = FoldedMatcher(corpus: corpus).folded
      for kernel in ScanKernel.available {
        let got = folded.matches(of: FoldedKeyword(keyword), inRows: 0..<rows.count, kernel: kernel)
        #expect(
          got == expected, "\(rows.debugDescription) \(keyword.debugDescription) \(kernel)")
      }
    }
  }

  @Test(arguments: ScanKernel.available)
  func findsMatchesAtEveryLaneOfAScan(_ kernel: ScanKernel) async throws {
    // Filler before and after a match moves it across every lane of two vectors of the
    // widest kernel (2 × 64), across the boundary between steps, and into the scalar tail.
    for before in 0..<140 {
      for after in [0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129] {
        let text =
          String(repeating: "x", count: before) + "STRASSE" + String(repeating: "y", count: after)
        let corpus = Corpus([TranscriptRow(start: 0, text: text)])
        let got = FoldedCorpus(corpus).matches(
          of: FoldedKeyword("straße"), inRows: 0..<1, kernel: kernel)
        #expect(got == [Match(row: 0, start: before, end: before + 7)], "\(before) \(after)")
      }
    }
  }

  @Test func searchesAnyRangeOfRows() throws {
    let rows = (0..<50).map { TranscriptRow(start: Int64($0), text: "row \($0): Zephyr zephyr") }
    let folded = FoldedCorpus(Corpus(rows))
    let all = folded.matches(of: FoldedKeyword("ZEPHYR"), inRows: 0..<50)
    #expect(all.count == 100)
    let middle = folded.matches(of: FoldedKeyword("ZEPHYR"), inRows: 10..<20)
    #expect(middle == all.filter { (10..<20).contains($0.row) })
    #expect(folded.matches(of: FoldedKeyword("ZEPHYR"), inRows: 5..<5).isEmpty)
  }

  /// A key of one scalar gets room for its rarest byte's share of the corpus; these rows
  /// hold every one of its bytes, twice their share, so the matches past the room must
  /// follow those in it, in order.
  @Test(arguments: ScanKernel.available)
  func matchesPastTheRoomOfAScalarFollowInOrder(_ kernel: ScanKernel) async throws {
    let rows = (0..<4_000).map {
      TranscriptRow(start: 0, text: $0 < 2_000 ? "row \($0) of filler text" : "\($0) a ába aa A")
    }
    let corpus = Corpus(rows)
    let folded = FoldedCorpus(corpus, segmentBytes: 4_096)
    let got = folded.matches(of: FoldedKeyword("a"), inRows: 2_000..<4_000, kernel: kernel)
    let expected = try await OracleMatcher(corpus: corpus).matches(of: "a")
    #expect(expected.count == 10_000)
    #expect(got == expected)
  }

  /// Another key gets room for the rate of its first segment; here the rows after it
  /// hold five times as many matches a byte.
  @Test(arguments: ScanKernel.available)
  func matchesPastTheRoomOfTheFirstSegmentsRateFollowInOrder(_ kernel: ScanKernel) async throws {
    let rows = (0..<3_000).map {
      TranscriptRow(
        start: 0,
        text: $0 < 400
          ? "\($0) Zephyr, then filler of thirty bytes" : "\($0) zephyr zéphyr ZEPHYR zephyrzephyr")
    }
    let corpus = Corpus(rows)
    let folded = FoldedCorpus(corpus, segmentBytes: 16_384)
    let got = folded.matches(of: FoldedKeyword("zephyr"), inRows: 0..<3_000, kernel: kernel)
    let expected = try await OracleMatcher(corpus: corpus).matches(of: "zephyr")
    #expect(expected.count == 400 + 2_600 * 4)
    #expect(got == expected)
  }

  @Test func millionsOfMatchesStayCompact() {
    let text = String(repeating: "a", count: 200_000)
    let folded = FoldedCorpus(Corpus((0..<10).map { _ in TranscriptRow(start: 0, text: text) }))
    let matches = folded.matches(of: FoldedKeyword("a"), inRows: 0..<10)
    #expect(matches.count == 2_000_000)
    #expect(MemoryLayout<Match>.stride == 12)
    #expect(matches.last == Match(row: 9, start: 199_999, end: 200_000))
  }

  @Test(arguments: ["", " ", "   ", ".*", "(", "\\", "\u{301}", "\u{FFFD}"])
  func oddKeywordsGiveTheContractsAnswer(_ keyword: String) async throws {
    let corpus = Corpus([
      TranscriptRow(start: 0, text: "a b  c   .* ( \\ e\u{301} \u{301} \u{FFFD}"),
      TranscriptRow(start: 1, text: "\u{301}x"),
    ])
    #expect(
      try await FoldedMatcher(corpus: corpus).matches(of: keyword)
        == OracleMatcher(corpus: corpus).matches(of: keyword))
  }

  @Test func aKeywordLongerThanEveryRowHasNoMatch() async throws {
    let corpus = Corpus([TranscriptRow(start: 0, text: "short")])
    let keyword = String(repeating: "short", count: 2_000)
    #expect(try await FoldedMatcher(corpus: corpus).matches(of: keyword).isEmpty)
  }
}

@Suite("FoldedMatcher with find options")
struct FoldedMatcherOptionsTests {
  /// Every case text as a row of one corpus, every keyword of the cases, under every
  /// combination of options, with every kernel: folded and chunked give the oracle's
  /// answer.
  @Test(arguments: SearchOptions.allCombinations)
  func agreesWithTheOracleOnAllCaseTexts(_ options: SearchOptions) async throws {
    let corpus = Corpus(ConformanceCase.all.map { TranscriptRow(start: 0, text: $0.text) })
    let folded = FoldedMatcher(corpus: corpus)
    let chunked = ChunkedMatcher(
      corpus: corpus, folded: FoldedCorpus(corpus, segmentBytes: 64), chunkBytes: 128)
    let rows = OracleAnswers.Rows(corpus)
    for keyword in Set(ConformanceCase.all.map(\.keyword)) where keyword.count < 100 {
      let expected = await OracleAnswers.shared.matches(of: keyword, options: options, in: rows)
      #expect(try await folded.matches(of: keyword, options: options) == expected)
      #expect(try await chunked.matches(of: keyword, options: options) == expected)
    }
  }

  /// Random multi-script text (marks, apostrophes, digits, emoji, CJK, Thai) under every
  /// combination of options, every kernel, tiny segments.
  @Test(arguments: SearchOptions.allCombinations)
  func agreesWithTheOracleOnRandomText(_ options: SearchOptions) async {
    await propertyCheck(
      count: 150, input: TrickyText.strings(upTo: 20).array(of: 1...4), TrickyText.keywords
    ) { rows, keyword in
      let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
      let expected = try? await OracleMatcher(corpus: corpus).matches(of: keyword, options: options)
      let folded = FoldedCorpus(
        corpus, segmentBytes: 32, ignoringDiacritics: options.ignoresDiacritics)
      for kernel in ScanKernel.available {
        let got = folded.matches(
          of: FoldedKeyword(keyword, options: options), inRows: 0..<rows.count, kernel: kernel,
          originals: corpus)
        #expect(
          got == expected,
          "\(rows.debugDescription) \(keyword.debugDescription) \(options) \(kernel)")
      }
      let chunked = ChunkedMatcher(
        corpus: corpus, folded: FoldedCorpus(corpus, segmentBytes: 16), chunkBytes: 16)
      let byChunk = try? await chunked.matches(of: keyword, options: options)
      #expect(byChunk == expected, "chunked \(rows.debugDescription) \(keyword.debugDescription)")
    }
  }

  @Test func wholeWordsDoNotLightUpInsideWords() async throws {
    let corpus = Corpus([
      TranscriptRow(start: 0, text: "Ana ate a banana with ana."),
      TranscriptRow(start: 1, text: "Anastasia"),
    ])
    let matches = try await FoldedMatcher(corpus: corpus).matches(
      of: "ana", options: SearchOptions(wordMatch: .whole))
    #expect(matches == [Match(row: 0, start: 0, end: 3), Match(row: 0, start: 22, end: 25)])
  }

  @Test func theFormWithoutDiacriticsIsBuiltOnFirstUseOnly() async throws {
    let corpus = Corpus([TranscriptRow(start: 0, text: "Résumé, resume")])
    let matcher = FoldedMatcher(corpus: corpus)
    _ = try await matcher.matches(of: "resume")
    #expect(matcher.forms.builtFormWithoutDiacritics == nil)
    let found = try await matcher.matches(
      of: "resume", options: SearchOptions(ignoresDiacritics: true))
    #expect(found.count == 2)
    #expect(matcher.forms.builtFormWithoutDiacritics?.retainedBytes ?? 0 > 0)
  }

  /// The bad input the issue lists, each with its documented result.
  @Test func oddKeywordsUnderOptionsGiveTheContractsAnswer() async throws {
    let corpus = Corpus([
      TranscriptRow(start: 0, text: "e\u{301} \u{301} , ; ice cream, nice creamy ice cream"),
      TranscriptRow(start: 1, text: "\u{301}"),
    ])
    let matcher = FoldedMatcher(corpus: corpus)
    let oracle = OracleMatcher(corpus: corpus)
    let diacritics = SearchOptions(ignoresDiacritics: true)
    // Only a combining mark, diacritics ignored: an empty key, no matches.
    #expect(try await matcher.matches(of: "\u{301}", options: diacritics).isEmpty)
    #expect(try await oracle.matches(of: "\u{301}", options: diacritics).isEmpty)
    let whole = SearchOptions(wordMatch: .whole)
    for keyword in [",", ";", "ice cream", " "] {
      #expect(
        try await matcher.matches(of: keyword, options: whole)
          == oracle.matches(of: keyword, options: whole), "\(keyword)")
    }
    #expect(try await matcher.matches(of: "ice cream", options: whole).count == 2)
  }
}

extension FoldedMatcherOptionsTests {
  /// Rows where a character's key has another word break property than the character
  /// (U+0345 folds to ι; Ⓜ, pictographic, to ⓜ, which is not): word boundaries there
  /// come from the original text.
  @Test(arguments: SearchOptions.allCombinations)
  func wordBoundariesFollowTheOriginalWhereFoldingChangesThem(_ options: SearchOptions) async throws
  {
    let corpus = Corpus(
      ["\u{345}x \u{345}", "\u{200D}Ⓜ ⓜ", "a\u{200D}Ⓜb", "ιx"].map {
        TranscriptRow(start: 0, text: $0)
      })
    let folded = FoldedMatcher(corpus: corpus)
    let oracle = OracleMatcher(corpus: corpus)
    for keyword in ["ι", "ιx", "x", "ⓜ", "Ⓜ", "\u{200D}Ⓜ", "b"] {
      #expect(
        try await folded.matches(of: keyword, options: options)
          == oracle.matches(of: keyword, options: options), "\(keyword.debugDescription)")
    }
  }
}
