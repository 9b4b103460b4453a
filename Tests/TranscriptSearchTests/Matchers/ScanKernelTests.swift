import CScanKernels
import Foundation
import SearchStrategies
import Testing

@testable import TranscriptSearch

/// Every kernel this CPU runs, forced one by one, on the cases where vector code goes
/// wrong: buffers shorter than a vector, keys longer than one, hits at the first and
/// last byte, hits across the boundary between two vectors, more hits than one batch.
@Suite("ScanKernel")
struct ScanKernelTests {
  @Test func thePortableKernelIsAlwaysAvailableAndAutomaticIsOneOfThem() {
    #expect(ScanKernel.available.first == .portable)
    #expect(ScanKernel.available.contains(ScanKernel.automatic))
  }

  /// `TSB_SCAN_KERNEL` reaches the test binaries (through `KernelLimitFromEnvironment`),
  /// so that `make test-portable` runs the tests on the fallbacks.
  @Test func theEnvironmentsLimitReachesTheTests() {
    guard let name = getenv("TSB_SCAN_KERNEL"),
      let limit = ScanKernel(rawValue: String(cString: name))
    else { return }
    #expect(ScanKernel.automatic == limit)
  }

  /// An app limits the automatic choice through API; the limit holds until it is raised
  /// back. Every kernel gives the same matches, so other tests running meanwhile are not
  /// disturbed, only slowed.
  @Test func anAppLimitsTheAutomaticChoice() throws {
    let before = ScanKernel.automatic
    defer { try? ScanKernel.limitAutomaticChoice(to: before) }
    try ScanKernel.limitAutomaticChoice(to: .portable)
    #expect(ScanKernel.automatic == .portable)
    #expect(PlainScanKernel.automatic == .portable)
    try ScanKernel.limitAutomaticChoice(to: before)
    #expect(ScanKernel.automatic == before)
  }

