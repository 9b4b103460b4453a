import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus

extension TranscriptFormat: ExpressibleByArgument {}

/// How a command reads the transcript named by `--dataset`.
struct DatasetOptions: ParsableArguments {
  @Option(help: "The format: jsonl, srt, vtt or text (default: from the file's extension).")
  var format: TranscriptFormat?

  @Flag(
    help: """
      Make every repair (bytes that are not text in the encoding) and every skipped block \
      (a cue without a readable timing line) an error naming its line.
      """)
  var strict = false

  @Option(
    help: """
      The input's encoding: UTF-8, UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE, WINDOWS-1252, \
      ISO-8859-1, or any name `iconv -l` lists (default: from a byte-order mark or \
      UTF-16's byte pattern, else UTF-8).
      """)
  var encoding: String?

  @Flag(help: .hidden)
  var lenient = false

  @Option(
    help: """
      The largest input read, in MiB (default 4096): the transcript is held in memory, so \
      a larger input (or one that never ends, /dev/urandom) is an error rather than a \
      machine out of memory.
      """)
  var inputLimit = InputLines.maximumInputBytes >> 20

  func validate() throws {
    guard inputLimit > 0, inputLimit <= 1 << 30 else {
      throw ValidationError("--input-limit must be from 1 to \(1 << 30) MiB")
    }
  }

  /// Loads `path`, telling the person on standard error what was repaired or skipped.
  func load(_ path: String) throws -> TranscriptImporter.Result {
    var importer = try TranscriptImporter(path: path, format: format)
    importer.strict = strict
    importer.encoding = encoding.map(TextEncoding.init(name:))
    importer.maximumInputBytes = inputLimit << 20
    let result = try importer.read()
    if result.repairedSequences > 0 {
      ProgressDisplay.writeError(
        "\(path): repaired \(result.repairedSequences) sequences that were not valid "
          + "\(result.encoding) to U+FFFD (--strict rejects them; --encoding names another "
          + "encoding)\n")
    }
    if !result.notices.isEmpty {
      let lines = result.notices.prefix(20).map { "  \(path):\($0.line): \($0.reason)" }
      ProgressDisplay.writeError(
        "\(path): skipped \(result.notices.count) blocks, as a reader of the format does:\n"
          + lines.joined(separator: "\n")
          + (result.notices.count > 20 ? "\n  … and \(result.notices.count - 20) more" : "")
          + "\n")
    }
    return result
  }
}
