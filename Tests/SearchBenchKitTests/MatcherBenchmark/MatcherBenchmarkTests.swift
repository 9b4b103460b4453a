import Testing
import TranscriptCorpus
import TranscriptSearch

@testable import SearchBenchKit

@Suite("MatcherBenchmark")
struct MatcherBenchmarkTests {
  @Test func measuresEveryCellAndChecksItAgainstTheOracle() async throws {
    let (corpus, planted) = TranscriptGenerator(script: .latin, seed: 4).makeCorpus(rows: 400)
    var benchmark = MatcherBenchmark(
      datasetName: "latin-400", corpus: corpus,
      workloads: planted.map { .init(keyword: $0.keyword, label: $0.frequencyClass.rawValue) })
    benchmark.rounds = 2
    benchmark.oracleSampleRows = 400
    let result = try await benchmark.run()
    #expect(result.cells.count == planted.count * benchmark.strategies.count)
    for cell in result.cells {
      #expect(cell.seconds.count >= 1 && cell.seconds.count <= 2)
      let expected = planted.first { $0.keyword == cell.keyword }!.rows
      if cell.matcher == "folded" || cell.matcher == "chunked" {
        // Planted once per row: matches equal the manifest's row count.
        #expect(cell.matches == expected, "\(cell.matcher) \(cell.keyword)")
        #expect(cell.agreesWithOracleOnSample)
      }
    }
    // Regex compares lowercase mappings: it misses STRASSE for straße, and is marked.
    let regex = try #require(result.cell("regex", label: "frequent"))
    #expect(regex.matches < result.cell("folded", label: "frequent")!.matches)
    #expect(!regex.agreesWithOracleOnSample)
    #expect(result.markdown(command: "test").contains("## frequent"))
    // Memory is read on one core and on two in every round, beside the searches.
    let memory = try #require(result.memory)
    #expect(memory.oneCore.count == 2 && memory.twoCores.count == 2)
    #expect(memory.speedup > 0)
    #expect(result.markdown(command: "test").contains("## Memory on two cores"))
    // Speed-ups are the medians of the rounds' own ratios.
    let folded = try #require(result.cell("folded", label: "frequent"))
    let chunked = try #require(result.cell("chunked", label: "frequent"))
    let foldedRounds = try #require(folded.roundSeconds)
    let chunkedRounds = try #require(chunked.roundSeconds)
    #expect(
      foldedRounds.count == folded.seconds.count && chunkedRounds.count == chunked.seconds.count)
    if foldedRounds.count == chunkedRounds.count {
      let paired = Summary(zip(foldedRounds, chunkedRounds).map { $0 / $1 }).median
      #expect(result.speedup(of: chunked, over: folded) == paired)
      // Against what two cores can read: the same-round ratio over the memory's speed-up.
      let target = try #require(
        result.targets.first {
          $0.name.hasPrefix("chunked ÷ folded speed, frequent keyword, ÷ the two-core memory")
        })
      #expect(target.measured == paired / memory.speedup)
      #expect(target.met == (paired / memory.speedup >= 0.95))
      // Every sample was timed in the batch its calibration chose.
      #expect(result.cells.allSatisfy { ($0.batch ?? 0) >= 1 })
    }
  }
}
