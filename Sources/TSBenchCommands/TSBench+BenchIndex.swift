import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus

extension TSBench {
  struct BenchIndex: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-index",
      abstract: "Measure an index's costs: SQLite FTS5 (trigram) build, size, edits, reopening.",
      discussion: """
        Generates a transcript of each script (the same seed as `tsbench datasets`) and \
        measures what the fts5 strategy's index costs that a scan does not: building it \
        (and the MB of text a second), its size on top of the text, replacing one row, \
        appending one row, and the first query after opening a saved copy, beside a warm \
        query and folded's scan. Writes results/index.md and results/index.json. How many \
        queries repay the build is in tsbench compare's report.
        """)

    @Option(help: "Rows generated for every script.")
    var rows = 10_000

    @Option(help: "Rows generated for the large scripts as well (0: none).")
    var largeRows = 100_000

    @Option(
      help: ArgumentHelp(
        "The scripts measured at --rows, comma-separated (default: all).",
        valueName: Script.allCases.map(\.rawValue).joined(separator: ",")),
      transform: { try ScriptList.parse($0, option: "--scripts") })
    var scripts: [Script]?

    @Option(
      help: ArgumentHelp(
        "The scripts measured at --large-rows too.", valueName: "english,chinese,mixed"),
      transform: { try ScriptList.parse($0, option: "--large-scripts") })
    var largeScripts: [Script] = [.english, .chinese, .mixed]

    @Option(help: "Builds and reopenings per dataset.")
    var rounds = 3

    @Option(help: "The folder the results are written to.")
    var results = "results"

    func validate() throws {
      guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
      guard rows > 0 else { throw ValidationError("--rows must be at least 1") }
      guard largeRows >= 0 else { throw ValidationError("--large-rows must be 0 or more") }
      guard rows <= 10_000_000, largeRows <= 10_000_000 else {
        throw ValidationError("--rows and --large-rows are at most 10,000,000")
      }
    }

    func run() async throws {
      try ResultsFolder.prepare(results, writing: ["index.md", "index.json"], inputs: [])
      var benchmark = IndexBenchmark()
      benchmark.rounds = rounds
      benchmark.datasets =
        (scripts ?? Script.allCases).map { ($0, rows) }
        + (largeRows > 0 ? largeScripts.map { ($0, largeRows) } : [])
      let progress = ProgressDisplay(
        "bench-index", total: benchmark.datasets.count, unit: "datasets")
      let result = try await benchmark.run(progress: progress)
      progress.finish()
      var command =
        "tsbench bench-index --rows \(rows) --large-rows \(largeRows) --rounds \(rounds)"
      if let scripts { command += " --scripts " + scripts.map(\.rawValue).joined(separator: ",") }
      if largeRows > 0 {
        command += " --large-scripts " + largeScripts.map(\.rawValue).joined(separator: ",")
      }
      let markdown = result.markdown(command: command)
      try ReportFile.write(markdown, to: "\(results)/index.md")
      try ReportFile.writeJSON(result, to: "\(results)/index.json")
      print(markdown)
    }
  }
}
