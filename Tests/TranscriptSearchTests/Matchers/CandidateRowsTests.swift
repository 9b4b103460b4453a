import PropertyBased
import Testing

@testable import TranscriptSearch

/// Folding only the rows whose text holds a witness of one scalar of the key finds every
/// match a search of the whole folded corpus finds, with every kernel.
@Suite("CandidateRows")
struct CandidateRowsTests {
  static func corpus(_ texts: [String]) -> Corpus {
    Corpus(texts.map { TranscriptRow(start: 0, text: $0) })
  }

  static func expectSameMatches(
    _ corpus: Corpus, _ keyword: FoldedKeyword, kernel: ScanKernel,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let all = 0..<corpus.count
    let expected = FoldedCorpus(corpus, ignoringDiacritics: keyword.options.ignoresDiacritics)
      .matches(of: keyword, inRows: all, originals: corpus)
    guard
      let witnesses = CandidateRows(key: keyword, corpus: corpus, sample: all, kernel: kernel)
    else {
      // No scalar of the key has witnesses one pass finds (jamo only, or too many first
      // bytes): nothing to check.
      return
    }
    let found = witnesses.search(keyword, in: corpus, rows: all, kernel: kernel)
    #expect(found?.matches == expected, "\(kernel)", sourceLocation: sourceLocation)
    let rows = witnesses.rows(of: corpus, in: all, kernel: kernel) ?? []
    #expect(
      Set(expected.map(\.row)).isSubset(of: rows), "\(kernel)", sourceLocation: sourceLocation)
  }

  @Test(arguments: [ScanKernel.portable] + ScanKernel.available.filter { $0 != .portable })
  func randomTextAndKeywords(kernel: ScanKernel) async {
    await propertyCheck(
      count: 200, input: TrickyText.strings(upTo: 12).array(of: 1...12), TrickyText.keywords,
      Gen<Int>.int(in: 0...3)
    ) { rows, keyword, variant in
      let options = SearchOptions(
        wordMatch: variant == 1 ? .whole : .contains, ignoresDiacritics: variant == 2)
      Self.expectSameMatches(
        Self.corpus(rows), FoldedKeyword(keyword, options: options), kernel: kernel)
    }
  }

  @Test(arguments: ScanKernel.available)
  func witnessesThatAreNotTheKeysScalar(kernel: ScanKernel) throws {
    let corpus = Self.corpus([
      "\u{212A}elvin", "no", "ſtraße", "Ｋ", "the GREEK QUESTION MARK\u{37E}", "İstanbul",
      "e\u{301}", "",
    ])
    for keyword in ["kelvin", "k", "strasse", "s", ";", "i\u{307}", "é", "ss"] {
      Self.expectSameMatches(corpus, FoldedKeyword(keyword), kernel: kernel)
      let witnesses = try #require(
        CandidateRows(
          key: FoldedKeyword(keyword), corpus: corpus, sample: 0..<corpus.count, kernel: kernel))
      #expect(
        witnesses.search(
          FoldedKeyword(keyword), in: corpus, rows: 0..<corpus.count, kernel: kernel)?.matches
          .isEmpty == false, "\(keyword)")
    }
  }

  @Test(arguments: ScanKernel.available)
  func hangulSyllablesWitnessTheirJamo(kernel: ScanKernel) throws {
    let corpus = Self.corpus([
      "회의 시간", "\u{1112}\u{116C}\u{110B}\u{1174}", "한국", "하", "\u{1112}\u{1161}\u{11AB}",
      "ㅎ", "no hangul", "안녕하세요 회의",
    ])
    for keyword in ["회의", "한", "하", "\u{11AB}", "의", "국"] {
      let key = FoldedKeyword(keyword)
      _ = try #require(
        CandidateRows(key: key, corpus: corpus, sample: 0..<corpus.count, kernel: kernel),
        "\(keyword)")
      Self.expectSameMatches(corpus, key, kernel: kernel)
    }
  }

  @Test(arguments: ScanKernel.available)
  func placesAtTheEdgesOfRowsAndVectorBlocks(kernel: ScanKernel) {
    let filler = String(repeating: "x", count: 63)
    let rows = [
      "z", filler + "z", "z" + filler, filler + "Ž" + filler,
      String(repeating: "y", count: 100_000) + "Z",
      "zz", "ź", "",
    ]
    for keyword in ["z", "ž", "zz", "xz", "zx"] {
      Self.expectSameMatches(Self.corpus(rows), FoldedKeyword(keyword), kernel: kernel)
    }
  }

  @Test(arguments: [SearchOptions.WordMatch.contains, .whole])
  func manyCandidatesAreSplitBetweenCoresAndBatches(wordMatch: SearchOptions.WordMatch) {
    // More than two batches' worth of candidates: every core takes a part, in batches.
    let rows = (0..<3 * CandidateRows.rowsPerBatch * 2).map {
      $0 % 2 == 0 ? "row \($0): Zephyr, zephyrs and ZEPHYR" : "row \($0)"
    }
    let keyword = FoldedKeyword("zephyr", options: SearchOptions(wordMatch: wordMatch))
    Self.expectSameMatches(Self.corpus(rows), keyword, kernel: .automatic)
  }

  @Test(arguments: [0, 10, CandidateRows.widestGapInABlock + 1, 100_000])
  func rowsOnEitherSideOfBytesNoRowRefersTo(gap: Int) throws {
    // A file read in parts leaves such bytes between its parts' texts; a witness among
    // them is no row's.
    let first = (0..<3 * CandidateRows.rowsPerCore).map {
      TranscriptRow(start: Int64($0), text: $0 % 3 == 0 ? "Zephyr \($0)" : "row \($0)")
    }
    let second = (0..<CandidateRows.rowsPerCore).map {
      TranscriptRow(start: Int64($0), text: $0 % 5 == 0 ? "zéphyr ZEPHYR" : "wind")
    }
    var text: [UInt8] = []
    var parts: [Corpus.Columns] = []
    for rows in [first, second] {
      text += Array("zephyr ".utf8).prefix(gap)
      text += repeatElement(UInt8(ascii: "z"), count: max(0, gap - 7))
      var part = Corpus.Columns()
      for row in rows {
        part.offsets.append(text.count)
        part.lengths.append(UInt32(row.text.utf8.count))
        part.startTimes.append(row.start)
        part.speakerIndices.append(-1)
        part.utf8TextCount += row.text.utf8.count
        text += row.text.utf8
      }
      parts.append(part)
    }
    let corpus = Corpus(text: text, joining: parts)
    // (A Bool: a difference of 130,000 rows would take the test minutes to print.)
    let holdsTheRows = Array(corpus) == first + second
    #expect(holdsTheRows)
    for keyword in ["zephyr", "z", "zz", "y 3"] {
      Self.expectSameMatches(corpus, FoldedKeyword(keyword), kernel: .automatic)
      Self.expectSameMatches(corpus, FoldedKeyword(keyword), kernel: .portable)
    }
    let witnesses = try #require(
      CandidateRows(
        key: FoldedKeyword("zephyr"), corpus: corpus, sample: 0..<100, kernel: .automatic))
    #expect(
      witnesses.rowsOnEveryCore(of: corpus, in: 0..<corpus.count, kernel: .automatic)
        == witnesses.rows(of: corpus, in: 0..<corpus.count, kernel: .automatic))
  }

  @Test(arguments: ScanKernel.available)
  func aSecondScalarRulesOutRowsThatHoldOnlyTheFirst(kernel: ScanKernel) throws {
    // Each of "q" and "z" is in half the rows, both in a tenth: folding the rows of one
    // would fold five times the rows that can hold "qz".
    let texts = (0..<4_000).map { row in
      row % 10 == 0 ? "q and z \(row)" : row % 2 == 0 ? "q only \(row)" : "z only \(row)"
    }
    let corpus = Self.corpus(texts)
    for keyword in ["qz", "QZ", "z q"] {
      Self.expectSameMatches(corpus, FoldedKeyword(keyword), kernel: kernel)
      let witnesses = try #require(
        CandidateRows(
          key: FoldedKeyword(keyword), corpus: corpus, sample: 0..<corpus.count, kernel: kernel))
      let rows = witnesses.rows(of: corpus, in: 0..<corpus.count, kernel: kernel)
      #expect(rows?.count == 400, "\(keyword)")
      #expect(rows?.allSatisfy { $0 % 10 == 0 } == true, "\(keyword)")
      #expect(abs(witnesses.sampleShare - 0.1) < 1e-9)
    }
  }

  @Test func samplesAreSpreadOverTheRows() {
    #expect(CandidateRows.spreadSamples(of: 5..<100, rows: 4_096) == [5..<100])
    let samples = CandidateRows.spreadSamples(of: 1_000..<1_001_000, rows: 4_096)
    #expect(samples.count == CandidateRows.stretchesSampled)
    #expect(samples.first?.lowerBound == 1_000 && samples.last?.upperBound == 1_001_000)
    #expect(samples.allSatisfy { $0.count == 512 })
    #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound })
  }

  @Test func aStoppedSearchSaysSo() throws {
    let corpus = Self.corpus(Array(repeating: "zephyr", count: 3 * CandidateRows.rowsPerBatch))
    let keyword = FoldedKeyword("zephyr")
    let witnesses = try #require(
      CandidateRows(key: keyword, corpus: corpus, sample: 0..<10, kernel: .automatic))
    let stopped = try #require(
      witnesses.search(
        keyword, in: corpus, rows: 0..<corpus.count, kernel: .automatic, shouldStop: { true }))
    #expect(stopped.stopped)
    #expect(stopped.matches.count < corpus.count)
  }

  @Test func textsStoredOutOfRowOrderAreNotRead() throws {
    var corpus = Self.corpus(["zephyr", "a", "b"])
    try corpus.replaceText(ofRow: 1, with: "a much longer zephyr, stored after the others")
    let witnesses = try #require(
      CandidateRows(key: FoldedKeyword("zephyr"), corpus: corpus, sample: 0..<1, kernel: .portable))
    #expect(witnesses.rows(of: corpus, in: 0..<3, kernel: .portable) == nil)
    #expect(witnesses.rows(of: corpus, in: 0..<1, kernel: .portable) == [0])
  }
}
