import ArgumentParser
import SearchBenchKit
import TranscriptCorpus

extension TSBench {
  struct BenchSession: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-session",
      abstract: "Measure the search session: index, keep-current, highlighting, edits, typing.",
      discussion: """
        Generates the corpus at each size (no files needed) and measures building the \
        match index, keeping the current match, highlighting the visible rows, stepping, \
        editing and appending a row, and typing one more character, with the SwiftUI \
        sample's dictionary index side by side. Writes results/session.md and .json.
        """)

    @Option(help: "The script of the generated corpus.")
    var script: Script = .mixed

    @Option(
      help: "Row counts, comma-separated.",
      transform: {
        try $0.split(separator: ",").map { try Int($0).orThrow("not a row count: \($0)") }
      })
    var sizes = [1_000, 10_000, 100_000, 1_000_000]

    @Option(help: "Rounds per size.")
    var rounds = 7

    @Option(help: "The folder the results are written to.")
    var results = "results"

    func validate() throws {
      guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
      guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else {
        throw ValidationError("--sizes needs positive row counts")
      }
    }

    func run() async throws {
      try ResultsFolder.prepare(results, writing: ["session.md", "session.json"], inputs: [])
      var benchmark = SessionBenchmark()
      benchmark.script = script
      benchmark.sizes = sizes
      benchmark.rounds = rounds
      let progress = ProgressDisplay(
        "bench-session \(script.rawValue)", total: sizes.count, unit: "sizes")
      let result = try await benchmark.run(progress: progress)
      progress.finish()
      let command = "tsbench bench-session --script \(script.rawValue) --rounds \(rounds)"
      let markdown = result.markdown(command: command)
      try ReportFile.write(markdown, to: "\(results)/session.md")
      try ReportFile.writeJSON(
        ReportWithTargets(result: result, targets: result.targets), to: "\(results)/session.json")
      print(markdown)
    }
  }
}

extension Optional {
  /// The value, or a validation error with `message`.
  func orThrow(_ message: String) throws -> Wrapped {
    guard let self else { throw ValidationError(message) }
    return self
  }
}
