import TranscriptSearch

/// Reads a transcript in any supported format into a corpus, streaming.
public struct TranscriptImporter: Sendable {
  public var path: String
  public var format: TranscriptFormat
  /// Reject invalid UTF-8 (with its byte offset) instead of repairing it.
  public var strict = false
  /// Skip malformed cues (and report them) instead of failing on the first.
  public var lenient = false

  /// - Parameter format: the format, or nil to tell it from the file's extension.
  /// - Throws: ``DatasetError`` if neither names a format.
  public init(path: String, format: TranscriptFormat? = nil) throws(DatasetError) {
    guard let format = format ?? TranscriptFormat(path: path) else {
      throw .cannotOpen(
        path: path,
        reason: "unknown format: name it with --format (jsonl, srt, vtt or text) or use one of "
          + "the extensions .jsonl, .srt, .vtt, .txt")
    }
    self.path = path
    self.format = format
  }

  /// What was imported, and what had to be repaired or skipped.
  public struct Result: Sendable {
    public var corpus: Corpus
    /// Invalid UTF-8 sequences replaced with U+FFFD.
    public var repairedSequences: Int
    /// Cues skipped under `lenient`: the line each started at and why.
    public var skippedCues: [SkippedCue]
  }

  public struct SkippedCue: Sendable, Equatable {
    public var line: Int
    public var reason: String
  }

  public func read() throws -> Result {
    if format == .jsonl && !TextLines.isUTF16(path: path) {
      // The fast path: JSON Lines parsed straight from the file's bytes.
      let loaded = try JSONLinesReader(path: path, repairsInvalidUTF8: !strict).read()
      return Result(
        corpus: loaded.corpus, repairedSequences: loaded.repairedSequences, skippedCues: [])
    }
    return try read(.file(path))
  }

  /// Imports from bytes in memory (the fuzz targets and tests use it).
  public func read(bytes: [UInt8]) throws -> Result {
    try read(.bytes(bytes))
  }

  private func read(_ source: TextLines.Source) throws -> Result {
    var lines = TextLines(source, strict: strict)
    let name = lines.name
    var corpus = Corpus()
    switch format {
    case .jsonl:
      var parser = JSONRowParser()
      try lines.forEachLine { line, number, _ in
        guard !line.allSatisfy(\.isWhitespace) else { return }
        var utf8 = line
        let row: JSONRowParser.Row
        do {
          row = try utf8.withUTF8 { try parser.parse($0) }
        } catch let failure as JSONRowParser.Failure {
          throw DatasetError.malformedLine(
            path: name, line: number, column: failure.column + 1, reason: failure.reason)
        }
        parser.text.withUnsafeBufferPointer {
          corpus.appendRow(start: row.start, speaker: row.speaker, utf8Text: $0)
        }
      }
      return Result(corpus: corpus, repairedSequences: lines.repairs, skippedCues: [])
    case .text:
      var row = 0
      try lines.forEachLine { line, _, _ in
        corpus.append(TranscriptRow(start: Int64(row), text: line))
        row += 1
      }
      return Result(corpus: corpus, repairedSequences: lines.repairs, skippedCues: [])
    case .srt, .vtt:
      var parser = CueParser(format: format, path: name, lenient: lenient)
      var sawLine = false
      try lines.forEachLine { line, number, _ in
        sawLine = true
        try parser.take(line, number: number, into: &corpus)
      }
      if format == .vtt && !sawLine {
        throw DatasetError.malformedCue(
          path: name, line: 1, reason: "the file is empty; expected the header 'WEBVTT'")
      }
      try parser.finish(into: &corpus)
      return Result(
        corpus: corpus, repairedSequences: lines.repairs,
        skippedCues: parser.skipped.map { SkippedCue(line: $0.line, reason: $0.reason) })
    }
  }
}
