import PropertyBased
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

  /// Enough matches that the parts are copied on every core: the merged list is the
  /// oracle's, in order.
  @Test func mergesManyMatchesOnEveryCoreInOrder() async throws {
    let rows = (0..<3_000).map {
      TranscriptRow(start: 0, text: "a\u{301}\($0) " + String(repeating: "ab ", count: 20 + $0 % 7))
    }
    let corpus = Corpus(rows)
    let chunked = ChunkedMatcher(
      corpus: corpus, folded: FoldedCorpus(corpus, segmentBytes: 4_096), chunkBytes: 8_192)
    let got = try await chunked.matches(of: "a")
    #expect(got.count >= ChunkedMatcher.parallelMergeMatches)
    #expect(got == (try await OracleMatcher(corpus: corpus).matches(of: "a")))
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
