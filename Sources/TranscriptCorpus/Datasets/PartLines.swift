import TranscriptSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of one part of a JSON Lines file read on several cores, parsed into rows a
/// window at a time: each window holds whole lines (the part's last may lack its line
/// feed), and line numbers run on from one window to the next.
struct PartLines {
  let path: String
  /// The lines read so far.
  private(set) var count = 0
  private var validator: LineValidator
  private var parser = JSONRowParser()

  init(path: String, strict: Bool) {
    self.path = path
    validator = LineValidator(name: path, strict: strict)
  }

  /// Invalid UTF-8 sequences replaced so far.
  var repairs: Int { validator.repairs }

  /// The first line with a repair, if any.
  var firstRepairLine: Int? { validator.firstRepairLine }

  /// Appends the rows of the lines in `window`, which lies at `offset` in the part.
  ///
  /// - Throws: ``DatasetError`` naming the line (counted from the part's start) and
  ///   offset of the first problem.
  mutating func read(
    _ window: UnsafeBufferPointer<UInt8>, at offset: Int, into corpus: inout some RowSink
  ) throws {
    guard let base = window.baseAddress else { return }
    // UTF-8 is validated a window at a time, while it is in cache, and line by line only
    // in a window that is not valid, to name the line.
    let isValid = UTF8Validation.isValid(window)
    guard memchr(base, 0x0D, window.count) == nil else {
      return try readSplittingAtCarriageReturns(window, at: offset, isValid: isValid, into: &corpus)
    }
    // Lines end at line feeds only: split here, with no splitter state to carry.
    var start = 0
    while start < window.count {
      let end =
        memchr(base + start, 0x0A, window.count - start).map {
          UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base
        } ?? window.count
      count += 1
      guard end - start <= InputLines.maximumLineBytes else {
        throw DatasetError.lineTooLong(
          path: path, line: count, limit: InputLines.maximumLineBytes)
      }
      let line = UnsafeBufferPointer(rebasing: window[start..<end])
      if !isValid, let repaired = try validator.repair(line, number: count, offset: offset + start)
      {
        try repaired.withUnsafeBufferPointer {
          try parser.appendRow(from: $0, number: count, path: path, to: &corpus)
        }
      } else {
        try parser.appendRow(from: line, number: count, path: path, to: &corpus)
      }
      start = end + 1
    }
  }

  /// The lines of a window where lines may end at carriage returns (CRLF or a lone CR).
  private mutating func readSplittingAtCarriageReturns(
    _ window: UnsafeBufferPointer<UInt8>, at offset: Int, isValid: Bool,
    into corpus: inout some RowSink
  ) throws {
    let before = count
    var splitter = LineSplitter(name: path, maximumLineBytes: InputLines.maximumLineBytes)
    func emit(_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ lineOffset: Int) throws {
      let number = before + number
      count = number
      guard !isValid else {
        try parser.appendRow(from: line, number: number, path: path, to: &corpus)
        return
      }
      try validator.pass(line, number: number, offset: offset + lineOffset) { line, number, _ in
        try parser.appendRow(from: line, number: number, path: path, to: &corpus)
      }
    }
    do {
      try splitter.feed(window, emit)
      try splitter.finish(emit)
    } catch let error as DatasetError {
      // The splitter counts its lines from the window's start.
      if case .lineTooLong = error { throw error.shifted(lines: before, bytes: offset) }
      throw error
    }
  }
}
