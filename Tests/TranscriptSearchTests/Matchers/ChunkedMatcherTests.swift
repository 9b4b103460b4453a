import PropertyBased
import SearchStrategies
import Testing

@testable import TranscriptSearch

@Suite("ChunkedMatcher")
struct ChunkedMatcherTests {
  @Test(arguments: ConformanceCase.all)
  func passesEveryConformanceCase(_ item: ConformanceCase) async throws {
    let corpus = Corpus([TranscriptRow(start: 0, text: item.text)])
    let got = try await ChunkedMatcher(corpus: corpus).matches(
      of: item.keyword, options: item.searchOptions)
    #expect(got.map { [$0.start, $0.end] } == item.expected)
  }

  @Test func agreesWithTheOracleAcrossManySmallChunks() async {
    await propertyCheck(
      count: 200, input: TrickyText.strings(upTo: 16).array(of: 1...12), TrickyText.keywords
    ) { rows, keyword in
      let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
      let expected = try? await OracleMatcher(corpus: corpus).matches(of: keyword)
      let chunked = ChunkedMatcher(
        corpus: corpus, folded: FoldedCorpus(corpus, segmentBytes: 8), chunkBytes: 8)
      let got = try? await chunked.matches(of: keyword)
      #expect(got == expected, "\(rows.debugDescription) \(keyword.debugDescription)")
    }
  }

  /// A dense keyword over many chunks, searched by this task alone and with helpers (more
  /// than there are cores): chunks written in place and apart come in the oracle's order.
  @Test(arguments: [0, 1, 3])
  func manyMatchesComeInOrderFromEveryChunk(helpers: Int) async throws {
    let rows = (0..<3_000).map {
      TranscriptRow(start: 0, text: "a\u{301}\($0) " + String(repeating: "ab ", count: 20 + $0 % 7))
    }
    let corpus = Corpus(rows)
    let folded = FoldedCorpus(corpus, segmentBytes: 4_096)
    let chunks = ChunkedMatcher.chunks(of: folded, chunkBytes: 8_192)
    let expected = try await OracleMatcher(corpus: corpus).matches(of: "a")
    // (Each row's "ab"s; its "á" is not an "a".)
    #expect(expected.count == rows.indices.reduce(0) { $0 + 20 + $1 % 7 })
    for kernel in ScanKernel.available {
      let search = ChunkedSearch(
        folded: folded, keyword: FoldedKeyword("a"), chunks: chunks, kernel: kernel,
        originals: corpus, rooms: ChunkRooms(capacity: 1 << 16))
      #expect(try await search.run(helpers: helpers) == expected, "\(kernel)")
    }
  }

  /// A key of several scalars gets room for the rate of the first chunk searched; here
  /// the rows after the first fifth hold fifty times as many matches a byte, so most go
  /// past the result's room, and still follow in order.
  @Test(arguments: [0, 1, 3])
  func matchesPastTheExpectedRoomFollowInOrder(helpers: Int) async throws {
    let rows = (0..<5_000).map {
      TranscriptRow(
        start: 0,
        text: $0 < 1_000
          ? "\($0) filler, then a zephyr" + (($0 % 10 == 0) ? " zephyr" : "")
          : "\($0) zephyr zéphyr ZEPHYR zephyrzephyr")
    }
    let corpus = Corpus(rows)
    let folded = FoldedCorpus(corpus, segmentBytes: 1_024)
    let chunks = ChunkedMatcher.chunks(of: folded, chunkBytes: 2_048)
    let expected = try await OracleMatcher(corpus: corpus).matches(of: "zephyr")
    #expect(expected.count == 1_100 + 4_000 * 4)
    let search = ChunkedSearch(
      folded: folded, keyword: FoldedKeyword("zephyr"), chunks: chunks, kernel: .automatic,
      originals: corpus, rooms: ChunkRooms(capacity: 1 << 16))
    #expect(try await search.run(helpers: helpers) == expected)
  }

