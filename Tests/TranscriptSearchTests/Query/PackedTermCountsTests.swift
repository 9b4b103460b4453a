import Testing

@testable import TranscriptSearch

@Suite("PackedTermCounts")
struct PackedTermCountsTests {
  /// Many distinct keys (the table grows several times), each added a few times and
  /// some with amounts, against a dictionary's counts.
  @Test func countsLikeADictionaryThroughGrowth() {
    var random = SeededRandom(seed: 0x7E57)
    var counts = PackedTermCounts()
    var expected: [UInt128: Int] = [:]
    for _ in 0..<40_000 {
      let length = Int.random(in: 1...PackedBytes.capacity, using: &random)
      // Few distinct first bytes and lengths, so that keys collide in their low bits.
      let bytes = (0..<length).map { _ in UInt8.random(in: 0x61...0x66, using: &random) }
      let key = bytes.withUnsafeBufferPointer { PackedBytes.pack($0) }
      let amount = Int.random(in: 1...3, using: &random)
      counts.add(key, amount)
      expected[key, default: 0] += amount
    }
    var got: [UInt128: Int] = [:]
    counts.forEachCount { key, count in
      #expect(got[key] == nil, "a key listed twice")
      got[key] = count
    }
    #expect(counts.count == expected.count)
    #expect(got == expected)
  }
}
