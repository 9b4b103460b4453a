import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus

extension TSBench {
  struct BenchFold: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-fold",
      abstract: "Measure how fast each script's text is folded for search, by fold kernel.",
      discussion: """
        Generates a transcript of each script (the same seed as `tsbench datasets`) and \
        folds it with each fold kernel this CPU runs on one core, and with the kernel \
        folding uses on every core, in interleaved rounds. Writes results/fold.md and \
        results/fold.json.
        """)

    @Option(help: "Rows generated per script.")
    var rows = 200_000

    @Option(
      help: ArgumentHelp(
        "The scripts, comma-separated (default: all).",
        valueName: Script.allCases.map(\.rawValue).joined(separator: ",")),
      transform: { try ScriptList.parse($0, option: "--scripts") })
    var scripts: [Script]?

    @Option(help: "Interleaved rounds.")
    var rounds = 5

    @Option(help: "The folder the results are written to.")
    var results = "results"

    func validate() throws {
      guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
      guard rows > 0 else { throw ValidationError("--rows must be at least 1") }
    }

    func run() throws {
      try ResultsFolder.prepare(results, writing: ["fold.md", "fold.json"], inputs: [])
      var benchmark = FoldBenchmark()
      benchmark.scripts = scripts ?? Script.allCases
      benchmark.rows = rows
      benchmark.rounds = rounds
      let progress = ProgressDisplay("bench-fold", total: rounds, unit: "rounds")
      let result = benchmark.run(progress: progress)
      progress.finish()
      var command = "tsbench bench-fold --rows \(rows) --rounds \(rounds)"
      if let scripts { command += " --scripts " + scripts.map(\.rawValue).joined(separator: ",") }
      let markdown = result.markdown(command: command)
      try ReportFile.write(markdown, to: "\(results)/fold.md")
      try ReportFile.writeJSON(result, to: "\(results)/fold.json")
      print(markdown)
    }
  }
}
