import Testing

@testable import TranscriptCorpus

@Suite("SplitMix64")
struct SplitMix64Tests {
  /// The first outputs for seed 0 of the reference C implementation (Vigna's
  /// splitmix64.c), which every port reproduces.
  @Test func matchesTheReferenceImplementation() {
    var rng = SplitMix64(seed: 0)
    #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(rng.next() == 0x06C4_5D18_8009_454F)
  }

  @Test func boundedDrawsStayInRangeAndCoverIt() {
    var rng = SplitMix64(seed: 42)
    var seen = Set<Int>()
    for _ in 0..<10_000 {
      let value = rng.below(7)
      #expect((0..<7).contains(value))
      seen.insert(value)
      let unit = rng.unit()
      #expect(unit >= 0 && unit < 1)
    }
    #expect(seen.count == 7)
  }
}
