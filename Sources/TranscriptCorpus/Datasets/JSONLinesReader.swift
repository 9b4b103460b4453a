import TranscriptSearch

/// Loads a JSON Lines transcript, one `{"start":…, "speaker":…, "text":…}` object per
/// line, into a ``Corpus``, streaming: memory holds the corpus and one read chunk.
public struct JSONLinesReader {
  public let path: String
  /// Replace invalid UTF-8 with U+FFFD (and count it) instead of failing.
  public var repairsInvalidUTF8 = false

  public init(path: String, repairsInvalidUTF8: Bool = false) {
    self.path = path
    self.repairsInvalidUTF8 = repairsInvalidUTF8
  }

  /// What was loaded, and what had to be repaired.
  public struct Result: Sendable {
    public var corpus: Corpus
    /// Invalid UTF-8 sequences replaced with U+FFFD.
    public var repairedSequences: Int
  }

  /// Reads every row. Blank lines are skipped.
  ///
  /// - Parameter progress: called with the number of bytes read so far.
  /// - Throws: ``DatasetError`` naming the file, line and column of the first problem.
  public func read(progress: (Int) -> Void = { _ in }) throws(DatasetError) -> Result {
    var corpus = Corpus()
    var parser = JSONRowParser()
    // The input is read once, through the same reader as every importer: pipes work, the
    // encoding is told from a byte-order mark, invalid UTF-8 is repaired or rejected there.
    var input = InputLines(.path(path), strict: !repairsInvalidUTF8)
    if let fileSize = input.sizeHint {
      // Text is most of a line; the rest is keys, start and speaker (about 40 bytes).
      corpus.reserveCapacity(rows: fileSize / 120, textBytes: fileSize)
    }
    var reported = 0
    do {
      try input.forEachLine { line, number, offset in
        if offset - reported >= 1 << 22 {
          progress(offset)
          reported = offset
        }
        try parser.appendRow(from: line, number: number, path: path, to: &corpus)
      }
    } catch let error as DatasetError {
      throw error
    } catch {
      throw .cannotOpen(path: path, reason: "\(error)")
    }
    progress(input.bytesRead)
    return Result(corpus: corpus, repairedSequences: input.repairs)
  }

  static func fileSize(_ path: String) -> Int? {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : nil
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
