import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus

extension TranscriptFormat: ExpressibleByArgument {}

/// How a command reads the transcript named by `--dataset`.
struct DatasetOptions: ParsableArguments {
  @Option(help: "The format: jsonl, srt, vtt or text (default: from the file's extension).")
  var format: TranscriptFormat?

  @Flag(help: "Reject invalid UTF-8, naming its byte offset, instead of repairing it.")
  var strict = false

  @Flag(help: "Skip malformed subtitle cues, and report them, instead of stopping at the first.")
  var lenient = false

  /// Loads `path`, telling the person on standard error what was repaired or skipped.
  func load(_ path: String) throws -> TranscriptImporter.Result {
    var importer = try TranscriptImporter(path: path, format: format)
    importer.strict = strict
    importer.lenient = lenient
    let result = try importer.read()
    if result.repairedSequences > 0 {
      ProgressDisplay.writeError(
        "\(path): repaired \(result.repairedSequences) invalid UTF-8 sequences to U+FFFD "
          + "(--strict rejects them)\n")
    }
    if !result.skippedCues.isEmpty {
      let lines = result.skippedCues.prefix(10).map { "  line \($0.line): \($0.reason)" }
      ProgressDisplay.writeError(
        "\(path): skipped \(result.skippedCues.count) malformed cues:\n"
          + lines.joined(separator: "\n")
          + (result.skippedCues.count > 10 ? "\n  …" : "") + "\n")
    }
    return result
  }
}
