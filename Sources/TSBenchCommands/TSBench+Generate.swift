import ArgumentParser
import SearchBenchKit
import TranscriptCorpus

extension TSBench {
  struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Generate a transcript in one script.",
      discussion: """
        Writes JSON Lines ({"start":…, "speaker":…, "text":…} per line) or plain text \
        (one row's text per line). The file appears only when complete. Prints the \
        planted keywords and the number of rows holding each.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
      case jsonl, text
    }

    @Option(help: "The script: \(Script.allCases.map(\.rawValue).joined(separator: ", ")).")
    var script: Script

    // Unconditional, so "--rows -5" reaches validate() and its message.
    @Option(parsing: .unconditional, help: "The number of rows.")
    var rows: Int

    @Option(help: "The seed; the same seed gives the same bytes.")
    var seed: UInt64 = DatasetSpec.standardSeed

    @Option(help: "The output file.")
    var out: String

    @Option(help: "The output format: jsonl or text.")
    var format: Format = .jsonl

    func validate() throws {
      guard rows >= 0 else { throw ValidationError("--rows must not be negative (got \(rows))") }
    }

    func run() throws {
      let generator = TranscriptGenerator(script: script, seed: seed)
      let progress = ProgressDisplay(
        "generating \(out)", total: rows, unit: "rows", enabled: rows >= 100_000)
      var written = 0
      let planted: [PlantedKeywordCount]
      switch format {
      case .jsonl:
        let writer = try JSONLinesWriter(path: out)
        planted = try generator.generate(rows: rows) { start, speaker, text in
          try writer.write(start: start, speaker: speaker, utf8Text: text)
          written += 1
          if written % 16_384 == 0 { progress.update(written) }
        }
        try writer.finish()
      case .text:
        let writer = try PlainTextWriter(path: out)
        planted = try generator.generate(rows: rows) { _, _, text in
          try writer.write(utf8Text: text)
          written += 1
          if written % 16_384 == 0 { progress.update(written) }
        }
        try writer.finish()
      }
      progress.finish()
      print("wrote \(rows) \(script.rawValue) rows to \(out)")
      for keyword in planted {
        print("  \(keyword.frequencyClass.rawValue): \(keyword.keyword) in \(keyword.rows) rows")
      }
    }
  }
}

extension Script: ExpressibleByArgument {}
