import Dispatch
import TranscriptSearch

/// Loads a JSON Lines transcript, one `{"start":…, "speaker":…, "text":…}` object per
/// line, into a ``Corpus``.
///
/// A large UTF-8 file is mapped and read in parts, one per core, split at line feeds;
/// anything else (a pipe, another encoding, a small file) is streamed: memory then holds
/// the corpus and one read chunk.
public struct JSONLinesReader: Sendable {
  public let path: String
  /// Replace invalid UTF-8 with U+FFFD (and count it) instead of failing.
  public var repairsInvalidUTF8 = false
  /// The largest input read (see ``InputLines/maximumInputBytes``).
  public var maximumInputBytes = InputLines.maximumInputBytes

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
    if let result = try readInPartsIfLarge() {
      progress(result.bytesRead)
      return result.0
    }
    var corpus = Corpus()
    var parser = JSONRowParser()
    // The input is read once, through the same reader as every importer: pipes work, the
    // encoding is told from a byte-order mark, invalid UTF-8 is repaired or rejected there.
    var input = InputLines(.path(path), strict: !repairsInvalidUTF8)
    input.maximumInputBytes = maximumInputBytes
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

  /// Reads the first `count` rows only (blank lines skipped), streaming: what a viewer
  /// shows while the whole file is read, in microseconds whatever the file's size.
  ///
  /// - Throws: ``DatasetError`` naming the file, line and column of a problem in them.
  public func readFirstRows(_ count: Int) throws(DatasetError) -> Corpus {
    struct Enough: Error {}
    var corpus = Corpus()
    guard count > 0 else { return corpus }
    var parser = JSONRowParser()
    var input = InputLines(.path(path), strict: !repairsInvalidUTF8)
    input.chunkSize = 1 << 16
    do {
      try input.forEachLine { line, number, _ in
        try parser.appendRow(from: line, number: number, path: path, to: &corpus)
        if corpus.count == count { throw Enough() }
      }
    } catch is Enough {
    } catch let error as DatasetError {
      throw error
    } catch {
      throw .cannotOpen(path: path, reason: "\(error)")
    }
    return corpus
  }

  /// Reads the file in parts on every core if it is a large UTF-8 file; nil otherwise
  /// (nothing has been read then).
  func readInPartsIfLarge() throws(DatasetError) -> (Result, bytesRead: Int)? {
    guard
      let file = try WholeFile(
        path: path, minimumBytes: Self.minimumBytesPerPart * 2, maximumBytes: maximumInputBytes),
      let result = try readInParts(file)
    else { return nil }
    return (result, file.count)
  }

  /// Parts smaller than this are not worth a core.
  static let minimumBytesPerPart = 4 << 20

  /// What one part of a file gave: its rows, or the first problem in it (with line
  /// numbers and offsets counted from the part's start).
  private struct Part {
    var corpus = Corpus()
    var lines = 0
    var repairs = 0
    var firstRepairLine: Int?
    var error: DatasetError?
  }

