import Testing
import TranscriptCorpus
import TranscriptSearch

@testable import SearchBenchKit

@Suite("MemoryCeiling")
struct MemoryCeilingTests {
  /// Small segments, so that a split falls inside one, at its ends and between them.
  let folded = FoldedCorpus(
    TranscriptGenerator(script: .mixed, seed: 8).makeCorpus(rows: 300).corpus, segmentBytes: 97)

  @Test func readsEachByteOfARangeAcrossSegmentsOnce() throws {
    var sizes: [Int] = []
    folded.forEachSegmentBuffer { sizes.append($0.count) }
    try #require(sizes.count > 10)
    let total = sizes.reduce(0, +)
    #expect(MemoryCeiling.byteCount(folded) == total)
    #expect(MemoryCeiling.read(folded, bytes: 0..<Int.max) == total)
    let segmentEnds = sizes.indices.map { sizes[...$0].reduce(0, +) }
    for split in [0, 1, 96, 97, 98, total / 3, total / 2, segmentEnds[4], total - 1, total] {
      #expect(MemoryCeiling.read(folded, bytes: 0..<split) == split, "before \(split)")
      #expect(MemoryCeiling.read(folded, bytes: split..<total) == total - split, "from \(split)")
      #expect(MemoryCeiling.read(folded, bytes: split..<split) == 0)
    }
    #expect(MemoryCeiling.read(folded, bytes: 40..<250) == 210)
  }

  @Test func timesBothCoresReadingTheirHalves() {
    // Returns once both halves are read: a helper that never started, or never
    // signalled, would hang here.
    let seconds = MemoryCeiling.twoCores(folded)
    #expect(seconds > 0 && seconds < 60)
    #expect(MemoryCeiling.oneCore(folded) > 0)
  }
}
