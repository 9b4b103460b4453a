import ArgumentParser
import TranscriptCorpus

extension TSBench {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Convert a transcript (SubRip, WebVTT, JSON Lines or plain text) to JSON Lines.",
      discussion: """
        The format comes from the extension (.srt, .vtt, .jsonl, .txt) or --format. WebVTT \
        is read by the W3C parsing algorithm, as a browser reads it; SubRip as common \
        readers do. The encoding comes from a byte-order mark, UTF-16's byte pattern or \
        --encoding (UTF-8 otherwise); bytes that are not valid in it are repaired to \
        U+FFFD and counted. Blocks a reader skips (a cue without a readable timing line) \
        are skipped and listed on standard error with their lines; --strict makes any \
        repair or skip an error. Lines longer than 64 MiB are an error. FILE may be a pipe \
        (/dev/stdin). The output appears only when complete.
        """)

    @Argument(help: "The transcript to import.")
    var file: String

    @Option(help: "The JSON Lines file to write.")
    var out: String

    @OptionGroup var options: DatasetOptions

    func run() throws {
      try OutputPath.check(outputs: [out], inputs: [file])
      let result = try options.load(file)
      let writer = try JSONLinesWriter(path: out)
      for row in result.corpus { try writer.write(row) }
      try writer.finish()
      print("imported \(result.corpus.count) rows from \(file) into \(out)")
    }
  }
}
