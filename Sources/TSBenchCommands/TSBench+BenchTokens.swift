import ArgumentParser
import SearchBenchKit

extension TSBench {
  struct BenchTokens: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-tokens",
      abstract: "Measure token queries, scopes and suggestions on the generated mixed corpus.",
      discussion: "Writes results/tokens.md and results/tokens.json.")

    @Option(help: "Rows of the generated mixed corpus.")
    var rows = 1_000_000

    @Option(help: "Rounds.")
    var rounds = 7

    @Option(help: "The folder the results are written to.")
    var results = "results"

    func validate() throws {
      guard rows >= 100, rounds > 0 else { throw ValidationError("--rows ≥ 100 and --rounds ≥ 1") }
    }

    func run() throws {
      try ResultsFolder.prepare(results, writing: ["tokens.md", "tokens.json"], inputs: [])
      var benchmark = TokenBenchmark()
      benchmark.rows = rows
      benchmark.rounds = rounds
      let result = benchmark.run()
      let markdown = result.markdown(
        command: "tsbench bench-tokens --rows \(rows) --rounds \(rounds)")
      try ReportFile.write(markdown, to: "\(results)/tokens.md")
      try ReportFile.writeJSON(
        ReportWithTargets(result: result, targets: result.targets), to: "\(results)/tokens.json")
      print(markdown)
    }
  }
}
