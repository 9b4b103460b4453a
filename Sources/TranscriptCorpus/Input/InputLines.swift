#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of one input, read once from its first byte to its last: a file, a pipe, a
/// FIFO or bytes in memory. The encoding is told from the first bytes (a byte-order mark,
/// or UTF-16's pattern of zero bytes) unless given; every line reaches the caller as valid
/// UTF-8, without its terminator (LF, CRLF or a lone CR).
///
/// Invalid input is repaired to U+FFFD and counted, or, when strict, reported with its
/// line and byte offset. A line longer than ``maximumLineBytes`` is an error: memory
/// stays bounded by one chunk and the longest line allowed.
public struct InputLines {
  public enum Source: Sendable {
    case path(String)
    case bytes([UInt8])
  }

  /// The longest line accepted, in bytes of UTF-8 (64 MiB).
  public static let maximumLineBytes = 64 << 20

  public let source: Source
  public let strict: Bool
  /// The encoding to decode, or nil to tell it from the input.
  public let givenEncoding: TextEncoding?
  public var maximumLineBytes = InputLines.maximumLineBytes
  /// The most input read before reading stops with ``DatasetError/inputTooLarge(path:limit:)``:
  /// a corpus is held in memory, and `/dev/urandom` never ends.
  public var maximumInputBytes = InputLines.maximumInputBytes
  /// The default input limit, 4 GiB: thirty times a million rows of transcript.
  public static let maximumInputBytes = 4 << 30
  /// Bytes read per system call.
  public var chunkSize = 1 << 20

  /// Invalid sequences replaced with U+FFFD so far, and the line of the first.
  public private(set) var repairs = 0
  public private(set) var firstRepairLine: Int?
  /// The encoding decoded (known once reading has started).
  public private(set) var encoding: TextEncoding = .utf8
  /// Bytes of input read so far.
  public private(set) var bytesRead = 0

  /// The input's size when it is known before reading (a regular file, bytes in memory):
  /// what a reader reserves room for.
  public var sizeHint: Int? {
    switch source {
    case .bytes(let bytes): return bytes.count
    case .path(let path):
      var info = stat()
      guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
      return Int(info.st_size)
    }
  }

  public init(_ source: Source, strict: Bool = false, encoding: TextEncoding? = nil) {
    self.source = source
    self.strict = strict
    self.givenEncoding = encoding
  }

  /// The name errors use: the path, or "(input)".
  public var name: String {
    switch source {
    case .path(let path): path
    case .bytes: "(input)"
    }
  }

  /// Calls `body` with each line (valid UTF-8, without its terminator), its 1-based
  /// number and the byte offset of its start (in the input for UTF-8; in the decoded
  /// text otherwise).
  public mutating func forEachLine(
    _ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ offset: Int) throws -> Void
  ) throws {
    let name = name
    let strict = strict
    var splitter = LineSplitter(name: name, maximumLineBytes: maximumLineBytes)
    var validator = LineValidator(name: name, strict: strict)
    var transcoder: Transcoder? = nil
    var started = false
    defer {
      repairs += validator.repairs + (transcoder?.repairs ?? 0)
      firstRepairLine =
        firstRepairLine ?? validator.firstRepairLine
        ?? ((transcoder?.repairs ?? 0) > 0 ? 1 : nil)
    }
    let given = givenEncoding
    var decoded = TextEncoding.utf8
    var markLength = 0
    defer { encoding = decoded }
    try readChunks { chunk, final in
      var chunk = chunk
      if !started {
        started = true
        if let given {
          decoded = given
          // A mark that agrees with the encoding given says nothing more.
          if let (marked, length) = TextEncoding.byteOrderMark(chunk), marked == given {
            markLength = length
            chunk = UnsafeBufferPointer(rebasing: chunk[length...])
          }
        } else if let (marked, length) = TextEncoding.byteOrderMark(chunk) {
          decoded = marked
          markLength = length
          chunk = UnsafeBufferPointer(rebasing: chunk[length...])
        } else {
          decoded = try TextEncoding.unmarked(chunk, path: name)
        }
        transcoder = try Transcoder(decoded, path: name)
      }
      if let transcoder {
        let utf8 = transcoder.feed(chunk, final: final)
        if strict, let offset = transcoder.firstRepairOffset {
          // The line: those split so far, and the line feeds decoded before the first U+FFFD.
          let repair = utf8.indices.first {
            $0 + 2 < utf8.count && utf8[$0] == 0xEF && utf8[$0 + 1] == 0xBF && utf8[$0 + 2] == 0xBD
          }
          let feeds = utf8[..<(repair ?? utf8.count)].count { $0 == 0x0A }
          throw DatasetError.undecodable(
            path: name, line: splitter.linesSplit + feeds + 1, byteOffset: offset + markLength,
            encoding: decoded.description)
        }
        // (Each line goes to the validator in a closure written out where it is passed,
        // not through a local function: one that captures `validator` had its every
        // access checked for exclusivity at run time, 6% of a WebVTT import.)
        try utf8.withUnsafeBufferPointer { utf8 in
          try splitter.feed(utf8) { try validator.pass($0, number: $1, offset: $2, to: body) }
        }
      } else {
        try splitter.feed(chunk) { try validator.pass($0, number: $1, offset: $2, to: body) }
      }
      if final {
        try splitter.finish { try validator.pass($0, number: $1, offset: $2, to: body) }
      }
    }
  }

  /// Reads the input in chunks from its only descriptor (no second open, no seek: pipes
  /// and FIFOs work), the last call with `final`.
  private mutating func readChunks(
    _ body: (UnsafeBufferPointer<UInt8>, Bool) throws -> Void
  ) throws {
    switch source {
    case .bytes(let bytes):
      bytesRead = bytes.count
      try bytes.withUnsafeBufferPointer { try body($0, true) }
    case .path(let path):
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw DatasetError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
      }
      defer { close(descriptor) }
      var info = stat()
      if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
        throw DatasetError.cannotOpen(path: path, reason: "it is a directory, not a file")
      }
      var buffer = [UInt8](repeating: 0, count: chunkSize)
      var filled = 0
      var atEnd = false
      while !atEnd {
        // Fill the whole buffer (a pipe gives less per read), so the first chunk is long
        // enough to tell the encoding from.
        while filled < buffer.count {
          let count = buffer.withUnsafeMutableBytes { raw in
            read(descriptor, raw.baseAddress! + filled, raw.count - filled)
          }
          if count < 0 {
            if errno == EINTR { continue }
            throw DatasetError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
          }
          if count == 0 {
            atEnd = true
            break
          }
          filled += count
        }
        bytesRead += filled
        if bytesRead > maximumInputBytes {
          throw DatasetError.inputTooLarge(path: path, limit: maximumInputBytes)
        }
        try buffer.withUnsafeBufferPointer {
          try body(UnsafeBufferPointer(rebasing: $0[..<filled]), atEnd)
        }
        filled = 0
      }
    }
  }
}

