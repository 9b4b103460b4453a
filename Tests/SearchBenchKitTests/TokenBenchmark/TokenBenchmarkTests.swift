import SearchStrategies
import Testing
import TranscriptCorpus
import TranscriptSearch

@testable import SearchBenchKit

@Suite("TokenBenchmark")
struct TokenBenchmarkTests {
  @Test func eightTokensAreCountedAndTheirRatioIsPairedByRound() async throws {
    var benchmark = TokenBenchmark()
    benchmark.rows = 2_000
    benchmark.rounds = 3
    let result = benchmark.run()

    // The one-pass search finds what the oracle finds for each token on its own.
    let corpus = TranscriptGenerator(script: .mixed, seed: DatasetSpec.standardSeed)
      .makeCorpus(rows: benchmark.rows).corpus
    let oracle = OracleMatcher(corpus: corpus)
    var expected = 0
    for token in benchmark.tokens {
      expected += try await oracle.matches(of: token, options: .default).count
    }
    #expect(result.matches["eightTokens"] == expected)
    #expect(
      result.matches["oneToken"]
        == (try await oracle.matches(of: benchmark.tokens[0], options: .default).count))

    // The target reads the median of the rounds' own ratios, one a round.
    let ratio = try #require(result.eightTokensPerOneToken)
    #expect(ratio.count == benchmark.rounds)
    let target = try #require(result.targets.first { $0.name.hasPrefix("8 tokens ÷ 1 token") })
    #expect(target.measured == ratio.median)
    #expect(result.markdown(command: "test").contains("median of each round's ratio"))
  }
}
