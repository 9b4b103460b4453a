import PropertyBased
import SearchStrategies
import Testing

@testable import TranscriptSearch

@Suite("FoldedCorpus")
struct FoldedCorpusTests {
  /// Every keyword of the conformance cases, searched in the folded corpus `folded`,
  /// gives the oracle's matches over `corpus`.
  func expectAgreesWithOracle(
    _ folded: FoldedCorpus, _ corpus: Corpus, keywords: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let rows = OracleAnswers.Rows(corpus)
    for keyword in keywords {
      let expected = await OracleAnswers.shared.matches(of: keyword, in: rows)
      let got = folded.matches(of: FoldedKeyword(keyword), inRows: 0..<folded.rowCount)
      #expect(got == expected, "\(keyword.debugDescription)", sourceLocation: sourceLocation)
    }
  }

  /// Folds `corpus` with every vector fold kernel the CPU runs and expects each fold to
  /// be the portable one's: its segments, histogram, and each segment's bytes and tables.
  /// Returns each kernel's fold.
  @discardableResult
  func expectEveryKernelFoldsAsThePortableOne(
    _ corpus: Corpus, segmentBytes: Int = FoldedCorpus.defaultSegmentBytes,
    ignoringDiacritics: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [(PlainScanKernel, FoldedCorpus)] {
    let portable = FoldedCorpus(
      corpus, segmentBytes: segmentBytes, ignoringDiacritics: ignoringDiacritics,
      kernel: .portable)
    return PlainScanKernel.available.filter { $0 != .portable }.map { kernel in
      let folded = FoldedCorpus(
        corpus, segmentBytes: segmentBytes, ignoringDiacritics: ignoringDiacritics,
        kernel: kernel)
      #expect(
        folded.segmentCount == portable.segmentCount, "\(kernel)", sourceLocation: sourceLocation)
      #expect(folded.byteCounts == portable.byteCounts, "\(kernel)", sourceLocation: sourceLocation)
      for (got, expected) in zip(folded.segments, portable.segments) {
        #expect(got.bytes == expected.bytes, "\(kernel)", sourceLocation: sourceLocation)
        #expect(got.rowStarts == expected.rowStarts, "\(kernel)", sourceLocation: sourceLocation)
        #expect(got.rowFlags == expected.rowFlags, "\(kernel)", sourceLocation: sourceLocation)
        #expect(
          got.nonBoundaryBits == expected.nonBoundaryBits, "\(kernel)",
          sourceLocation: sourceLocation)
        #expect(
          got.remapPoints == expected.remapPoints, "\(kernel)", sourceLocation: sourceLocation)
        #expect(
          got.nonASCIIInsideCharacters == expected.nonASCIIInsideCharacters, "\(kernel)",
          sourceLocation: sourceLocation)
        #expect(
          got.complexRows == expected.complexRows
            && got.complexRowWords == expected.complexRowWords, "\(kernel)",
          sourceLocation: sourceLocation)
        #expect(
          got.remappedRows == expected.remappedRows && got.remapStarts == expected.remapStarts
            && got.asciiInsideAfter == expected.asciiInsideAfter, "\(kernel)",
          sourceLocation: sourceLocation)
      }
      return (kernel, folded)
    }
  }

  /// Every fold kernel the CPU runs folds rows to the same segments as the portable
  /// Swift loop: bytes, rows, boundary tables and offset maps; long enough for the cache
  /// to learn whole blocks, with rows of Thai and Indic letters and marks (which the
  /// AVX-512 kernel writes without a look up) beside the conformance cases. The
  /// matches of the automatic kernel's fold are the oracle's.
  @Test func everyFoldKernelFoldsAsThePortableOneDoes() async throws {
    let texts =
      ConformanceCase.all.map(\.text) + [
        "กำลังจะไปที่นั่น น้ำใจ ก\u{E38}\u{E48}ข ก\u{E48}\u{E38}ข เด็กๆ ที่ร้าน",
        "क्षत्रिय स्कूल हिन्दी में किताबें पढ़ते हैं, न\u{93C} कि\u{902} क\u{93F}\u{94D}",
        "ಕನ್ನಡ ಕೊ മലയാളം ক্ষমা ত্রুটি ສະບາຍດີ ཀྲྀ Straße ΣΟΦΟΣ 👍🏽 e\u{301}",
      ]
    let rows = (0..<(FoldedRowBuilder.rowsBeforeWholeBlocks + 2_000)).map {
      TranscriptRow(start: Int64($0), text: texts[$0 % texts.count])
    }
    expectEveryKernelFoldsAsThePortableOne(Corpus(rows))
    // The oracle is slow: each text twice is enough for it.
    let few = Corpus(Array(rows.prefix(texts.count * 2)))
    try await expectAgreesWithOracle(
      FoldedCorpus(few, segmentBytes: FoldedCorpus.defaultSegmentBytes), few,
      keywords: ["ก", "กำ", "\u{E48}", "ที่", "क", "क्ष", "कि", "ন", "ಕೆ", "strasse", "σοφος"])
  }

  /// Over a megabyte of Japanese, enough for the vector kernels to pass over kana a
  /// window at a time (kana, punctuation, the voicing marks that compose with the kana
  /// before them, fullwidth capitals, emoji): every kernel's fold is the portable one's,
  /// and the matches of the automatic kernel's are the oracle's.
  @Test func everyFoldKernelFoldsManyKanaAsThePortableOneDoes() async throws {
    // Every scalar of U+3000–U+30FF, marks and unassigned ones included, and others.
    let pool =
      (0x3000...0x30FF).map { String(Unicode.Scalar($0)!) }
      + ["\u{3099}", "\u{309A}", "日", "本", "Ａ", "x", " ", "👍🏽", "が", "ガ"]
    var random = SeededRandom(seed: 0x30AB)
    let rows = (0..<16_000).map { row in
      TranscriptRow(
        start: Int64(row),
        text: (0..<Int.random(in: 1...60, using: &random)).map { _ in
          pool.randomElement(using: &random)!
        }.joined())
    }
    let corpus = Corpus(rows)
    for (kernel, folded) in expectEveryKernelFoldsAsThePortableOne(corpus) {
      #expect(folded.foldPassesOverKana, "\(kernel)")
    }
    // The oracle is slow: the last rows, folded once the kana are passed over, are enough.
    let tail = 15_800..<rows.count
    let oracle = OracleMatcher(corpus: Corpus(Array(rows[tail])))
    let folded = FoldedCorpus(corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes)
    for keyword in ["の", "が", "か", "ガ", "カ", "ア", "ａ", "、", "本 ", "\u{3099}"] {
      let expected = try await oracle.matches(of: keyword).map {
        Match(row: $0.row + tail.lowerBound, start: $0.start, end: $0.end)
      }
      #expect(folded.matches(of: FoldedKeyword(keyword), inRows: tail) == expected, "\(keyword)")
    }
  }

  /// Rows a vector kernel folds whole, in one call (capitals whose key is one scalar as
  /// long as they are, in two, three bytes; marks; emoji sequences), and rows it leaves to
  /// the walk at the first character it cannot (keys longer or shorter than their
  /// characters: İ, ß, ẞ, K, Ω, ﬁ, ΐ; keyed scalars outside the Basic Multilingual Plane;
  /// decomposed letters; a carriage return; a row that starts with a mark), each shape
  /// alone and then beside the others in random rows: every kernel's fold is the portable
  /// one's, and the matches of the automatic kernel's are the oracle's.
  @Test func rowsTheKernelFoldsWholeFoldAsTheWalkDoes() async throws {
    let shapes = [
      "Москва ΣΟΦΟΣ Ωμέγα Ÿ", "ǄǅǆǇ ǈ", "ＦＵＬＬ ｗｉｄｔｈ", "Ärger ÜBER Öl", "สวัสดี ครับ",
      "क्षत्रिय हिन्दी", "👨\u{200D}👩\u{200D}👧 🇯🇵 👍🏽", "İstanbul", "Straße", "GROẞ",
      "\u{212A}elvin \u{2126}hm", "ﬁne", "ΐ", "𐐀𐐨 Deseret", "e\u{301}te\u{301}", "one\r\ntwo",
      "\u{301}mark first", "🇫🇷 France", "plain ascii", "日本語のテキスト",
    ]
    var random = SeededRandom(seed: 0xF01D)
    let rows =
      shapes.enumerated().map { TranscriptRow(start: Int64($0.offset), text: $0.element) }
      + (0..<600).map { row in
        TranscriptRow(
          start: Int64(shapes.count + row),
          text: (0..<Int.random(in: 1...4, using: &random)).map { _ in
            shapes.randomElement(using: &random)!
          }.joined(separator: Bool.random(using: &random) ? " " : ""))
      }
    let corpus = Corpus(rows)
    expectEveryKernelFoldsAsThePortableOne(corpus)
    let few = Corpus(Array(rows.prefix(shapes.count + 60)))
    try await expectAgreesWithOracle(
      FoldedCorpus(few, segmentBytes: FoldedCorpus.defaultSegmentBytes), few,
      keywords: [
        "москва", "σοφοσ", "ÿ", "ǆ", "full", "über", "ครับ", "क्ष", "👩", "🇯🇵", "i̇stanbul", "strasse",
        "gross", "kelvin", "ωhm", "fine", "𐐨𐐨", "été", "one\r\ntwo", "mark", "france", "テキスト",
      ])
  }

  /// Consecutive rows are folded many to a call of `tsb_fold_plain_rows`, which stops at a
  /// row it declines, at one too long for its room (more items than it keeps room for,
  /// more bytes than it stages), where the segment is full and where the cache learns
  /// blocks whole: with segments of a few hundred bytes, rows of every shape, empty ones,
  /// and rows of 5,000 and 70,000 bytes between them, every kernel folds as the portable
  /// one does row by row, and the matches are the oracle's.
  @Test(arguments: [300, 4_096])
  func batchesOfRowsFoldAsRowsOneByOne(segmentBytes: Int) async throws {
    let shapes = [
      "Москва ΣΟΦΟΣ", "plain ascii", "", "สวัสดี ครับ", "Straße", "one\r\ntwo", "日本語のテキスト",
      "क्षत्रिय हिन्दी", "e\u{301}te\u{301}", "👨\u{200D}👩\u{200D}👧 🇯🇵", "ΣΟΦΟΣ Ωμέγα",
    ]
    let long = [
      String(repeating: "क्षत्रिय ", count: 600), String(repeating: "Plain ASCII, ", count: 5_400),
      String(repeating: "ПРИВЕТ мир ", count: 3_500), String(repeating: "Straße ", count: 800),
    ]
    var random = SeededRandom(seed: 0xBA7C)
    let rows = (0..<(FoldedRowBuilder.rowsBeforeWholeBlocks + 3_000)).map { row in
      let text =
        row % 997 == 5
        ? long[(row / 997) % long.count]
        : (0..<Int.random(in: 1...3, using: &random)).map { _ in
          shapes.randomElement(using: &random)!
        }.joined(separator: " ")
      return TranscriptRow(start: Int64(row), text: text)
    }
    let corpus = Corpus(rows)
    for (kernel, folded) in expectEveryKernelFoldsAsThePortableOne(
      corpus, segmentBytes: segmentBytes)
    {
      #expect(folded.rowCount == corpus.count, "\(kernel)")
    }
    // Rows without text, in a corpus without any text at all.
    let empty = Corpus((0..<5_000).map { TranscriptRow(start: Int64($0), text: "") })
    for (kernel, folded) in expectEveryKernelFoldsAsThePortableOne(
      empty, segmentBytes: segmentBytes)
    {
      #expect(folded.rowCount == empty.count && folded.byteCount == empty.count, "\(kernel)")
    }
    let few = Corpus(Array(rows.prefix(400)))
    try await expectAgreesWithOracle(
      FoldedCorpus(few, segmentBytes: segmentBytes), few,
      keywords: ["москва", "σοφοσ", "ครับ", "strasse", "two", "テキスト", "क्ष", "été", "👩", "ascii"])
  }

  /// Rows of emoji sequences and flags, which the fold kernels join without grapheme
  /// breaking (GB11, GB12, GB13), with pictographs they pass over (❤, ☀), ones they see
  /// first (so the kernel stops and the row builder finishes the character), keyed ones
  /// (Ⓜ) and spacing marks between: every kernel's fold is the portable one's, and the
  /// matches of the automatic kernel's are the oracle's.
  @Test func everyFoldKernelFoldsEmojiSequencesAsThePortableOneDoes() async throws {
    let pool = [
      "👨", "👩", "👧", "\u{200D}", "\u{200D}", "❤", "☀", "\u{FE0F}", "🏽", "🔥", "🇯", "🇵",
      "🇺", "🇸", "Ⓜ", "\u{93F}", "a", "É", " ",
    ]
    var random = SeededRandom(seed: 0x1F46A)
    let rows = (0..<(FoldedRowBuilder.rowsBeforeWholeBlocks + 1_000)).map { row in
      // A pictograph the fold has not met yet, now and then.
      let rare = String(Unicode.Scalar(0x1F680 + UInt32(row % 64))!)
      return TranscriptRow(
        start: Int64(row),
        text: (0..<Int.random(in: 1...40, using: &random)).map { _ in
          Int.random(in: 0..<20, using: &random) == 0 ? rare : pool.randomElement(using: &random)!
        }.joined())
    }
    let corpus = Corpus(rows)
    expectEveryKernelFoldsAsThePortableOne(corpus)
    let few = Corpus(Array(rows.suffix(600)))
    try await expectAgreesWithOracle(
      FoldedCorpus(few, segmentBytes: FoldedCorpus.defaultSegmentBytes), few,
      keywords: [
        "👨", "👩", "❤", "\u{200D}", "👨\u{200D}👩", "🇯🇵", "🇵", "🇺🇸", "ⓜ", "🔥", "a", "\u{FE0F}",
        "🏽", "☀",
      ])
  }

  /// Indic conjuncts, which a linker (virama) after a consonant makes one character with
  /// the consonant after it (GB9c): the vector kernels fold a consonant, a linker and a
  /// consonant (and on) themselves, and leave every other shape to the walk (a linker
  /// after a mark, before a joiner, a non-joiner, a mark or another linker, a consonant
  /// not its own key, a linker after a letter that is no consonant, at a row's end), in
  /// the six scripts whose viramas link and in two whose do not; at every offset from a
  /// vector window's start, with vowel signs the AVX-512 kernel writes without a look up
  /// after the joined consonant and a mark after them that it looks up. Every kernel's fold
  /// is the portable one's, and the matches of the automatic kernel's are the oracle's.
  /// Each shape as a row, then rows of one to six shapes at random, after 0–40 spaces so
  /// that every shape meets every offset from a 32-byte window's start: enough rows that
  /// the cache learns blocks whole on the way.
  func rowsOfShapes(_ shapes: [String], seed: UInt64) -> [TranscriptRow] {
    var random = SeededRandom(seed: seed)
    return shapes.enumerated().map { TranscriptRow(start: Int64($0.offset), text: $0.element) }
      + (0..<(FoldedRowBuilder.rowsBeforeWholeBlocks + 2_000)).map { row in
        TranscriptRow(
          start: Int64(shapes.count + row),
          text: String(repeating: " ", count: row % 41)
            + (0..<Int.random(in: 1...6, using: &random)).map { _ in
              shapes.randomElement(using: &random)!
            }.joined())
      }
  }

  @Test func everyFoldKernelFoldsIndicConjunctsAsThePortableOneDoes() async throws {
    let shapes = [
      "क्ष", "क्षत्रिय", "स्त्री", "क्ष्म", "कि", "क्षि\u{301}", "क्षि\u{301}\u{94D}क", "क्",
      "क्\u{200D}ष", "क्\u{200C}ष", "क\u{93C}्ष", "कु्ष", "क््ष", "a्क", "क्a", "क्\u{958}",
      "क्\u{902}", "ন্ত্র", "ক্ষমা", "ક્ષ", "କ୍ଷ", "క్ష", "ക്ഷ", "க்ஷ", "ಕ್ಷ", "क्ষ", "हिन्दी में",
      "Straße", "ΣΟΦΟΣ", " ", "  ", ".",
    ]
    let rows = rowsOfShapes(shapes, seed: 0x94D)
    let corpus = Corpus(rows)
    expectEveryKernelFoldsAsThePortableOne(corpus)
    expectEveryKernelFoldsAsThePortableOne(corpus, segmentBytes: 4_096)
    let few = Corpus(Array(rows.prefix(shapes.count + 150)))
    try await expectAgreesWithOracle(
      FoldedCorpus(few, segmentBytes: FoldedCorpus.defaultSegmentBytes), few,
      keywords: [
        "क", "ष", "क्ष", "क्", "्", "त्रि", "ক্ষ", "ষ", "ക്ഷ", "ஷ", "க்ஷ", "ಷ", "\u{301}", "a", "ि",
      ])
  }

  /// With diacritics ignored, a nonspacing mark's key is empty: after a scalar that is its
  /// own key, the scan lists it for the fold to drop, in every kernel as in the portable
  /// loop, and the rows fold and match as the contract says; every other shape (after a
  /// keyed letter, a mark of another class after one, a linker) is the walk's.
  @Test func everyFoldKernelDropsIgnoredMarksAsThePortableOneDoes() async throws {
    let shapes = [
      "ดีค่ะ", "กั้น", "น้ำ", "สวัสดี", "हिंदी", "कु", "क्ष", "क़", "क\u{902}\u{93E}",
      "क\u{901}\u{94D}ष", "e\u{301}", "e\u{301}\u{323}", "a\u{308}\u{301}", "A\u{30A}",
      "ư\u{323}", "и\u{306}", "α\u{301}\u{345}", "שָׁלוֹם", "مَرْحَبًا", "❤️", "❤️‍🔥", "1️⃣",
      " \u{301}", "\u{301}", "ক\u{9BC}\u{9C7}", "ĉu", "Straße", " ", ".",
      // Three dropped marks in a row; keys shorter or longer than their characters.
      "ก\u{E34}\u{E48}\u{E4C}", "क\u{941}\u{93E}", "Émile", "\u{212A}", "ẞ", "\u{212B}", "İ",
    ]
    let rows = rowsOfShapes(shapes, seed: 0x301)
    let corpus = Corpus(rows)
    expectEveryKernelFoldsAsThePortableOne(corpus, ignoringDiacritics: true)
    expectEveryKernelFoldsAsThePortableOne(corpus, segmentBytes: 4_096, ignoringDiacritics: true)
    let few = Corpus(Array(rows.prefix(shapes.count + 150)))
    let oracle = OracleMatcher(corpus: few)
    let folded = PlainScanKernel.available.map {
      ($0, FoldedCorpus(few, segmentBytes: 1_024, ignoringDiacritics: true, kernel: $0))
    }
    for keyword in [
      "ดค", "ดีค่ะ", "กน", "हिदी", "हि", "क", "e", "é", "ee", "a", "и", "й", "α", "ι", "שלום",
      "مرحبا", "❤", "❤‍🔥", "1", " ", "ক", "cu", "u", "emile", "k", "ss", "å", "i̇",
    ] {
      for wordMatch in SearchOptions.WordMatch.allCases {
        let options = SearchOptions(wordMatch: wordMatch, ignoresDiacritics: true)
        // The oracle's answer, asked once for every kernel.
        let expected = try await oracle.matches(of: keyword, options: options)
        for (kernel, folded) in folded {
          let got = folded.matches(
            of: FoldedKeyword(keyword, options: options), inRows: 0..<few.count,
            originals: few)
          #expect(got == expected, "\(kernel) \(keyword.debugDescription) \(options)")
        }
      }
    }
  }

  /// A corpus large enough to be folded in parts on several cores folds to what one
  /// part would: the same rows, bytes and matches, in both forms; and appending after
  /// it still works.
  @Test(arguments: [false, true])
  func foldingInPartsGivesTheSameCorpus(_ ignoringDiacritics: Bool) throws {
    let texts = ConformanceCase.all.map(\.text)
    let rows = (0..<(FoldedCorpus.rowsPerParallelPart * 2 + 1_001)).map {
      TranscriptRow(start: Int64($0), text: texts[$0 % texts.count])
    }
    var corpus = Corpus(rows)
    var parts = FoldedCorpus(corpus, ignoringDiacritics: ignoringDiacritics)
    var whole = FoldedCorpus(
      corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes,
      ignoringDiacritics: ignoringDiacritics)
    corpus.append(TranscriptRow(start: 0, text: "Straße, résumé"))
    parts.append(corpus, rows: corpus.count - 1..<corpus.count)
    whole.append(corpus, rows: corpus.count - 1..<corpus.count)
    #expect(parts.rowCount == corpus.count && whole.rowCount == corpus.count)
    #expect(parts.byteCounts == whole.byteCounts)
    let options = SearchOptions(wordMatch: .whole, ignoresDiacritics: ignoringDiacritics)
    for keyword in ["strasse", "resume", "a", "👍", "中文", "ss"] {
      for options in [options, SearchOptions(ignoresDiacritics: ignoringDiacritics)] {
        let key = FoldedKeyword(keyword, options: options)
        #expect(
          parts.matches(of: key, inRows: 0..<corpus.count, originals: corpus)
            == whole.matches(of: key, inRows: 0..<corpus.count, originals: corpus), "\(keyword)")
      }
    }
  }

  @Test func segmentsSplitRowsWithoutChangingResults() async throws {
    let corpus = Corpus(ConformanceCase.all.map { TranscriptRow(start: 0, text: $0.text) })
    let keywords = Array(Set(ConformanceCase.all.map(\.keyword).filter { $0.count < 50 }))
    for size in [1, 40, 1_000, FoldedCorpus.defaultSegmentBytes] {
      let folded = FoldedCorpus(corpus, segmentBytes: size)
      #expect(folded.rowCount == corpus.count)
      try await expectAgreesWithOracle(folded, corpus, keywords: keywords)
    }
  }

  @Test func editsAndAppendsEqualAFreshFold() async throws {
    await propertyCheck(
      count: 150, input: TrickyText.strings(upTo: 12).array(of: 1...10),
      TrickyText.strings(upTo: 12).array(of: 1...6), TrickyText.keywords
    ) { rows, replacements, keyword in
      var corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
      var folded = FoldedCorpus(corpus, segmentBytes: 16)
      for (step, text) in replacements.enumerated() {
        if step % 3 == 2 {
          corpus.append(TranscriptRow(start: 0, text: text))
          folded.append(corpus, rows: corpus.count - 1..<corpus.count)
        } else {
          let row = (step * 7) % corpus.count
          try? corpus.replaceText(ofRow: row, with: text)
          folded.replaceRow(row, with: text)
        }
      }
      let fresh = FoldedCorpus(corpus, segmentBytes: 16)
      let key = FoldedKeyword(keyword)
      #expect(
        folded.matches(of: key, inRows: 0..<corpus.count)
          == fresh.matches(of: key, inRows: 0..<corpus.count), "\(keyword.debugDescription)")
      #expect(folded.byteCounts == fresh.byteCounts)
      let expected = try? await OracleMatcher(corpus: corpus).matches(of: keyword)
      #expect(folded.matches(of: key, inRows: 0..<corpus.count) == expected)
    }
  }

  @Test func narrowingToOccurrencesFindsWhatAFullSearchFinds() {
    // 麟 and 麐 share their first two bytes, and 麒麟麟 and 麒麟麐 their first five after
    // 麒: the bytes kept after each place do not tell them apart, the corpus does.
    let text = "aaab ssß sß STRASSE straße aab ab 麒麐 麒麟 麒麟麐 麒麟麟"
    let corpus = Corpus((0..<30).map { TranscriptRow(start: 0, text: "\($0) " + text) })
    let folded = FoldedCorpus(corpus, segmentBytes: 64)
    for (shorter, longer) in [
      ("a", "aa"), ("aa", "aab"), ("s", "ss"), ("ss", "sss"), ("stras", "strasse"),
      ("麒", "麒麟"), ("麒", "麒麟麟"), ("麒麟", "麒麟麟"),
    ] {
      let first = folded.search(FoldedKeyword(shorter), inRows: 0..<30, collectingOccurrences: true)
      let narrowed = folded.search(FoldedKeyword(longer), amongOccurrences: first.occurrences!)
      let full = folded.search(FoldedKeyword(longer), inRows: 0..<30, collectingOccurrences: true)
      #expect(narrowed.matches == full.matches, "\(shorter) → \(longer)")
      #expect(narrowed.occurrences == full.occurrences, "\(shorter) → \(longer)")
      // Passing over places by the bytes that follow them finds the same.
      let filtered = folded.search(
        FoldedKeyword(longer), amongOccurrences: first.occurrences!,
        following: (first.following!, FoldedKeyword(shorter).bytes.count))
      #expect(filtered.matches == full.matches, "\(shorter) → \(longer), filtered")
      #expect(filtered.occurrences == full.occurrences)
      #expect(filtered.following == full.following)
    }
  }

  /// Narrowing among thousands of places, sixteen at a time, with rows where the longer
  /// key is rare (its places far apart) and rows where it is dense: the same matches and
  /// occurrences as a full search.
  @Test(arguments: [24, 4_096, FoldedCorpus.defaultSegmentBytes])
  func narrowingAmongManyPlacesEqualsAFullSearch(segmentBytes: Int) {
    let words = [
      "the", "them", "then", "theme", "thé", "the\u{301}", "THEM", "ther", "麒", "麒麟", "麒麐",
      "ſtraße", "strasse", "the them",
    ]
    let rows = (0..<3_000).map { row in
      // A deterministic mix: most rows hold only "the", every 97th a rarer word too.
      let filler = String(repeating: "the x ", count: 1 + row % 5)
      let rare = row % 97 == 0 ? words[(row / 97) % words.count] + " " : ""
      let dense = row % 11 == 0 ? words[row % words.count] : ""
      return TranscriptRow(start: 0, text: filler + rare + dense)
    }
    let corpus = Corpus(rows)
    let folded = FoldedCorpus(corpus, segmentBytes: segmentBytes)
    for (shorter, longer) in [
      ("the", "them"), ("the", "then"), ("the", "theme"), ("th", "thé"), ("麒", "麒麟"),
      ("st", "straße"), ("the", "the "), ("the ", "the x"),
    ] {
      let short = FoldedKeyword(shorter)
      let long = FoldedKeyword(longer)
      let first = folded.search(short, inRows: 0..<corpus.count, collectingOccurrences: true)
      #expect(Self.rowsHold(first, in: folded), "\(shorter)")
      let full = folded.search(long, inRows: 0..<corpus.count, collectingOccurrences: true)
      // With each place's row known, and without; with every filter this CPU runs.
      for rows in [first.occurrenceRows, nil] {
        for kernel in ScanKernel.available {
          let filtered = folded.search(
            long, amongOccurrences: first.occurrences!,
            following: (first.following!, short.bytes.count), rows: rows, kernel: kernel)
          #expect(filtered.matches == full.matches, "\(shorter) → \(longer)")
          #expect(filtered.occurrences == full.occurrences, "\(shorter) → \(longer)")
          #expect(filtered.following == full.following, "\(shorter) → \(longer)")
          #expect(filtered.occurrenceRows == full.occurrenceRows, "\(shorter) → \(longer)")
        }
      }
    }
  }

  /// Whether each occurrence of `result` lies in the row it is recorded in: at or after
  /// that row's start in its segment, before the next row's.
  static func rowsHold(_ result: FoldedSearchResult, in folded: FoldedCorpus) -> Bool {
    guard let occurrences = result.occurrences, let rows = result.occurrenceRows,
      rows.count == occurrences.count
    else { return false }
    return zip(occurrences, rows).allSatisfy { occurrence, row in
      let segment = folded.segments[Int(occurrence >> 32)]
      let offset = occurrence & 0xFFFF_FFFF
      return Int(row) < segment.rowCount && segment.rowStarts[Int(row)] <= offset
        && offset < segment.rowStarts[Int(row) + 1]
    }
  }

  /// The bytes kept after each occurrence are the buffer's, 0xFF past a segment's end,
  /// whatever the segment size: every extension filters to a full search's answer.
  @Test func narrowingByTheFollowingBytesEqualsAFullSearch() async {
    await propertyCheck(
      count: 150, input: TrickyText.strings(upTo: 10).array(of: 1...8), TrickyText.keywords,
      TrickyText.keywords
    ) { rows, shorter, suffix in
      let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
      for size in [1, 24, FoldedCorpus.defaultSegmentBytes] {
        let folded = FoldedCorpus(corpus, segmentBytes: size)
        let short = FoldedKeyword(shorter)
        let long = FoldedKeyword(shorter + suffix)
        guard long.bytes.starts(with: short.bytes), long.bytes.count > short.bytes.count else {
          continue
        }
        let first = folded.search(short, inRows: 0..<corpus.count, collectingOccurrences: true)
        let filtered = folded.search(
          long, amongOccurrences: first.occurrences!,
          following: (first.following!, short.bytes.count), rows: first.occurrenceRows)
        let full = folded.search(long, inRows: 0..<corpus.count, collectingOccurrences: true)
        #expect(
          filtered.matches == full.matches,
          "\(shorter.debugDescription) + \(suffix.debugDescription)")
        #expect(filtered.occurrences == full.occurrences)
        #expect(filtered.occurrenceRows == full.occurrenceRows)
        #expect(Self.rowsHold(full, in: folded))
      }
    }
  }

  @Test func askingForHugePagesChangesNoByteNorAnswer() {
    // Rows spanning several segments and 2 MB pages, among other allocations.
    let corpus = Corpus(
      (0..<40_000).map { TranscriptRow(start: 0, text: "row \($0): Zephyr, 麒麟 and straße") })
    let folded = FoldedCorpus(corpus)
    var before: [[UInt8]] = []
    folded.forEachSegmentBuffer { before.append(Array($0)) }
    let matches = folded.matches(of: FoldedKeyword("zephyr"), inRows: 0..<corpus.count)
    folded.adviseHugePages(minimumBytes: 0)
    var after: [[UInt8]] = []
    folded.forEachSegmentBuffer { after.append(Array($0)) }
    #expect(after == before)
    #expect(folded.matches(of: FoldedKeyword("zephyr"), inRows: 0..<corpus.count) == matches)
    #expect(matches.count == corpus.count)
  }

  /// Past its first rows, a long fold learns blocks of scalars whole and passes over runs
  /// of them (see ``FoldedRowBuilder/rowsBeforeWholeBlocks``): its rows fold to the same
  /// bytes, flags and matches as the same rows folded on their own, which never learn.
  @Test func rowsFoldedAfterLearningWholeBlocksAreTheSame() {
    let texts =
      ConformanceCase.all.map(\.text) + [
        "ประชุม ขอบคุณ เพื่อน ทะเล ไม่", "नमस्ते परिवार क्या छोटा बड़ा", "θάλασσα λόγος ζωή ΣΟΦΟΣ",
        "اجتماع في مرحبا", "Звезда деньги свой", "회의 하다 합니다", "ひらがな カタカナ、です。",
      ]
    // Met only after the blocks are learned: other letters, marks and capitals of them.
    let late = [
      "ฃ ฅ ฆ ๆ ฯ ก็ ก์ ก๊ ก๋ ก๎", "ऋ ॠ कॄ कॅ कॉ ॐ ऽ ॰ क़", "ϊ ϋ ΰ ΐ ϐ ϑ ϕ ϖ ς Ϊ",
      "ؤ ئ ة بً بٌ بٍ بَ بُ بِ بّ بْ بٰ", "ѐ ё ђ ѓ є Ѐ Ё Ђ", "ゔ ゞ ゟ ヷ ヺ ・ ー ヽ ヾ が パ",
    ]
    let first = FoldedRowBuilder.rowsBeforeWholeBlocks
    let rows = (0..<first + 2_000).map {
      TranscriptRow(
        start: 0,
        text: $0 < first ? texts[$0 % texts.count] : (texts + late)[$0 % (texts.count + late.count)]
      )
    }
    let long = FoldedCorpus(Corpus(rows), segmentBytes: FoldedCorpus.defaultSegmentBytes)
    let tail = FoldedCorpus(Corpus(rows[first...]), segmentBytes: FoldedCorpus.defaultSegmentBytes)
    func folded(_ corpus: FoldedCorpus, row: Int) -> ([UInt8], FoldedSegment.RowFlags) {
      let segment = corpus.segmentIndex(ofRow: row)
      let local = row - corpus.segmentFirstRow[segment]
      let starts = corpus.segments[segment].rowStarts
      let bytes = corpus.segments[segment].bytes[Int(starts[local])..<Int(starts[local + 1])]
      return (Array(bytes), corpus.segments[segment].rowFlags[local])
    }
    for row in 0..<2_000 {
      let (longBytes, longFlags) = folded(long, row: first + row)
      let (tailBytes, tailFlags) = folded(tail, row: row)
      #expect(longBytes == tailBytes && longFlags == tailFlags, "row \(first + row)")
      if longBytes != tailBytes { return }
    }
    for keyword in ["ทะเล", "λόγος", "σοφος", "क्या", "деньги", "합니다", "です", "e", "ก็", "ϊ", "ё", "パ"] {
      let key = FoldedKeyword(keyword)
      let inLong = long.matches(of: key, inRows: first..<first + 2_000).map {
        [$0.row - first, $0.start, $0.end]
      }
      let inTail = tail.matches(of: key, inRows: 0..<2_000).map { [$0.row, $0.start, $0.end] }
      #expect(inLong == inTail && !inTail.isEmpty, "\(keyword)")
    }
  }

  /// A part folded on its own reserves the room its rows take, not a whole segment, and
  /// trimming gives back what its tables grew into without changing an entry.
  @Test func aPartTakesTheRoomItsRowsNeed() {
    let texts = ConformanceCase.all.map(\.text)
    let corpus = Corpus((0..<3_000).map { TranscriptRow(start: 0, text: texts[$0 % texts.count]) })
    var builder = FoldedRowBuilder()
    var part = FoldedCorpus(folding: corpus, rows: 0..<corpus.count, with: &builder)
    let whole = FoldedCorpus(corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes)
    #expect(part.segmentCount == 1 && part.byteCount < FoldedCorpus.defaultSegmentBytes / 2)
    let bytes = part.segments[0].bytes
    #expect(
      bytes.capacity >= bytes.count && bytes.capacity < bytes.count + bytes.count / 16 + 8_192)
    #expect(whole.segments[0].bytes.capacity > FoldedCorpus.defaultSegmentBytes)

    let before = part.segments[0]
    part.trimCapacity()
    let after = part.segments[0]
    #expect(after.bytes == before.bytes && after.rowStarts == before.rowStarts)
    #expect(after.rowFlags == before.rowFlags && after.complexRows == before.complexRows)
    #expect(after.complexRowWords == before.complexRowWords)
    #expect(after.nonBoundaryBits == before.nonBoundaryBits)
    #expect(after.remappedRows == before.remappedRows && after.remapStarts == before.remapStarts)
    #expect(after.remapPoints == before.remapPoints)
    #expect(!after.complexRows.isEmpty && !after.remappedRows.isEmpty)
    for (capacity, count) in [
      (after.rowStarts.capacity, after.rowStarts.count),
      (after.nonBoundaryBits.capacity, after.nonBoundaryBits.count),
      (after.complexRows.capacity, after.complexRows.count),
      (after.remapPoints.capacity, after.remapPoints.count),
    ] {
      #expect(capacity >= count && capacity <= count + count / 8 + 16)
    }
    #expect(part.retainedBytes < before.retainedBytes)
    #expect(
      part.matches(of: FoldedKeyword("strasse"), inRows: 0..<corpus.count)
        == whole.matches(of: FoldedKeyword("strasse"), inRows: 0..<corpus.count))
  }

  /// Past the rows counted exactly, the histogram counts a sample of rows: its estimates
  /// stay close for a byte of every row, a keyword whose bytes only rows left out of the
  /// sample hold is still found in every one of them, and edits of rows in and out of
  /// the sample leave the histogram a fresh fold would have.
  @Test func theHistogramSamplesRowsAndEverySearchStillReadsThemAll() throws {
    let rowCount = FoldedCorpus.exactlyCountedRows + 8 * FoldedCorpus.histogramRowStride * 100
    let isSampled = { (row: Int) in FoldedCorpus.histogramWeight(ofRow: row) != 0 }
    let text = { (row: Int) in isSampled(row) ? "hello world" : "hello Über world" }
    var corpus = Corpus((0..<rowCount).map { TranscriptRow(start: 0, text: text($0)) })
    var folded = FoldedCorpus(corpus)
    let unsampled = (0..<rowCount).filter { !isSampled($0) }
    #expect(!unsampled.isEmpty && unsampled.allSatisfy { $0 >= FoldedCorpus.exactlyCountedRows })

    let trueCount = 3 * rowCount  // "l" three times a row
    let estimate = folded.estimatedCount(of: UInt8(ascii: "l"), inRows: 0..<rowCount)
    #expect(abs(estimate - trueCount) <= trueCount / 50, "\(estimate) for \(trueCount)")
    let found = folded.matches(of: FoldedKeyword("über"), inRows: 0..<rowCount)
    #expect(found.map(\.row) == unsampled)

    // A sampled row and one left out, each edited, and a row appended.
    let edits = [
      (FoldedCorpus.exactlyCountedRows, "straße über alles"),
      (FoldedCorpus.exactlyCountedRows + 1, "ÜBER"), (7, "Ω"),
    ]
    for (row, replacement) in edits {
      try corpus.replaceText(ofRow: row, with: replacement)
      folded.replaceRow(row, with: replacement)
    }
    corpus.append(TranscriptRow(start: 0, text: "über"))
    folded.append(corpus, rows: rowCount..<rowCount + 1)
    let fresh = FoldedCorpus(corpus)
    #expect(folded.byteCounts == fresh.byteCounts)
    #expect(
      folded.matches(of: FoldedKeyword("über"), inRows: 0..<corpus.count)
        == fresh.matches(of: FoldedKeyword("über"), inRows: 0..<corpus.count))
  }

  /// The bytes a scan compares first come from different characters: two bytes of one
  /// character come together and filter no more than one.
  @Test func theBytesComparedFirstComeFromDifferentCharacters() {
    // 是 is the rarest character, so both its continuation bytes are rarer than any
    // other byte of 了是的.
    let corpus = Corpus(
      (0..<200).map { TranscriptRow(start: 0, text: $0 == 0 ? "了是的" : "了的了的，的了") })
    let folded = FoldedCorpus(corpus)
    let key = FoldedKeyword("了是的").bytes
    let offsets = folded.rarestOffsets(in: key)
    let character = { (offset: Int) in offset / 3 }  // three bytes each
    #expect(character(offsets.rare) == 1)
    #expect(
      Set([offsets.rare, offsets.second, offsets.third].map(character)).count == 3,
      "\(offsets)")
    // A pair with a byte of the rare 是 seldom agrees by chance; one of 了 and 的, which
    // fill the corpus, does at many starts.
    #expect(!offsets.thirdAlways)
    let common = folded.rarestOffsets(in: FoldedKeyword("的了的").bytes)
    #expect(
      Set([common.rare, common.second, common.third].map(character)).count == 3, "\(common)")
    #expect(common.thirdAlways)

    let one = folded.rarestOffsets(in: FoldedKeyword("是").bytes)
    #expect(one.rare != one.second && one.third == one.rare && !one.thirdAlways)
    let two = folded.rarestOffsets(in: FoldedKeyword("是的").bytes)
    #expect(character(two.rare) != character(two.second) && two.third == two.rare)
    let single = folded.rarestOffsets(in: FoldedKeyword("x").bytes)
    #expect(single.rare == 0 && single.second == 0 && single.third == 0)
  }

  /// A key is dense, and its kernel writes every step's candidates without asking whether
  /// there are any, where its candidates are about one start in 30 to 250: not where they
  /// are rarer (the question is mostly no) or commoner (mostly yes).
  @Test func aKeyIsDenseWhereAboutHalfTheStepsHoldACandidate() {
    // Rows of 100 bytes: "a" once (1%), "e" 24 times, "x" 49 times, "q" in one row of a
    // hundred. A pair's share is as if its bytes were independent: "xa" 0.49%.
    let corpus = Corpus(
      (0..<1_000).map { row in
        let rare = row % 100 == 0 ? "q" : "z"
        return TranscriptRow(
          start: 0,
          text: "a" + String(repeating: "e ", count: 24) + rare + String(repeating: "x", count: 49))
      })
    let folded = FoldedCorpus(corpus)
    let dense = ["a", "e", "q", "xa", "qa"].map {
      folded.rarestOffsets(in: FoldedKeyword($0).bytes).isDense
    }
    #expect(dense == [true, false, false, true, false])
  }

  /// A key whose bytes are common together but not apart (a word's) is estimated sparse
  /// from the histogram; its matches in the first bytes searched mark it dense and
  /// crowded, and a key's own estimate is never lowered by few matches.
  @Test func matchesFoundSoFarMarkAKeyDenseOrCrowded() {
    // "qz" fills each row, though q and z are each 1% of its bytes: as if independent,
    // the pair would agree at 0.01% of starts.
    let corpus = Corpus(
      (0..<1_000).map { _ in
        TranscriptRow(start: 0, text: "qz" + String(repeating: "abcdefghij", count: 10))
      })
    let folded = FoldedCorpus(corpus)
    var offsets = folded.rarestOffsets(in: FoldedKeyword("qz").bytes)
    #expect(!offsets.isDense && !offsets.isCrowded && !offsets.isPacked && !offsets.countsRows)
    offsets.learn(fromMatches: 10, inBytes: 1_030)
    #expect(offsets.isDense && offsets.isCrowded && !offsets.isPacked && offsets.countsRows)
    offsets.learn(fromMatches: 0, inBytes: 1_030)
    #expect(offsets.isDense && offsets.isCrowded && !offsets.isPacked && !offsets.countsRows)

    var sparse = folded.rarestOffsets(in: FoldedKeyword("qz").bytes)
    sparse.learn(fromMatches: 1, inBytes: 4_000)
    #expect(!sparse.isDense && !sparse.isCrowded && !sparse.isPacked && sparse.countsRows)

    // More than two a word of 64 starts (one every 25 bytes): packed, and past dense's
    // shares, whose steps hold candidates too often for the branch to mispredict.
    var packed = folded.rarestOffsets(in: FoldedKeyword("qz").bytes)
    packed.learn(fromMatches: 40, inBytes: 1_000)
    #expect(!packed.isDense && packed.isCrowded && packed.isPacked && packed.countsRows)
  }

  /// In rows where an ASCII byte falls inside a character (the second "s" of "ß"'s key
  /// "ss", a line feed after a carriage return), matches at other ASCII bytes are
  /// accepted without the boundary table, and those at such bytes still consult it:
  /// the oracle's answers either way, with such rows in a segment or not, and after an
  /// edit brings one in.
  @Test func asciiInsideCharactersIsDecidedByTheByte() async throws {
    let corpus = Corpus(
      [
        "Maß zephyr", "ßs zephyrs", "süß", "s ß s", "Fußball s", "a\r\nb zephyr\r",
        "plain s zephyr",
        "zephyr\r\n", "ßzephyrß",
      ].map { TranscriptRow(start: 0, text: $0) })
    let keywords = [
      "s", "ss", "zephyr", "zephyrs", "ß", "sß", "a", "b", "\n", "r", "mas", "fus", "ma", "fu",
      "sü", "\r",
    ]
    // An edit brings ß into a row, and into a segment, that had none.
    try await expectAgreesWithOracle(
      corpus, keywords: keywords, editing: 6, to: "plain ß zephyrs")
    let folded = FoldedCorpus(corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes)
    let sAndLineFeed: UInt128 = 1 << 0x73 | 1 << 0x0A
    #expect(folded.segments[0].asciiInsideCharacters == sAndLineFeed)
    // By the byte before: "s" after "s" (ß), a line feed after a carriage return.
    let after = folded.segments[0].asciiInsideAfter
    #expect(after.count == 129)
    #expect(after[0x73] == 1 << 0x73 && after[0x0D] == 1 << 0x0A)
    #expect(after.enumerated().allSatisfy { [0x73, 0x0D].contains($0.offset) || $0.element == 0 })
  }

  /// In rows where other scalars fall inside characters (Thai's and Devanagari's vowel
  /// signs, the second consonant of a conjunct), a match that starts on, or ends before,
  /// a scalar never found inside one is accepted without the boundary table, and one at
  /// such a scalar still consults it: the oracle's answers either way, with such rows in
  /// a segment or not, and after an edit brings one in.
  @Test func otherScalarsInsideCharactersAreDecidedByTheScalar() async throws {
    let corpus = Corpus(
      [
        "บ้านzephyrสวัสดี", "क्षzephyrष", "zephyr\u{E49}", "षzephyr", "zephyr、ष्",
        "plain zephyr ष", "นzephyrน\u{E49}", "क्ष क ष", "👍🏽zephyr🏽",
      ].map { TranscriptRow(start: 0, text: $0) })
    let keywords = [
      "zephyr", "ष", "षzephyr", "zephyrष", "zephyrस", "น", "zephyrน", "ส", "สวัสดี", "क", "🏽",
      "zephyr🏽", "r、",
    ]
    // An edit brings a conjunct into a row, and into a segment, that had none.
    try await expectAgreesWithOracle(
      corpus, keywords: keywords, editing: 5, to: "plain zephyrष्ष")
    let folded = FoldedCorpus(corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes)
    let inside = folded.segments[0].nonASCIIInsideCharacters.withUnsafeBufferPointer { words in
      ["\u{E49}", "ष", "\u{94D}", "🏽", "ส", "、", "z"].map {
        InsideCharacters.mayContain($0.unicodeScalars.first!.value, in: words)
      }
    }
    #expect(inside == [true, true, true, true, false, false, false])
  }

  /// Rows longer than the room the row builder keeps for a stretch's items (a long row's
  /// is given back once it is folded) fold as any other, before and after shorter ones:
  /// also a row of more marks than that room holds, whose marks are kept until its
  /// boundary table is written.
  @Test func rowsLongerThanTheItemsKeptFoldAsOthersDo() async throws {
    let long = String(repeating: "บ้านzephyr ", count: 7_000)  // 133 KB, a mark a word
    let marked = String(repeating: "ก\u{E35}\u{E48}", count: 33_000)  // 66,000 marks
    let corpus = Corpus(
      [long, "สวัสดี zephyr", long + "ก\u{E49}", marked, "short zephyr"].map {
        TranscriptRow(start: 0, text: $0)
      })
    try await expectAgreesWithOracle(
      FoldedCorpus(corpus), corpus,
      keywords: ["zephyr", "บ้าน", "ก\u{E49}", "r บ", "ก\u{E35}\u{E48}", "ก"])
  }

  /// The oracle's answers from folds of `corpus` at three segment sizes (a row a
  /// segment, a few rows, all of them), before and after `row`'s text becomes `text`.
  func expectAgreesWithOracle(
    _ corpus: Corpus, keywords: [String], editing row: Int, to text: String
  ) async throws {
    for size in [1, 24, FoldedCorpus.defaultSegmentBytes] {
      var edited = corpus
      var folded = FoldedCorpus(corpus, segmentBytes: size)
      try await expectAgreesWithOracle(folded, corpus, keywords: keywords)
      try edited.replaceText(ofRow: row, with: text)
      folded.replaceRow(row, with: text)
      try await expectAgreesWithOracle(folded, edited, keywords: keywords)
    }
  }
}
