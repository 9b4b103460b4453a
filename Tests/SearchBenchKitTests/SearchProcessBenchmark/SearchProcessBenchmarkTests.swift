import Testing

@testable import SearchBenchKit

@Suite("SearchProcessBenchmark")
struct SearchProcessBenchmarkTests {
  @Test func theTimingsLineIsReadWhereverItComes() {
    let output = """
      timings: read 227.1 ms, search 71.7 ms, print 5.4 ms
      21760 matches of "und" in datasets/manpages-1m.jsonl (folded)
        row 333 [15, 18): "und"
      """
    let phases = SearchProcessBenchmark.phases(in: output)
    #expect(phases.count == 3)
    #expect(abs(phases["read"]! - 0.2271) < 1e-9 && abs(phases["print"]! - 0.0054) < 1e-9)
    #expect(SearchProcessBenchmark.phases(in: "3 matches of \"a\"\n").isEmpty)
  }
}