/// Hands lines on as valid UTF-8: repaired (and counted), or, when strict, rejected
/// with their line and byte offset.
struct LineValidator {
  let name: String
  let strict: Bool
  private(set) var repairs = 0
  private(set) var firstRepairLine: Int?
  private var scratch: [UInt8] = []

  init(name: String, strict: Bool) {
    self.name = name
    self.strict = strict
  }

  mutating func pass(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int,
    to body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ offset: Int) throws -> Void
  ) throws {
    guard let repaired = try repair(line, number: number, offset: offset) else {
      try body(line, number, offset)
      return
    }
    try repaired.withUnsafeBufferPointer { try body($0, number, offset) }
  }

  /// Nil when `line` (line `number`, at byte `offset`) is valid UTF-8 as it is; else its
  /// repair, counted.
  ///
  /// - Throws: ``DatasetError/invalidUTF8(path:line:byteOffset:)`` when strict.
  mutating func repair(_ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int)
    throws(DatasetError) -> [UInt8]?
  {
    guard !UTF8Validation.isASCII(line), let bad = UTF8Validation.firstInvalidOffset(line)
    else { return nil }
    if strict { throw .invalidUTF8(path: name, line: number, byteOffset: offset + bad) }
    repairs += UTF8Validation.repair(line, into: &scratch)
    if firstRepairLine == nil { firstRepairLine = number }
    return scratch
  }
}

/// Splits UTF-8 chunks into lines at LF, CRLF or a lone CR, across chunk boundaries.
struct LineSplitter {
  let name: String
  let maximumLineBytes: Int
  private var pending: [UInt8] = []
  private var number = 0
  private var offset = 0
  /// The last chunk ended with a CR: an LF starting the next belongs to it.
  private var afterCR = false

  init(name: String, maximumLineBytes: Int) {
    self.name = name
    self.maximumLineBytes = maximumLineBytes
  }

  mutating func feed(
    _ chunk: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws -> Void
  ) throws {
    guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
    var start = 0
    if afterCR {
      afterCR = false
      if chunk[0] == 0x0A {
        start = 1
        offset += 1
      }
    }
    // Most text has no CR at all: then LF is the only terminator to look for.
    let hasCR = memchr(base + start, 0x0D, chunk.count - start) != nil
    while start < chunk.count {
      let terminator: Int
      if hasCR {
        var scan = start
        while scan < chunk.count && chunk[scan] != 0x0A && chunk[scan] != 0x0D { scan += 1 }
        terminator = scan
      } else if let found = memchr(base + start, 0x0A, chunk.count - start) {
        terminator = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
      } else {
        terminator = chunk.count
      }
      guard terminator < chunk.count else { break }
      var terminatorLength = 1
      if chunk[terminator] == 0x0D {
        if terminator + 1 < chunk.count {
          if chunk[terminator + 1] == 0x0A { terminatorLength = 2 }
        } else {
          afterCR = true
        }
      }
      let line = UnsafeBufferPointer(rebasing: chunk[start..<terminator])
      if pending.isEmpty {
        try check(line.count)
        try emit(line, terminatorLength: terminatorLength, body)
      } else {
        pending += line
        try check(pending.count)
        var joined: [UInt8] = []
        swap(&joined, &pending)
        try joined.withUnsafeBufferPointer {
          try emit($0, terminatorLength: terminatorLength, body)
        }
        joined.removeAll(keepingCapacity: true)
        swap(&joined, &pending)
      }
      start = terminator + terminatorLength
    }
    if start < chunk.count {
      pending += UnsafeBufferPointer(rebasing: chunk[start...])
      try check(pending.count)
    }
  }

  /// The lines handed on so far.
  var linesSplit: Int { number }

  mutating func finish(_ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws -> Void) throws {
    if !pending.isEmpty {
      var last: [UInt8] = []
      swap(&last, &pending)
      try last.withUnsafeBufferPointer { try emit($0, terminatorLength: 0, body) }
    }
  }

  private func check(_ length: Int) throws {
    if length > maximumLineBytes {
      throw DatasetError.lineTooLong(path: name, line: number + 1, limit: maximumLineBytes)
    }
  }

  private mutating func emit(
    _ line: UnsafeBufferPointer<UInt8>, terminatorLength: Int,
    _ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws -> Void
  ) throws {
    number += 1
    try body(line, number, offset)
    offset += line.count + terminatorLength
  }
}
