import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch

extension TSBench {
  struct BenchImport: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-import",
      abstract: "Measure importing a large SubRip file, and the importers' limits.",
      discussion: """
        Writes the standard mixed corpus as a SubRip file (datasets/, git-ignored), then \
        imports it in a fresh process (so peak memory is the import's own), several \
        times; then runs the limit cases: one 10 MB row, a keyword with 10 million \
        matches, a million empty rows, one line without a newline. Writes \
        results/import.md and results/import.json.
        """)

    @Option(help: "Cues in the SubRip file.")
    var rows = 1_000_000

    @Option(help: "Rounds of the import.")
    var rounds = 3

    @Option(help: "The folder for the generated files.")
    var directory = "datasets"

    @Option(help: "The folder the results are written to.")
    var results = "results"

    func validate() throws {
      guard rows > 0, rounds > 0 else {
        throw ValidationError("--rows and --rounds must be positive")
      }
    }

    func run() throws {
      let path = "\(directory)/mixed-\(rows)-cues.srt"
      let corpus = TranscriptGenerator(script: .mixed, seed: DatasetSpec.standardSeed)
        .makeCorpus(rows: rows).corpus
      let writer = try SubRipWriter(path: path)
      for row in corpus.indices {
        let end =
          row + 1 < corpus.count
          ? corpus.startTime(ofRow: row + 1) : corpus.startTime(ofRow: row) + 2_000
        try writer.write(corpus[row], end: end)
      }
      try writer.finish()
      let fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      var samples: [Double] = []
      var peak = 0
      for _ in 0..<rounds {
        let measured = try Self.child(["bench-import-child", path])
        samples.append(measured.seconds)
        peak = max(peak, measured.peakResident)
        guard measured.rows == rows else {
          throw ValidationError("imported \(measured.rows) rows from \(path), expected \(rows)")
        }
      }
      let limits = try Self.child(["bench-import-child", "--limits", directory])
      let summary = Summary(samples)
      let report = ImportReport(
        file: path, cues: rows, fileBytes: fileBytes, seconds: summary, peakResidentBytes: peak,
        limits: limits.limits ?? [])
      try ReportFile.writeJSON(report, to: "\(results)/import.json")
      try ReportFile.write(report.markdown(rounds: rounds), to: "\(results)/import.md")
      print(report.markdown(rounds: rounds))
    }

    struct ChildOutput: Codable {
      var rows: Int
      var seconds: Double
      var peakResident: Int
      var limits: [ImportReport.Limit]?
    }

    /// Runs `tsbench <arguments>` in a fresh process and decodes what it printed.
    static func child(_ arguments: [String]) throws -> ChildOutput {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      process.arguments = arguments
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw ValidationError("the measuring process failed (\(arguments.joined(separator: " ")))")
      }
      return try JSONDecoder().decode(ChildOutput.self, from: data)
    }
  }

  /// The measured half of bench-import, in its own process.
  struct BenchImportChild: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-import-child", shouldDisplay: false)

    @Argument var path: String
    @Flag var limits = false

    func run() throws {
      if limits {
        let cases = try ImportLimits.run(directory: path)
        try emit(
          .init(rows: 0, seconds: 0, peakResident: ResidentMemory.peak() ?? 0, limits: cases))
        return
      }
      let clock = ContinuousClock()
      var rows = 0
      let elapsed = try clock.measure {
        rows = try TranscriptImporter(path: path).read().corpus.count
      }
      try emit(
        .init(rows: rows, seconds: elapsed.seconds, peakResident: ResidentMemory.peak() ?? 0))
    }

    private func emit(_ output: BenchImport.ChildOutput) throws {
      print(String(decoding: try JSONEncoder().encode(output), as: UTF8.self))
    }
  }
}