  /// Reads a whole file in parts on every core and joins their rows in order; nil when
  /// the file is not UTF-8 (it is then streamed through its transcoder).
  private func readInParts(_ file: WholeFile) throws(DatasetError) -> Result? {
    let parts: [Part]? = file.withBytes { bytes in
      let head = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, 1 << 20)])
      var markLength = 0
      if let (encoding, length) = TextEncoding.byteOrderMark(head) {
        guard encoding == .utf8 else { return nil }
        markLength = length
      } else if (try? TextEncoding.unmarked(head, path: path)) != .utf8 {
        // Another encoding, or none that can be told: the streaming reader says which.
        return nil
      }
      let text = UnsafeBufferPointer(rebasing: bytes[markLength...])
      let bounds = Self.partBounds(text)
      nonisolated(unsafe) var parts = [Part](repeating: Part(), count: bounds.count - 1)
      parts.withUnsafeMutableBufferPointer { parts in
        nonisolated(unsafe) let parts = parts
        nonisolated(unsafe) let text = text
        DispatchQueue.concurrentPerform(iterations: parts.count) { index in
          // The first part's corpus takes the others' rows in the end: room for all.
          parts[index] = readPart(
            UnsafeBufferPointer(rebasing: text[bounds[index]..<bounds[index + 1]]),
            reservingBytes: index == 0 ? text.count : nil)
        }
      }
      // Problems and repairs are told in the whole file's lines and offsets.
      var linesBefore = 0
      for index in parts.indices {
        parts[index].error = parts[index].error?.shifted(
          lines: linesBefore, bytes: bounds[index])
        parts[index].firstRepairLine = parts[index].firstRepairLine.map { $0 + linesBefore }
        linesBefore += parts[index].lines
      }
      return parts
    }
    guard var parts else { return nil }
    if let error = parts.lazy.compactMap(\.error).first { throw error }
    var corpus = parts[0].corpus
    parts[0].corpus = Corpus()
    for index in parts.indices.dropFirst() {
      corpus.append(contentsOf: parts[index].corpus)
      parts[index].corpus = Corpus()
    }
    return Result(corpus: corpus, repairedSequences: parts.reduce(0) { $0 + $1.repairs })
  }

  /// Where each part starts, and the end: about equal parts, one per core, each cut
  /// just after a line feed.
  private static func partBounds(_ text: UnsafeBufferPointer<UInt8>) -> [Int] {
    let count = max(1, min(activeProcessorCount(), text.count / minimumBytesPerPart))
    var bounds = [0]
    for part in 1..<count {
      let target = max(text.count * part / count, bounds[bounds.count - 1])
      guard target < text.count,
        let feed = memchr(text.baseAddress! + target, 0x0A, text.count - target)
      else { break }
      bounds.append(
        UnsafePointer<UInt8>(feed.assumingMemoryBound(to: UInt8.self)) - text.baseAddress! + 1)
    }
    bounds.append(text.count)
    return bounds
  }

  /// The rows of one part, which starts a line and ends just after a line feed (or at
  /// the end of the file).
  private func readPart(_ bytes: UnsafeBufferPointer<UInt8>, reservingBytes: Int?) -> Part {
    var part = Part()
    let reserved = reservingBytes ?? bytes.count
    // Text is most of a line; the rest is keys, start and speaker (about 40 bytes).
    part.corpus.reserveCapacity(rows: reserved / 120, textBytes: reserved)
    var validator = LineValidator(name: path, strict: !repairsInvalidUTF8)
    var parser = JSONRowParser()
    let path = path
    do {
      if let base = bytes.baseAddress, memchr(base, 0x0D, bytes.count) == nil {
        // Lines end at line feeds only: split here, with no splitter state to carry.
        var start = 0
        // UTF-8 is validated a chunk of lines at a time, while the chunk is in cache, and
        // line by line only in a chunk that is not valid, to name the line.
        var checkedEnd = 0
        var chunkIsValid = true
        while start < bytes.count {
          if start >= checkedEnd {
            checkedEnd = Self.endOfChunk(bytes, from: start)
            chunkIsValid = UTF8Validation.isValid(
              UnsafeBufferPointer(rebasing: bytes[start..<checkedEnd]))
          }
          let end =
            memchr(base + start, 0x0A, bytes.count - start).map {
              UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base
            } ?? bytes.count
          part.lines += 1
          guard end - start <= InputLines.maximumLineBytes else {
            throw DatasetError.lineTooLong(
              path: path, line: part.lines, limit: InputLines.maximumLineBytes)
          }
          let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
          if !chunkIsValid,
            let repaired = try validator.repair(line, number: part.lines, offset: start)
          {
            try repaired.withUnsafeBufferPointer {
              try parser.appendRow(from: $0, number: part.lines, path: path, to: &part.corpus)
            }
          } else {
            try parser.appendRow(from: line, number: part.lines, path: path, to: &part.corpus)
          }
          start = end + 1
        }
      } else {
        var splitter = LineSplitter(name: path, maximumLineBytes: InputLines.maximumLineBytes)
        // Lines that may end at carriage returns: the part is validated at once.
        let wellFormed = UTF8Validation.isValid(bytes)
        func emit(_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ offset: Int) throws {
          guard !wellFormed else {
            try parser.appendRow(from: line, number: number, path: path, to: &part.corpus)
            return
          }
          try validator.pass(line, number: number, offset: offset) { line, number, _ in
            try parser.appendRow(from: line, number: number, path: path, to: &part.corpus)
          }
        }
        try splitter.feed(bytes, emit)
        try splitter.finish(emit)
        part.lines = splitter.linesSplit
      }
    } catch let error as DatasetError {
      part.error = error
    } catch {
      part.error = .cannotOpen(path: path, reason: "\(error)")
    }
    part.repairs = validator.repairs
    part.firstRepairLine = validator.firstRepairLine
    return part
  }

  /// Where a chunk of lines starting at `start` ends: just after the first line feed
  /// at least ``chunkBytes`` on, or at the end.
  private static func endOfChunk(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let target = start + chunkBytes
    guard target < bytes.count,
      let feed = memchr(bytes.baseAddress! + target, 0x0A, bytes.count - target)
    else { return bytes.count }
    return UnsafePointer<UInt8>(feed.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress! + 1
  }

  /// Lines validated at once: well inside a core's L2 cache, where parsing finds them.
  static let chunkBytes = 64 << 10

  /// The cores a file is read on, in parts.
  static func activeProcessorCount() -> Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
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
