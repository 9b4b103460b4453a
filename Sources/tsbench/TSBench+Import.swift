import ArgumentParser
import TranscriptCorpus

extension TSBench {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Convert a transcript (SubRip, WebVTT, JSON Lines or plain text) to JSON Lines.",
      discussion: """
        The format comes from the extension (.srt, .vtt, .jsonl, .txt) or --format. UTF-8 \
        with or without a byte-order mark and UTF-16 with one are read; invalid UTF-8 is \
        repaired to U+FFFD and counted, or rejected with its byte offset under --strict. A \
        malformed cue stops the import with its line and what was expected, or, under \
        --lenient, is skipped and reported. The output appears only when complete.
        """)

    @Argument(help: "The transcript to import.")
    var file: String

    @Option(help: "The JSON Lines file to write.")
    var out: String

    @OptionGroup var options: DatasetOptions

    func run() throws {
      let result = try options.load(file)
      let writer = try JSONLinesWriter(path: out)
      for row in result.corpus { try writer.write(row) }
      try writer.finish()
      print("imported \(result.corpus.count) rows from \(file) into \(out)")
    }
  }
}