  /// One matcher searched for keywords of every density in turn, so that each search
  /// gets rooms another left, too small or larger than it needs.
  @Test func searchesInTurnReuseRoomsAndStayExact() async throws {
    let rows = (0..<4_000).map {
      TranscriptRow(start: 0, text: "\($0) a ab abc " + String(repeating: "b", count: $0 % 50))
    }
    let corpus = Corpus(rows)
    let chunked = ChunkedMatcher(
      corpus: corpus, folded: FoldedCorpus(corpus, segmentBytes: 2_048), chunkBytes: 4_096)
    let oracle = OracleMatcher(corpus: corpus)
    for keyword in ["a", "abc", "b", "zz", "ab", "a", "bb", "b"] {
      let expected = try await oracle.matches(of: keyword)
      #expect(try await chunked.matches(of: keyword) == expected, "\(keyword)")
    }
  }

  /// Searches of one matcher running at once share its rooms; each gets the oracle's
  /// answer (ThreadSanitizer runs it).
  @Test func concurrentSearchesOfOneMatcherShareItsRooms() async throws {
    let corpus = Corpus((0..<3_000).map { TranscriptRow(start: 0, text: "\($0) a ab abc cab") })
    let chunked = ChunkedMatcher(
      corpus: corpus, folded: FoldedCorpus(corpus, segmentBytes: 1_024), chunkBytes: 2_048)
    let keywords = ["a", "ab", "abc", "b", "cab", "a", "c", "ab"]
    var expected: [[Match]] = []
    for keyword in keywords {
      expected.append(try await OracleMatcher(corpus: corpus).matches(of: keyword))
    }
    let results = try await withThrowingTaskGroup(of: (Int, [Match]).self) { group in
      for (index, keyword) in keywords.enumerated() {
        group.addTask { (index, try await chunked.matches(of: keyword)) }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
    for index in keywords.indices {
      #expect(results[index] == expected[index], "\(keywords[index])")
    }
  }

  /// A chunk holds `chunkBytes` or more, unless less follows it; a segment that less
  /// than `chunkBytes` follows ends its chunk, so the last ones are a segment each.
  @Test func chunksShrinkToOneSegmentTowardTheEnd() {
    let corpus = Corpus((0..<2_000).map { TranscriptRow(start: 0, text: "row \($0) text") })
    let folded = FoldedCorpus(corpus, segmentBytes: 100)
    let chunks = ChunkedMatcher.chunks(of: folded, chunkBytes: 1_000)
    let sizes = folded.segments.map(\.bytes.count)
    for rows in chunks {
      let segments = folded.segments.indices.filter { rows.contains(folded.segmentFirstRow[$0]) }
      let size = segments.reduce(0) { $0 + sizes[$1] }
      let after = sizes[(segments.last! + 1)...].reduce(0, +)
      let afterFirst = sizes[(segments.first! + 1)...].reduce(0, +)
      #expect(size >= 1_000 || after < 1_000)
      #expect(afterFirst >= 1_000 || segments.count == 1)
    }
    #expect(chunks.count > folded.byteCount / 1_000 + 5)
  }

  /// A corpus of no rows, or of rows with no text, has no chunk to search, or nothing in it.
  @Test(arguments: [0, 1, 3])
  func emptyCorporaHaveNoMatches(rows: Int) async throws {
    let corpus = Corpus((0..<rows).map { _ in TranscriptRow(start: 0, text: "") })
    #expect(try await ChunkedMatcher(corpus: corpus).matches(of: "a").isEmpty)
    // And split by the caller, which a corpus that small is not by default.
    let split = ChunkedMatcher(corpus: corpus, folded: nil, chunkBytes: 1)
    #expect(try await split.matches(of: "a").isEmpty)
  }

  /// By default a corpus of less than two of the smallest chunks is one chunk, searched
  /// as `folded` searches it; from there on, it is split.
  @Test func onlyACorpusOfTwoSmallestChunksOrMoreIsSplitByDefault() async throws {
    let row = "zephyr Ωmega straße 東京 row "
    let rowBytes = row.utf8.count + 8
    let rows = ChunkedMatcher.splitMinimumBytes / rowBytes
    let small = Corpus((0..<rows / 2).map { TranscriptRow(start: 0, text: row + "\($0)") })
    let large = Corpus((0..<rows + rows / 8).map { TranscriptRow(start: 0, text: row + "\($0)") })
    let chunkedSmall = ChunkedMatcher(corpus: small)
    let chunkedLarge = ChunkedMatcher(corpus: large)
    #expect(chunkedSmall.folded.byteCount < ChunkedMatcher.splitMinimumBytes)
    #expect(chunkedLarge.folded.byteCount >= ChunkedMatcher.splitMinimumBytes)
    #expect(chunkedSmall.chunks == [0..<small.count])
    #expect(chunkedLarge.chunks.count > 1)
    let splitSmall = ChunkedMatcher(
      corpus: small, folded: FoldedCorpus(small, segmentBytes: 4_096), chunkBytes: 8_192)
    #expect(splitSmall.chunks.count > 1)
    for (corpus, chunked) in [(small, chunkedSmall), (large, chunkedLarge)] {
      let folded = FoldedMatcher(corpus: corpus, folded: chunked.folded)
      for keyword in ["zephyr", "STRASSE", "東京", "9 z"] {
        let expected = try await folded.matches(of: keyword, options: .default)
        #expect(try await chunked.matches(of: keyword, options: .default) == expected)
      }
    }
    let options = SearchOptions(ignoresDiacritics: true)
    #expect(
      try await chunkedSmall.matches(of: "omega", options: options)
        == FoldedMatcher(corpus: small).matches(of: "omega", options: options))
  }

  @Test func chunksCoverEveryRowOnceInOrder() {
    let corpus = Corpus((0..<1_000).map { TranscriptRow(start: 0, text: "row \($0) text") })
    let chunked = ChunkedMatcher(
      corpus: corpus, folded: FoldedCorpus(corpus, segmentBytes: 50), chunkBytes: 100)
    #expect(chunked.chunks.first?.lowerBound == 0)
    #expect(chunked.chunks.last?.upperBound == 1_000)
    for (left, right) in zip(chunked.chunks, chunked.chunks.dropFirst()) {
      #expect(left.upperBound == right.lowerBound)
    }
  }

  /// About eight chunks a core, never smaller than the least chunk nor larger than the
  /// largest.
  @Test func chunkSizeGrowsWithTheCorpusWithinItsBounds() {
    let least = ChunkedMatcher.chunkBytes
    let largest = ChunkedMatcher.largestChunkBytes
    #expect(ChunkedMatcher.chunkBytes(forTotal: 0, cores: 2) == least)
    #expect(ChunkedMatcher.chunkBytes(forTotal: 10 << 20, cores: 2) == least)
    #expect(ChunkedMatcher.chunkBytes(forTotal: 40 << 20, cores: 2) == 40 << 20 / 16)
    #expect(ChunkedMatcher.chunkBytes(forTotal: 107 << 20, cores: 2) == largest)
    #expect(ChunkedMatcher.chunkBytes(forTotal: 107 << 20, cores: 16) == least)
    #expect(ChunkedMatcher.chunkBytes(forTotal: 107 << 20, cores: 0) == largest)
  }

  @Test func aCancelledSearchThrows() async {
    let corpus = Corpus((0..<20_000).map { TranscriptRow(start: 0, text: "zephyr \($0)") })
    let chunked = ChunkedMatcher(
      corpus: corpus, folded: FoldedCorpus(corpus, segmentBytes: 500), chunkBytes: 1_000)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await chunked.matches(of: "zephyr")
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  /// A corpus of one chunk is searched on the calling task, and a cancelled one throws too.
  @Test func aCancelledSearchOfOneChunkThrows() async {
    let corpus = Corpus((0..<100).map { TranscriptRow(start: 0, text: "zephyr \($0)") })
    let chunked = ChunkedMatcher(corpus: corpus)
    #expect(chunked.chunks.count == 1)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await chunked.matches(of: "zephyr")
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}

extension ChunkedMatcherTests {
  @Test func smallSegmentsMakeManyChunks() {
    let corpus = Corpus((0..<1_000).map { TranscriptRow(start: 0, text: "row \($0) text") })
    let chunked = ChunkedMatcher(
      corpus: corpus, folded: FoldedCorpus(corpus, segmentBytes: 50), chunkBytes: 100)
    #expect(chunked.chunks.count > 50)
  }
}

extension ChunkedMatcherTests {
  /// Searches that ignore diacritics, started together on a fresh matcher, build its
  /// second folded form once and all get the oracle's answer (ThreadSanitizer runs it).
  @Test func concurrentSearchesShareTheFormWithoutDiacritics() async throws {
    let corpus = Corpus(
      (0..<3_000).map { TranscriptRow(start: 0, text: $0 % 3 == 0 ? "Résumé \($0)" : "resume") })
    let chunked = ChunkedMatcher(
      corpus: corpus, folded: FoldedCorpus(corpus, segmentBytes: 512), chunkBytes: 1_024)
    let options = SearchOptions(wordMatch: .whole, ignoresDiacritics: true)
    let expected = try await OracleMatcher(corpus: corpus).matches(of: "RESUME", options: options)
    let results = try await withThrowingTaskGroup(of: [Match].self) { group in
      for _ in 0..<8 {
        group.addTask { try await chunked.matches(of: "RESUME", options: options) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 8 && results.allSatisfy { $0 == expected })
    #expect(expected.count == 3_000)
    #expect(chunked.forms.builtFormWithoutDiacritics != nil)
  }
}

@Suite("ChunkRooms")
struct ChunkRoomsTests {
  /// The room taken is the one given back last, whose memory is still in the caches.
  @Test func theRoomGivenBackLastIsTakenFirst() {
    let rooms = ChunkRooms(capacity: 1_000)
    let first = rooms.take(atLeast: 100)
    let second = rooms.take(atLeast: 100)
    rooms.giveBack(first, needed: 10)
    rooms.giveBack(second, needed: 10)
    let again = (rooms.take(atLeast: 50), rooms.take(atLeast: 50))
    #expect(again.0.buffer.baseAddress == second.buffer.baseAddress)
    #expect(again.1.buffer.baseAddress == first.buffer.baseAddress)
    rooms.giveBack(again.0, needed: 0)
    rooms.giveBack(again.1, needed: 0)
  }

  /// A room whose matches did not all fit comes back with room for them and a quarter
  /// more; one that would hold more than the capacity is not kept.
  @Test func roomsGrowPastWhatDidNotFitWithinTheCapacity() {
    let rooms = ChunkRooms(capacity: 1_000)
    rooms.giveBack(rooms.take(atLeast: 8), needed: 400)
    let grown = rooms.take(atLeast: 0)
    #expect(grown.buffer.count == 500)
    rooms.giveBack(grown, needed: 2_000)
    let fresh = rooms.take(atLeast: 0)
    #expect(fresh.buffer.count == 0)
    rooms.giveBack(fresh, needed: 0)
  }

  /// A room too small for what is asked is replaced by a new one with a quarter more.
  @Test func aRoomTooSmallIsReplaced() {
    let rooms = ChunkRooms(capacity: 1_000)
    rooms.giveBack(rooms.take(atLeast: 8), needed: 8)
    let larger = rooms.take(atLeast: 400)
    #expect(larger.buffer.count == 500)
    rooms.giveBack(larger, needed: 0)
    // (The small room went: the larger one is the only one kept.)
    let again = rooms.take(atLeast: 0)
    #expect(again.buffer.baseAddress == larger.buffer.baseAddress)
    rooms.giveBack(again, needed: 0)
  }
}
