import ArgumentParser
import Foundation
import SearchBenchKit

extension TSBench {
  struct BenchSearch: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-search",
      abstract: "Time `tsbench search` as a whole process beside `rg -c -i -F`.",
      discussion: """
        Runs `tsbench search --dataset F --keyword K --limit 1` (read, fold, search, print \
        the count and the first match) and `rg -c -i -F -- K F` on a JSON Lines file, \
        interleaved, for each keyword; reports the medians, their ratio paired by round, and \
        where tsbench's time goes (from `tsbench search --timings`). Writes \
        results/search-process.md and .json. Without ripgrep, tsbench alone is timed.
        """)

    @Option(help: "The JSON Lines file searched (`make bench-real-text` makes the default).")
    var dataset = "datasets/manpages-1m.jsonl"

    @Option(
      help: "The keywords, comma-separated.",
      transform: { $0.split(separator: ",").map(String.init) })
    var keywords = ["und", "Zeitzone", "Gänsefüßchen", "не", "дескриптор", "の", "暗号化"]

    @Option(help: "Interleaved rounds.")
    var rounds = 5

    @Option(help: "The folder the results are written to.")
    var results = "results"

    func validate() throws {
      guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
      guard !keywords.isEmpty, !keywords.contains(where: \.isEmpty) else {
        throw ValidationError("--keywords needs one or more keywords, none empty")
      }
    }

    func run() throws {
      try ResultsFolder.prepare(
        results, writing: ["search-process.md", "search-process.json"], inputs: [dataset])
      guard FileManager.default.isReadableFile(atPath: dataset) else {
        throw ValidationError("cannot read \(dataset); `make bench-real-text` makes the default")
      }
      let tsbench = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
      var benchmark = SearchProcessBenchmark(tsbench: tsbench, file: dataset, keywords: keywords)
      benchmark.rounds = rounds
      let progress = ProgressDisplay("bench-search", total: rounds, unit: "rounds")
      let result = try benchmark.run(progress: progress)
      progress.finish()
      let command =
        "\(ProgramName.current) bench-search --dataset \(dataset) --keywords "
        + "\(keywords.joined(separator: ",")) --rounds \(rounds)"
      let markdown = result.markdown(command: command)
      try ReportFile.write(markdown, to: "\(results)/search-process.md")
      try ReportFile.writeJSON(
        ReportWithTargets(result: result, targets: result.targets),
        to: "\(results)/search-process.json")
      print(markdown)
    }
  }
}
