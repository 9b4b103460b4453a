import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus

extension TSBench {
  struct BenchCorpus: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-corpus",
      abstract: "Measure generating, loading and holding a large corpus.",
      discussion: """
        Generates the dataset into memory and loads its JSON Lines file, interleaved, for \
        several rounds, then measures a loaded corpus's resident memory in a fresh \
        process. Writes results/corpus.md and results/corpus.json. Run `tsbench datasets` \
        first.
        """)

    @OptionGroup var standard: StandardDatasetOptions

    @Option(help: "Interleaved rounds.")
    var rounds = 5

    @Option(help: "The folder the results are written to.")
    var results = "results"

    func validate() throws {
      guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
    }

    func run() throws {
      try ResultsFolder.prepare(
        results, writing: ["corpus.md", "corpus.json"],
        inputs: [standard.jsonLinesFile])
      let spec = standard.spec
      let dataset = standard.dataset
      let path = try standard.jsonLinesPath()
      let benchmark = CorpusBenchmark(spec: spec, jsonLinesPath: path, rounds: rounds)
      let progress = ProgressDisplay("bench-corpus \(dataset)", total: rounds, unit: "rounds")
      let result = try benchmark.run(
        footprint: { try Footprint.measureInChildProcess(path: path) }, progress: progress)
      progress.finish()
      let command = "tsbench bench-corpus --dataset \(dataset) --rounds \(rounds)"
      let markdown = result.markdown(command: command)
      try ReportFile.write(markdown, to: "\(results)/corpus.md")
      try ReportFile.writeJSON(result, to: "\(results)/corpus.json")
      print(markdown)
    }
  }

  struct Footprint: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Load a JSON Lines file and print the resident memory it took, as JSON.",
      shouldDisplay: false)

    @Argument(help: "The JSON Lines file.")
    var path: String

    func run() throws {
      let footprint = try LoadFootprint.measure(jsonLinesAt: path)
      let data = try JSONEncoder().encode(footprint)
      printJSON(data)
    }

    /// Runs this command in a fresh process, so the parent's freed memory is not reused.
    static func measureInChildProcess(path: String) throws -> LoadFootprint {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      process.arguments = ["footprint", path]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw ValidationError("measuring the footprint of \(path) failed")
      }
      return try JSONDecoder().decode(LoadFootprint.self, from: data)
    }
  }
}
