import Dispatch
import TranscriptSearch

/// Loads a JSON Lines transcript, one `{"start":…, "speaker":…, "text":…}` object per
/// line, into a ``Corpus``.
///
/// A large UTF-8 file is read in parts, one per core, split at line feeds, each part a
/// window at a time; anything else (a pipe, another encoding, a small file) is streamed:
/// memory then holds the corpus and one read chunk.
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
      let file = try RegularFile(
        path: path, minimumBytes: Self.minimumBytesPerPart * 2, maximumBytes: maximumInputBytes),
      let result = try readInParts(file)
    else { return nil }
    return (result, file.size)
  }

  /// Parts smaller than this are not worth a core.
  static let minimumBytesPerPart = 4 << 20

  /// What one part of a file gave: its rows, or the first problem in it (with line
  /// numbers and offsets counted from the part's start).
  private struct Part {
    var rows: PartRows?
    var lines = 0
    var repairs = 0
    var firstRepairLine: Int?
    var error: DatasetError?
  }

  /// Reads a whole file in parts on every core and joins their rows in order; nil when
  /// the file is not UTF-8 (it is then streamed through its transcoder).
  ///
  /// Each part writes its texts into its own region of one buffer, the one the corpus
  /// keeps: a region as long as the part's lines, so the texts of one part lie together
  /// and the next part's start after a gap no row refers to (the first's keys, starts
  /// and speakers: never written, so never in memory).
  private func readInParts(_ file: RegularFile) throws(DatasetError) -> Result? {
    let head = try file.bytes(0..<min(file.size, 1 << 20))
    let (encoding, markLength) = head.withUnsafeBufferPointer {
      head -> (TextEncoding?, Int) in
      if let (encoding, length) = TextEncoding.byteOrderMark(head) { return (encoding, length) }
      // Another encoding, or none that can be told: the streaming reader says which.
      return (try? TextEncoding.unmarked(head, path: path), 0)
    }
    guard encoding == .utf8 else { return nil }
    // Bounds, lines and offsets are the text's, after the byte-order mark.
    let bounds = try partBounds(file, from: markLength).map { $0 - markLength }
    // Rows a byte, from the head's lines: columns reserved for too few rows are copied
    // into larger ones as they fill.
    let rowsPerByte = Double(head.lazy.filter { $0 == 0x0A }.count + 1) / Double(head.count)
    nonisolated(unsafe) var parts = [Part](repeating: Part(), count: bounds.count - 1)
    let text = [UInt8](unsafeUninitializedCapacity: bounds.last!) { buffer, initialized in
      nonisolated(unsafe) let buffer = buffer
      parts.withUnsafeMutableBufferPointer { parts in
        nonisolated(unsafe) let parts = parts
        DispatchQueue.concurrentPerform(iterations: parts.count) { index in
          let region = bounds[index]..<bounds[index + 1]
          // The first part's columns take the others' in the end: room for all.
          let rows = index == 0 ? bounds.last! : region.count
          parts[index] = readPart(
            of: file, region.lowerBound + markLength..<region.upperBound + markLength,
            into: PartRows(
              region: UnsafeMutableBufferPointer(rebasing: buffer[region]),
              at: region.lowerBound, reservingRows: Int(Double(rows) * rowsPerByte * 1.05) + 1_024))
        }
      }
      // Up to the last part's texts; every row lies before.
      initialized =
        parts.indices.lazy.compactMap { index in
          parts[index].rows.flatMap { $0.overflowed ? nil : bounds[index] + $0.used }
        }.max() ?? 0
    }
    // Problems and repairs are told in the whole file's lines and offsets.
    var linesBefore = 0
    for index in parts.indices {
      parts[index].error = parts[index].error?.shifted(lines: linesBefore, bytes: bounds[index])
      parts[index].firstRepairLine = parts[index].firstRepairLine.map { $0 + linesBefore }
      linesBefore += parts[index].lines
    }
    if let error = parts.lazy.compactMap(\.error).first { throw error }
    try file.checkUnchanged()
    var corpus: Corpus
    if !parts.contains(where: { $0.rows!.overflowed }) {
      // Each part's columns moved out of it, unshared, to be appended to in place.
      var columns: [Corpus.Columns] = []
      for index in parts.indices {
        columns.append(parts[index].rows!.takeColumns())
      }
      corpus = Corpus(text: consume text, joining: columns)
    } else {
      // Repairs outgrew a region: the parts are joined by copying.
      corpus = Corpus()
      for part in parts.map({ $0.rows! }) {
        corpus.append(contentsOf: part.overflow ?? Corpus(text: text, joining: [part.columns]))
      }
    }
    return Result(corpus: corpus, repairedSequences: parts.reduce(0) { $0 + $1.repairs })
  }

  /// Where each part starts in the file, and its end: about equal parts from `start`, one
  /// per core, each cut just after a line feed.
  private func partBounds(_ file: RegularFile, from start: Int) throws(DatasetError) -> [Int] {
    let count = max(
      1, min(Self.activeProcessorCount(), (file.size - start) / Self.minimumBytesPerPart))
    var bounds = [start]
    let window = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 64)
    defer { window.deallocate() }
    search: for part in 1..<count {
      var target = max(start + (file.size - start) * part / count, bounds[bounds.count - 1])
      while target < file.size {
        let length = min(window.count, file.size - target)
        try file.read(into: UnsafeMutableRawBufferPointer(rebasing: window[..<length]), at: target)
        if let feed = window[..<length].firstIndex(of: 0x0A) {
          bounds.append(target + feed + 1)
          continue search
        }
        target += length
      }
      break
    }
    bounds.append(file.size)
    return bounds
  }

  /// Bytes of a part read at once: its lines are validated and parsed while they are
  /// still in the core's cache.
  var windowBytes = 256 << 10

  /// The rows of the part `range` of `file`, which starts a line and ends just after a
  /// line feed (or at the end of the file), read a window at a time into `rows`.
  private func readPart(of file: RegularFile, _ range: Range<Int>, into rows: PartRows) -> Part {
    var part = Part(rows: rows)
    var lines = PartLines(path: path, strict: !repairsInvalidUTF8)
    var buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: min(max(windowBytes, 1), range.count), alignment: 64)
    defer { buffer.deallocate() }
    do {
      var position = range.lowerBound
      // Bytes at the buffer's start that the last window left: the start of a line.
      var carried = 0
      while position < range.upperBound || carried > 0 {
        if carried == buffer.count {
          // A line longer than the window: a larger one, up to the longest line allowed.
          guard carried <= InputLines.maximumLineBytes else {
            throw DatasetError.lineTooLong(
              path: path, line: lines.count + 1, limit: InputLines.maximumLineBytes)
          }
          let larger = UnsafeMutableRawBufferPointer.allocate(
            byteCount: min(buffer.count * 2, range.count), alignment: 64)
          larger.copyMemory(from: UnsafeRawBufferPointer(buffer))
          buffer.deallocate()
          buffer = larger
        }
        let wanted = min(buffer.count - carried, range.upperBound - position)
        try file.read(
          into: UnsafeMutableRawBufferPointer(rebasing: buffer[carried..<carried + wanted]),
          at: position)
        position += wanted
        let filled = carried + wanted
        let window = UnsafeBufferPointer(
          start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: filled)
        let cut = position == range.upperBound ? filled : Self.endOfLastLine(in: window)
        if cut > 0 {
          try lines.read(
            UnsafeBufferPointer(rebasing: window[..<cut]),
            at: position - filled - range.lowerBound, into: &part.rows!)
        }
        carried = filled - cut
        if carried > 0 && cut > 0 {
          buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + cut, byteCount: carried)
        }
        if position == range.upperBound { break }
      }
    } catch let error as DatasetError {
      part.error = error
    } catch {
      part.error = .cannotOpen(path: path, reason: "\(error)")
    }
    part.lines = lines.count
    part.repairs = lines.repairs
    part.firstRepairLine = lines.firstRepairLine
    return part
  }

  /// Where the last whole line of `window` ends: just after its last line feed, else
  /// after its last carriage return that is not its last byte (an LF may follow it in
  /// the next window), else 0.
  private static func endOfLastLine(in window: UnsafeBufferPointer<UInt8>) -> Int {
    // (From the end: the last line feed is usually a line's length away.)
    if let feed = window.lastIndex(of: 0x0A) { return feed + 1 }
    guard window.count > 1, let cr = window[..<(window.count - 1)].lastIndex(of: 0x0D)
    else { return 0 }
    return cr + 1
  }

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
