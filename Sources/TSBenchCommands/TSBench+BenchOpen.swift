import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus

extension TSBench {
  struct BenchOpen: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-open",
      abstract:
        "Measure the wait from opening a transcript to its first highlight, count and suggestion.",
      discussion: """
        From the dataset's JSON Lines file (page cache warm) and from its rows already in \
        memory, times a keyword typed right after opening (the visible rows' highlights, \
        then the complete count) and the first suggestions for a prefix, plus the reading, \
        folding and indexing behind them. Writes results/open.md and results/open.json. Run \
        `tsbench datasets` first.
        """)

    @OptionGroup var standard: StandardDatasetOptions

    @Option(help: "The keyword typed right after opening.")
    var keyword = "zephyr"

    @Option(help: "The prefix whose suggestions are asked for.")
    var prefix = "s"

    @Option(help: "Interleaved rounds.")
    var rounds = 5

    @Option(help: "The folder the results are written to.")
    var results = "results"

    func validate() throws {
      guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
      guard !keyword.isEmpty, !prefix.trimmingCharacters(in: .whitespaces).isEmpty else {
        throw ValidationError("--keyword and --prefix must not be empty")
      }
    }

    func run() throws {
      try ResultsFolder.prepare(
        results, writing: ["open.md", "open.json"],
        inputs: [standard.jsonLinesFile])
      let dataset = standard.dataset
      let path = try standard.jsonLinesPath()
      var benchmark = OpenBenchmark(jsonLinesPath: path, dataset: dataset)
      benchmark.keyword = keyword
      benchmark.prefix = prefix
      benchmark.rounds = rounds
      let progress = ProgressDisplay("bench-open \(dataset)", total: rounds, unit: "rounds")
      let result = try benchmark.run(progress: progress)
      progress.finish()
      let command =
        "tsbench bench-open --dataset \(dataset) --keyword \(keyword) --prefix \(prefix) --rounds \(rounds)"
      let markdown = result.markdown(command: command)
      try ReportFile.write(markdown, to: "\(results)/open.md")
      try ReportFile.writeJSON(
        ReportWithTargets(result: result, targets: result.targets), to: "\(results)/open.json")
      print(markdown)
    }
  }
}
