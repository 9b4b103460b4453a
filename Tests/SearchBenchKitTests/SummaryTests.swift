import Testing

@testable import SearchBenchKit

@Suite("Summary")
struct SummaryTests {
  @Test func oddCountTakesTheMiddleSample() {
    let summary = Summary([5, 1, 3])
    #expect(summary.median == 3)
    #expect(summary.min == 1)
    #expect(summary.max == 5)
    #expect(summary.count == 3)
  }

  @Test func evenCountAveragesTheTwoMiddleSamples() {
    #expect(Summary([4, 1, 2, 10]).median == 3)
  }
}

@Suite("ResidentMemory")
struct ResidentMemoryTests {
  @Test func growsWhenMemoryIsTouched() throws {
    // Other suites run at the same time and may free tens of megabytes while a block is
    // touched, hiding its growth: touch a large block, and try a few times.
    let size = 256 << 20
    var grew: [Int] = []
    for _ in 0..<3 {
      let before = try #require(ResidentMemory.current())
      let block = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
      defer { block.deallocate() }
      block.initializeMemory(as: UInt8.self, repeating: 1)
      let after = try #require(ResidentMemory.current())
      grew.append(after - before)
      guard after - before >= size / 2 else { continue }
      // Not `peak >= after`: the kernel's per-thread RSS counters are summed lazily, so
      // with other tests running the two fields can disagree by a few pages.
      let peak = try #require(ResidentMemory.peak())
      #expect(peak >= before + size / 2, "peak \(peak), before \(before)")
      return
    }
    Issue.record("resident memory grew by only \(grew) bytes after touching \(size) bytes")
  }
}
