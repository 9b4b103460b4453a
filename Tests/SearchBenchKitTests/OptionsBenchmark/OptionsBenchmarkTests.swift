import SearchStrategies
import Testing
import TranscriptCorpus
import TranscriptSearch

@testable import SearchBenchKit

@Suite("OptionsBenchmark")
struct OptionsBenchmarkTests {
  @Test func measuresEveryOptionAndChecksItAgainstTheOracle() async throws {
    let (corpus, planted) = TranscriptGenerator(script: .mixed, seed: 7).makeCorpus(rows: 400)
    var benchmark = OptionsBenchmark(
      datasetName: "mixed-400", corpus: corpus,
      workloads: planted.map { .init(keyword: $0.keyword, label: $0.frequencyClass.rawValue) })
    benchmark.rounds = 2
    let result = try await benchmark.run()
    #expect(result.cells.count == planted.count * 2 * benchmark.options.count)
    #expect(result.cells.allSatisfy { $0.agreesWithOracleOnSample })
    #expect(result.cells.allSatisfy { $0.ratioSamples.count == 2 })
    for cell in result.cells where cell.options == "contains" {
      #expect(result.ratio(cell.matcher, cell.label, cell.options) == 1)
    }
    // The counts are the oracle's under each option.
    let oracle = OracleMatcher(corpus: corpus)
    for cell in result.cells where cell.matcher == "folded" {
      let options = benchmark.options.first { $0.description == cell.options }!
      let expected = try await oracle.matches(of: cell.keyword, options: options)
      #expect(expected.count == cell.matches, "\(cell.keyword) \(cell.options)")
    }
    #expect(result.formWithoutDiacriticsBytes > 0 && result.defaultFormBytes > 0)
    #expect(result.markdown(command: "test").contains("## Targets"))
  }
}