  /// A kernel this CPU cannot run is refused with an error naming it, and a matcher given
  /// one falls back to the automatic choice instead of trapping.
  @Test(arguments: ScanKernel.allCases.filter { !$0.isSupported })
  func aKernelThisCPUCannotRunIsRefusedOrReplaced(_ kernel: ScanKernel) async throws {
    let before = ScanKernel.automatic
    #expect(throws: UnsupportedKernel(kernel: kernel)) {
      try ScanKernel.limitAutomaticChoice(to: kernel)
    }
    #expect(ScanKernel.automatic == before)
    let corpus = Corpus([TranscriptRow(start: 0, text: "a zephyr, a ZEPHYR")])
    let matcher = FoldedMatcher(corpus: corpus, folded: nil, kernel: kernel)
    #expect(matcher.kernel == kernel.runnable && matcher.kernel.isSupported)
    #expect(try await matcher.matches(of: "zephyr").count == 2)
  }

  /// The kernel's own contract, checked against a byte-by-byte search: random bytes
  /// from a small alphabet (so keys recur and near misses abound), random keys from 1 to
  /// 150 bytes, random sub-ranges.
  @Test(arguments: ScanKernel.available)
  func findsExactlyTheOccurrencesAByteByByteSearchFinds(_ kernel: ScanKernel) {
    var random = SeededRandom(seed: 0x5EED)
    for trial in 0..<3_000 {
      let haystack = Self.randomBytes(Int.random(in: 0...700, using: &random), using: &random)
      let length = haystack.count
      let keyCount =
        trial % 3 == 0
        ? Int.random(in: 30...150, using: &random) : Int.random(in: 1...10, using: &random)
      var key = Self.randomBytes(keyCount, using: &random)
      // Half the time the key is taken from the haystack, so it occurs at least once.
      if length >= keyCount && random.next() % 2 == 0 {
        let at = Int.random(in: 0...(length - keyCount), using: &random)
        key = Array(haystack[at..<at + keyCount])
      }
      let from = Int.random(in: 0...length, using: &random)
      let end = Int.random(in: from...length, using: &random)
      let rare = Int.random(in: 0..<keyCount, using: &random)
      let second = Int.random(in: 0..<keyCount, using: &random)
      // A third byte compared where the first two agree, or at every start; `rare`
      // itself asks for none.
      let third = Int.random(in: 0..<keyCount, using: &random)
      let thirdAlways = random.next() % 2 == 0
      // Steps written whether they hold candidates or not; two candidates a pass over a
      // step's two words, one a word, or four a word (not crowded, crowded, packed).
      let dense = random.next() % 2 == 0
      let crowded = Int32(random.next() % 3)
      let expected =
        end - from < keyCount
        ? []
        : (from...(end - keyCount)).filter {
          Array(haystack[$0..<$0 + keyCount]) == key
        }
      let got = Self.occurrences(
        kernel, haystack, from: from, end: end, key: key, rare: rare, second: second,
        third: third, thirdAlways: thirdAlways, dense: dense, crowded: crowded)
      #expect(got == expected, "trial \(trial): \(length) bytes, key of \(keyCount)")
      if got != expected { return }
    }
  }

  /// Rows counted as the kernel scans: each occurrence's row is the row holding `from`
  /// plus the separators (0xFF) between them, on random haystacks and keys of 1 to 40
  /// bytes (never holding 0xFF, as no key does), in batches that end anywhere.
  @Test(arguments: ScanKernel.available)
  func countsTheRowOfEveryOccurrenceAsItScans(_ kernel: ScanKernel) {
    var random = SeededRandom(seed: 0x0_F0F0)
    for trial in 0..<2_000 {
      let haystack = Self.randomBytes(
        Int.random(in: 0...(trial % 10 == 0 ? 3_000 : 700), using: &random), using: &random)
      let keyCount =
        trial % 4 == 0
        ? Int.random(in: 9...40, using: &random) : Int.random(in: 1...8, using: &random)
      var key = Self.randomBytes(keyCount, using: &random).map { $0 == 0xFF ? 0x61 : $0 }
      if haystack.count >= keyCount && random.next() % 2 == 0 {
        let at = Int.random(in: 0...(haystack.count - keyCount), using: &random)
        key = haystack[at..<at + keyCount].map { $0 == 0xFF ? 0x61 : $0 }
      }
      let from = Int.random(in: 0...haystack.count, using: &random)
      let end = Int.random(in: from...haystack.count, using: &random)
      let firstRow = Int.random(in: 0...1_000, using: &random)
      let expected = Self.occurrencesByteByByte(
        of: key, in: haystack, from: from, end: end, firstRow: firstRow)
      let got = Self.occurrencesWithRows(
        kernel, haystack, from: from, end: end, key: key, firstRow: firstRow,
        rare: Int.random(in: 0..<keyCount, using: &random),
        second: Int.random(in: 0..<keyCount, using: &random),
        third: Int.random(in: 0..<keyCount, using: &random),
        thirdAlways: random.next() % 2 == 0, dense: random.next() % 2 == 0,
        crowded: Int32(random.next() % 3), prefetch: Bool.random(using: &random) ? 0 : 4096)
      if kernel.native == nil {
        #expect(got == nil, "The portable kernel counts no rows")
        continue
      }
      #expect(got == expected, "trial \(trial): \(haystack.count) bytes, key of \(keyCount)")
      if got != expected { return }
    }
  }

  /// Occurrences and their rows across long stretches without a candidate, which a
  /// kernel may run in a loop of their own, counting their rows only when it next finds
  /// one (the AVX2 kernel, for a keyword that is not dense): stretches of up to 40,000
  /// bytes of separators, or of separators and letters, between rare occurrences, then
  /// occurrences frequent enough to fill several batches; with rows and without. Every
  /// kernel this CPU runs searches the same haystacks (made and searched byte by byte once).
  @Test func findsOccurrencesAndRowsAcrossLongStretchesWithoutACandidate() {
    var random = SeededRandom(seed: 0x5E9A)
    let key: [UInt8] = Array("zephyr".utf8)
    for trial in 0..<12 {
      var haystack: [UInt8] = []
      // Stretches of separators, or of separators and letters, of up to hundreds of
      // steps of 128 bytes, each followed by an occurrence.
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let stretch = Int.random(in: 0...40_000, using: &random)
        let separatorShare = [1.0, 0.9, 0.5].randomElement(using: &random)!
        for _ in 0..<stretch {
          haystack.append(Double.random(in: 0..<1, using: &random) < separatorShare ? 0xFF : 0x61)
        }
        haystack += key
      }
      // Then an occurrence every few dozen bytes: more than one batch holds.
      for _ in 0..<3_000 {
        haystack += (0..<Int.random(in: 0...40, using: &random)).map { _ in
          random.next() % 3 == 0 ? 0xFF : 0x62
        }
        haystack += key
      }
      let from = Int.random(in: 0...200, using: &random)
      let end = haystack.count - Int.random(in: 0...200, using: &random)
      let firstRow = Int.random(in: 0...1_000, using: &random)
      let expected = Self.occurrencesByteByByte(
        of: key, in: haystack, from: from, end: end, firstRow: firstRow)
      for kernel in ScanKernel.available where kernel.native != nil {
        let got = Self.occurrencesWithRows(
          kernel, haystack, from: from, end: end, key: key, firstRow: firstRow, rare: 0,
          second: 2, third: 4)
        #expect(got == expected, "\(kernel), trial \(trial): \(haystack.count) bytes")
        // Without rows, the AVX2 kernel's quiet steps loop apart too.
        let starts = Self.occurrences(
          kernel, haystack, from: from, end: end, key: key, rare: 0, second: 2, third: 4)
        #expect(starts == expected.map(\.start), "\(kernel), trial \(trial), without rows")
      }
    }
  }

  /// A search whose keyword turns up every few rows counts rows in the kernel once it
  /// has read a segment, or the first 64 KB of a larger one (from there, in the middle
  /// of a row): tricky rows (marks, expansions, remapped offsets, emoji) in segments of
  /// 2 KB and in one of 1 MB, frequent keywords, every kernel against the oracle, in both
  /// forms (without diacritics, most rows are remapped, and their matches take the
  /// offset mapping of the path that accepts the places of known rows).
  @Test(arguments: ScanKernel.available, [false, true])
  func findsTheRowsOfFrequentMatchesAsTheOracleDoes(
    _ kernel: ScanKernel, ignoringDiacritics: Bool
  ) async throws {
    let (corpus, small, large) = Self.frequentMatchCorpora[ignoringDiacritics ? 1 : 0]
    #expect(small.segmentCount > 10)
    #expect(large.segmentCount == 1 && large.byteCount > 2 * ScanOffsets.rowCountingProbe)
    let options = SearchOptions(ignoresDiacritics: ignoringDiacritics)
    let asked = OracleAnswers.Rows(corpus)
    for keyword in ["a", "s", "ss", "e\u{301}", "e", "中", "👍", "ι", "ab"] {
      // The same for every kernel: found once.
      let expected = await OracleAnswers.shared.matches(
        of: keyword, options: options, in: asked)
      for folded in [small, large] {
        let got = folded.matches(
          of: FoldedKeyword(keyword, options: options), inRows: 0..<corpus.count,
          kernel: kernel)
        #expect(got == expected, "\(keyword.debugDescription), \(folded.segmentCount) segments")
      }
    }
  }

  /// findsTheRowsOfFrequentMatchesAsTheOracleDoes's rows, folded in segments of 2 KB and
  /// in one of 1 MB, for each diacritics option: made once and searched with every kernel.
  private static let frequentMatchCorpora: [(Corpus, FoldedCorpus, FoldedCorpus)] = {
    var random = SeededRandom(seed: 0xF00D)
    let rows = (0..<12_000).map { _ in
      let pieces = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        TrickyText.pieces.randomElement(using: &random)!
      }
      return TranscriptRow(start: 0, text: pieces.joined())
    }
    let corpus = Corpus(rows)
    return [false, true].map { ignoringDiacritics in
      (
        corpus,
        FoldedCorpus(corpus, segmentBytes: 2_048, ignoringDiacritics: ignoringDiacritics),
        FoldedCorpus(
          corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes,
          ignoringDiacritics: ignoringDiacritics)
      )
    }
  }()

  /// A row of 5,000 "a": far more occurrences than one batch of the kernel's output.
  @Test(arguments: ScanKernel.available)
  func resumesWhenOneBatchCannotHoldEveryOccurrence(_ kernel: ScanKernel) {
    let haystack = [UInt8](repeating: 0x61, count: 5_000)
    #expect(
      Self.occurrences(kernel, haystack, from: 0, end: 5_000, key: [0x61], rare: 0, second: 0)
        == Array(0..<5_000))
    #expect(
      Self.occurrences(
        kernel, haystack, from: 3, end: 5_000, key: [0x61, 0x61], rare: 1, second: 0)
        == Array(3..<4_999))
    let corpus = Corpus([TranscriptRow(start: 0, text: String(repeating: "a", count: 5_000))])
    let folded = FoldedCorpus(corpus)
    #expect(folded.matches(of: FoldedKeyword("A"), inRows: 0..<1, kernel: kernel).count == 5_000)
    let search = folded.search(
      FoldedKeyword("aa"), inRows: 0..<1, kernel: kernel, collectingOccurrences: true)
    #expect(search.matches.count == 2_500)
    #expect(search.occurrences?.count == 4_999)
  }

  @Test(arguments: ScanKernel.available)
  func agreesWithTheOracleOnRowsShorterThanAVector(_ kernel: ScanKernel) async throws {
    let corpus = Corpus(
      ["a", "ab", "É", "", "ß", "ss", "aé"].map { TranscriptRow(start: 0, text: $0) })
    try await Self.expectOracleAnswers(
      corpus, keywords: ["a", "ab", "é", "ss", "ß", "b", "aé", "x"], kernel: kernel)
  }

  @Test(arguments: ScanKernel.available)
  func agreesWithTheOracleOnKeywordsLongerThanAVector(_ kernel: ScanKernel) async throws {
    let long = String(repeating: "Größe 東京 Ελλάδα ", count: 8)  // about 200 UTF-8 bytes
    let rows = [
      long, "x" + long + "y", long.uppercased(), String(long.dropLast(2)) + "Α ",
      String(repeating: long, count: 3),
    ]
    let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
    try await Self.expectOracleAnswers(
      corpus, keywords: [long, String(long.dropFirst()), long + long], kernel: kernel)
  }

  /// Rows folded into segments of a few bytes, so matches sit at the very first and the
  /// very last byte of a segment, and segments are shorter than a vector.
  @Test(arguments: ScanKernel.available)
  func findsMatchesAtTheFirstAndLastByteOfASegment(_ kernel: ScanKernel) async throws {
    let rows = ["zephyr", "a zephyr", "zephyr b", "ZEPHYR", "zephy", "r", "zephyrzephyr"]
    let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
    let expected = try await OracleMatcher(corpus: corpus).matches(of: "zephyr")
    for segmentBytes in [1, 7, 9, 20] {
      let folded = FoldedCorpus(corpus, segmentBytes: segmentBytes)
      let got = folded.matches(of: FoldedKeyword("zephyr"), inRows: 0..<rows.count, kernel: kernel)
      #expect(got == expected, "segments of \(segmentBytes) bytes")
    }
  }

  @Test(arguments: ScanKernel.available)
  func searchesSeveralKeywordsInOnePassWithEveryKernel(_ kernel: ScanKernel) async throws {
    let rows = (0..<400).map {
      TranscriptRow(
        start: 0, text: "row \($0) zephyr Größe 東京 \(String(repeating: "a", count: $0 % 90))")
    }
    let corpus = Corpus(rows)
    let folded = FoldedCorpus(corpus)
    let keywords = ["zephyr", "GRÖSSE", "東京", "aa", "row 1", "absent"]
    let together = folded.matches(
      ofEach: keywords.map(FoldedKeyword.init), inRows: 0..<rows.count, kernel: kernel)
    let oracle = OracleMatcher(corpus: corpus)
    for (keyword, got) in zip(keywords, together) {
      #expect(try await oracle.matches(of: keyword) == got, "\(keyword)")
    }
  }

  /// The search for several keys at once, checked against a byte-by-byte search of each
  /// key: random bytes from a small alphabet, 1 to 8 keys of 1 to 10 bytes (often taken
  /// from the haystack, sometimes the same key twice), random sub-ranges.
  @Test(arguments: ScanKernel.available.filter(\.searchesSeveralKeysAtOnce))
  func findsEveryKeysOccurrencesInOnePass(_ kernel: ScanKernel) {
    var random = SeededRandom(seed: 0xEAC4)
    for trial in 0..<2_000 {
      let haystack = Self.randomBytes(Int.random(in: 0...700, using: &random), using: &random)
      let length = haystack.count
      let keys = (0..<Int.random(in: 1...8, using: &random)).map { _ -> [UInt8] in
        // Past the kernel's 32 compared bytes in some.
        let count = Int.random(in: 1...(trial % 8 == 0 ? 40 : 10), using: &random)
        if length >= count && random.next() % 2 == 0 {
          let at = Int.random(in: 0...(length - count), using: &random)
          return Array(haystack[at..<at + count])
        }
        return Self.randomBytes(count, using: &random)
      }
      let from = Int.random(in: 0...length, using: &random)
      let end = Int.random(in: from...length, using: &random)
      let to = Int.random(in: from...end, using: &random)
      var expected: [UInt64] = []
      for start in from..<to {
        for (index, key) in keys.enumerated()
        where start + key.count <= end && Array(haystack[start..<start + key.count]) == key {
          expected.append(UInt64(index) << 32 | UInt64(start))
        }
      }
      var got: [UInt64] = []
      haystack.withUnsafeBufferPointer { haystack in
        let storage = keys.map { key in
          let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: key.count)
          _ = copy.initialize(from: key)
          return copy
        }
        defer { for copy in storage { copy.deallocate() } }
        let described = storage.map { tsb_key(bytes: $0.baseAddress, count: $0.count) }
        described.withUnsafeBufferPointer { described in
          let request = tsb_multi_scan(
            haystack: haystack.baseAddress, from: from, to: to, end: end,
            keys: described.baseAddress, key_count: described.count)
          kernel.forEachBatch(ofEach: request) { got += $0 }
        }
      }
      #expect(got == expected, "trial \(trial): \(length) bytes, \(keys.count) keys")
      if got != expected { return }
    }
  }

  /// More keywords than one pass takes, some repeated, each searched as if alone.
  @Test(arguments: ScanKernel.available)
  func searchesMoreKeywordsThanOnePassTakes(_ kernel: ScanKernel) async throws {
    let rows = (0..<300).map {
      TranscriptRow(
        start: 0,
        text:
          "\($0) Straße θάλασσα ΣΑΣ café cafe\u{301} 東京 ab\(String(repeating: "b", count: $0 % 40))"
      )
    }
    let corpus = Corpus(rows)
    let folded = FoldedCorpus(corpus)
    let keywords = [
      "STRASSE", "θάλασσα", "σας", "café", "東", "京", "b", "bb", "ab", "1", "absent", "b", "Ä",
      "caf", "1 s",
    ]
    let together = folded.matches(
      ofEach: keywords.map(FoldedKeyword.init), inRows: 0..<rows.count, kernel: kernel)
    let oracle = OracleMatcher(corpus: corpus)
    for (keyword, got) in zip(keywords, together) {
      #expect(try await oracle.matches(of: keyword) == got, "\(keyword)")
    }
  }

  /// `count` bytes from a small alphabet (so keys recur and near misses abound), with the
  /// row terminator 0xFF among them.
  private static func randomBytes(_ count: Int, using random: inout SeededRandom) -> [UInt8] {
    let alphabet: [UInt8] = [0x61, 0x62, 0x63, 0xC3, 0xA9, 0xFF]
    return (0..<count).map { _ in alphabet.randomElement(using: &random)! }
  }

  private static func expectOracleAnswers(
    _ corpus: Corpus, keywords: [String], kernel: ScanKernel
  ) async throws {
    let folded = FoldedCorpus(corpus)
    let oracle = OracleMatcher(corpus: corpus)
    for keyword in keywords {
      let got = folded.matches(of: FoldedKeyword(keyword), inRows: 0..<corpus.count, kernel: kernel)
      #expect(try await oracle.matches(of: keyword) == got, "\(keyword.prefix(20))… \(kernel)")
    }
  }

  /// The narrowing filter: the indices of the places whose following bytes, masked,
  /// are the wanted ones, as a place-by-place filter finds them. Lengths around each
  /// vector width, values from a small alphabet (so that many places pass and many
  /// differ in one byte only), both masks a narrowing uses.
  @Test(arguments: ScanKernel.available)
  func theNarrowingFilterKeepsThePlacesAPlaceByPlaceFilterKeeps(_ kernel: ScanKernel) {
    var random = SeededRandom(seed: 0xF11E)
    let lengths = Array(0...70) + [127, 128, 129, 1_000, 5_003]
    for (trial, length) in (lengths + lengths).enumerated() {
      let alphabet: [UInt16] = [0x6D20, 0x6E20, 0x6D6D, 0x206D, 0xFF6D, 0xFFFF, 0x00A0]
      let following = (0..<length).map { _ in alphabet.randomElement(using: &random)! }
      let mask: UInt16 = trial % 2 == 0 ? 0x00FF : 0xFFFF
      let wanted = alphabet.randomElement(using: &random)! & mask
      let expected = following.indices.filter { following[$0] & mask == wanted }.map(UInt32.init)
      let got = following.withUnsafeBufferPointer {
        FoldedCorpus.indices(of: $0, masked: mask, equalTo: wanted, kernel: kernel)
      }
      #expect(got == expected, "trial \(trial): \(length) places, mask \(mask)")
    }
  }

  /// An occurrence of a key and the row that holds it.
  struct Occurrence: Equatable {
    let start: Int
    let row: Int
  }

  /// The occurrences of `key` in `from..<end` of `haystack`, place by place, with their
  /// rows: `firstRow` plus the separators (0xFF) before each, from `from`.
  private static func occurrencesByteByByte(
    of key: [UInt8], in haystack: [UInt8], from: Int, end: Int, firstRow: Int
  ) -> [Occurrence] {
    guard end - from >= key.count else { return [] }
    var found: [Occurrence] = []
    var row = firstRow
    for start in from...(end - key.count) {
      if haystack[start..<start + key.count].elementsEqual(key) {
        found.append(Occurrence(start: start, row: row))
      }
      if haystack[start] == 0xFF { row += 1 }
    }
    return found
  }

  /// Every occurrence `kernel` reports with its row, counting from `firstRow` as it
  /// scans, batch after batch; nil from a kernel that counts no rows.
  private static func occurrencesWithRows(
    _ kernel: ScanKernel, _ haystack: [UInt8], from: Int, end: Int, key: [UInt8],
    firstRow: Int, rare: Int, second: Int, third: Int, thirdAlways: Bool = false,
    dense: Bool = false, crowded: Int32 = 0, prefetch: Int = ScanKernel.prefetchDistance
  ) -> [Occurrence]? {
    var found: [Occurrence] = []
    var rowsCounted = true
    haystack.withUnsafeBufferPointer { haystack in
      key.withUnsafeBufferPointer { key in
        let request = tsb_scan(
          haystack: haystack.baseAddress, from: from, end: end, key: key.baseAddress,
          key_count: key.count, rare: rare, second: second, third: third,
          third_always: thirdAlways ? 1 : 0, dense: dense ? 1 : 0, crowded: crowded,
          rows: nil, row: nil, prefetch: prefetch)
        kernel.forEachBatch(of: request, firstRow: firstRow) { starts, rows in
          guard let rows else {
            rowsCounted = false
            return
          }
          for (index, start) in starts.enumerated() {
            found.append(Occurrence(start: Int(start), row: Int(rows[index])))
          }
        }
      }
    }
    return rowsCounted ? found : nil
  }

  /// Every occurrence `kernel` reports, batch after batch.
  private static func occurrences(
    _ kernel: ScanKernel, _ haystack: [UInt8], from: Int, end: Int, key: [UInt8], rare: Int,
    second: Int, third: Int? = nil, thirdAlways: Bool = false, dense: Bool = false,
    crowded: Int32 = 0
  ) -> [Int] {
    var found: [Int] = []
    haystack.withUnsafeBufferPointer { haystack in
      key.withUnsafeBufferPointer { key in
        let request = tsb_scan(
          haystack: haystack.baseAddress, from: from, end: end, key: key.baseAddress,
          key_count: key.count, rare: rare, second: second, third: third ?? rare,
          third_always: thirdAlways ? 1 : 0, dense: dense ? 1 : 0, crowded: crowded,
          rows: nil, row: nil, prefetch: ScanKernel.prefetchDistance)
        kernel.forEachBatch(of: request) { batch in found += batch.map { Int($0) } }
      }
    }
    return found
  }
}

/// SplitMix64: the same random trials on every run.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
