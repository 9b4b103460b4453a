import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch

extension TSBench {
  struct BenchImport: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-import",
      abstract: "Measure importing large SubRip and WebVTT files, and the importers' limits.",
      discussion: """
        Writes the standard mixed corpus as a SubRip and a WebVTT file (in --directory, \
        git-ignored; rewritten each run), then imports each in a fresh process (so peak \
        memory is the import's own), the formats interleaved, several times; then runs the \
        limit cases: one 10 MB row, a keyword with 10 million matches, a million empty \
        rows. Writes results/import.md and results/import.json.
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
      try ResultsFolder.prepare(results, writing: ["import.md", "import.json"], inputs: [])
      let corpus = TranscriptGenerator(script: .mixed, seed: DatasetSpec.standardSeed)
        .makeCorpus(rows: rows).corpus
      var files: [(format: TranscriptFormat, path: String, bytes: Int)] = []
      for format in [TranscriptFormat.srt, .vtt] {
        let path = "\(directory)/mixed-\(rows)-cues.\(format.rawValue)"
        let writer = try SubtitleWriter(path: path, format: format)
        for row in corpus.indices {
          let end =
            row + 1 < corpus.count
            ? corpus.startTime(ofRow: row + 1) : corpus.startTime(ofRow: row) + 2_000
          try writer.write(corpus[row], end: end)
        }
        try writer.finish()
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        files.append((format, path, bytes))
      }
      var samples: [TranscriptFormat: [Double]] = [:]
      var peaks: [TranscriptFormat: Int] = [:]
      for _ in 0..<rounds {
        for file in files {
          let measured = try Self.child(["bench-import-child", file.path])
          samples[file.format, default: []].append(measured.seconds)
          peaks[file.format] = max(peaks[file.format] ?? 0, measured.peakResident)
          guard measured.rows == rows else {
            throw ValidationError(
              "imported \(measured.rows) rows from \(file.path), expected \(rows)")
          }
        }
      }
      let limits = try Self.child(["bench-import-child", "--limits", directory])
      let report = ImportReport(
        cues: rows,
        imports: files.map {
          .init(
            format: $0.format.rawValue, file: $0.path, fileBytes: $0.bytes,
            seconds: Summary(samples[$0.format]!), peakResidentBytes: peaks[$0.format]!)
        },
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
        let cases = try ImportLimits.run(
          directory: path,
          tsbench: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path)
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
      printJSON(try JSONEncoder().encode(output))
    }
  }
}
