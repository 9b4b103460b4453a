import TranscriptSearch

/// Reads a transcript in any supported format into a corpus, streaming, from a file, a
/// pipe or bytes in memory: WebVTT as a browser reads it, SubRip as common readers do.
///
/// What a reader skips (a block without timings) or repairs (bytes that are not text in
/// the encoding) is kept in ``Result/notices`` and ``Result/repairedSequences``; with
/// ``strict``, any of it is an error naming the file and line instead.
public struct TranscriptImporter: Sendable {
  public var path: String
  public var format: TranscriptFormat
  /// Turn every skip and repair into an error.
  public var strict = false
  /// The input's encoding, or nil to tell it from its first bytes (UTF-8 otherwise).
  public var encoding: TextEncoding?
  /// The largest input read (see ``InputLines/maximumInputBytes``).
  public var maximumInputBytes = InputLines.maximumInputBytes

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
    /// Sequences that were not valid in the encoding, replaced with U+FFFD.
    public var repairedSequences: Int
    /// Blocks skipped, each with its line and why.
    public var notices: [ImportNotice]
    /// The encoding the input was decoded from.
    public var encoding: TextEncoding
  }

  public func read() throws -> Result {
    if format == .jsonl, encoding == nil || encoding == .utf8 {
      // The JSON Lines reader reads a large UTF-8 file on every core.
      var reader = JSONLinesReader(path: path, repairsInvalidUTF8: !strict)
      reader.maximumInputBytes = maximumInputBytes
      if let (read, _) = try reader.readInPartsIfLarge() {
        return Result(
          corpus: read.corpus, repairedSequences: read.repairedSequences, notices: [],
          encoding: .utf8)
      }
    }
    var input = InputLines(.path(path), strict: strict, encoding: encoding)
    input.maximumInputBytes = maximumInputBytes
    return try read(input)
  }

  /// Imports from bytes in memory (the fuzz targets and tests use it).
  public func read(bytes: [UInt8]) throws -> Result {
    try read(InputLines(.bytes(bytes), strict: strict, encoding: encoding))
  }

  private func read(_ input: InputLines) throws -> Result {
    var input = input
    let name = input.name
    var corpus = Corpus()
    if let size = input.sizeHint, format != .text {
      // Text is most of a file; a cue or a JSON line is rarely under 100 bytes. Reserving
      // once spares the copies (and page faults) of growing by doubling.
      corpus.reserveCapacity(rows: size / 100, textBytes: size)
    }
    var notices: [ImportNotice] = []
    var sawLine = false
    switch format {
    case .jsonl:
      var parser = JSONRowParser()
      try input.forEachLine { line, number, _ in
        sawLine = true
        try parser.appendRow(from: line, number: number, path: name, to: &corpus)
      }
    case .text:
      try input.forEachLine { line, number, _ in
        sawLine = true
        corpus.appendRow(start: Int64(number - 1), speaker: nil, utf8Text: line)
      }
    case .vtt:
      var parser = WebVTTParser(path: name)
      try input.forEachLine { line, number, _ in
        sawLine = true
        try parser.take(line, number: number, into: &corpus)
      }
      if sawLine { try parser.finish(into: &corpus) }
      notices = parser.notices
    case .srt:
      var parser = SubRipParser(path: name)
      try input.forEachLine { line, number, _ in
        sawLine = true
        try parser.take(line, number: number, into: &corpus)
      }
      try parser.finish(into: &corpus)
      notices = parser.notices
    }
    // The same answer for every format: an input with nothing in it is not a transcript.
    guard sawLine else {
      throw DatasetError.malformedLine(
        path: name, line: 1, column: 1,
        reason: "the file is empty" + (input.bytesRead > 0 ? " (a byte-order mark only)" : ""))
    }
    // Subtitles of which not one cue could be read are not a transcript either.
    if corpus.isEmpty, let first = notices.first {
      throw DatasetError.malformedCue(
        path: name, line: first.line,
        reason: "no cue could be read; the first problem: " + first.reason)
    }
    if strict, let first = notices.first {
      throw DatasetError.malformedCue(
        path: name, line: first.line, reason: first.reason + " (without --strict it is skipped)")
    }
    return Result(
      corpus: corpus, repairedSequences: input.repairs, notices: notices, encoding: input.encoding)
  }
}
