#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lines of a text file or buffer, decoded: UTF-8 with or without a byte-order mark,
/// or UTF-16 (either byte order) with one. Invalid UTF-8 is repaired to U+FFFD and
/// counted, or, when strict, reported with its byte offset.
///
/// UTF-8 files are read in chunks (memory: one chunk and the longest line); UTF-16 files
/// are transcoded in chunks too, into UTF-8 lines.
struct TextLines {
  enum Source {
    case file(String)
    case bytes([UInt8])
  }

  let source: Source
  let strict: Bool
  /// Invalid UTF-8 sequences replaced so far.
  private(set) var repairs = 0

  init(_ source: Source, strict: Bool) {
    self.source = source
    self.strict = strict
  }

  var name: String {
    switch source {
    case .file(let path): path
    case .bytes: "(input)"
    }
  }

  /// Calls `body` with each line (without its line break), its 1-based number and the
  /// byte offset of its start in the input (in UTF-8 input; for UTF-16, in the
  /// transcoded text).
  mutating func forEachLine(_ body: (String, Int, Int) throws -> Void) throws {
    try forEachRawLine { bytes, number, offset in
      var line = bytes
      // A UTF-8 byte-order mark says nothing more: drop it.
      if number == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) {
        line = UnsafeBufferPointer(rebasing: line[3...])
      }
      try body(decode(line, number: number, offset: offset), number, offset)
    }
  }

  enum Encoding { case utf16LittleEndian, utf16BigEndian }

  private mutating func decode(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int
  ) throws -> String {
    if let valid = String(validating: line, as: UTF8.self) { return valid }
    var index = 0
    var count = 0
    while index < line.count {
      let length = UTF8Validation.validSequenceLength(in: line, at: index)
      if length > 0 {
        index += length
        continue
      }
      if strict {
        throw DatasetError.invalidUTF8(path: name, line: number, byteOffset: offset + index)
      }
      count += 1
      index += UTF8Validation.invalidSequenceLength(in: line, at: index)
    }
    repairs += count
    return String(decoding: line, as: UTF8.self)
  }

  /// Splits the input into raw UTF-8 lines, transcoding UTF-16 input first.
  private func forEachRawLine(
    _ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws -> Void
  ) throws {
    var splitter = LineSplitter()
    switch source {
    case .bytes(let bytes):
      if let order = Self.utf16Order(bytes) {
        try bytes.withUnsafeBufferPointer { buffer in
          var transcoder = UTF16Transcoder(bigEndian: order == .utf16BigEndian)
          let utf8 = transcoder.feed(UnsafeBufferPointer(rebasing: buffer[2...]), final: true)
          try utf8.withUnsafeBufferPointer { try splitter.feed($0, body) }
        }
      } else {
        try bytes.withUnsafeBufferPointer { try splitter.feed($0, body) }
      }
      try splitter.finish(body)
    case .file(let path):
      var head = [UInt8](repeating: 0, count: 2)
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw DatasetError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
      }
      let headCount = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 2) }
      close(descriptor)
      guard headCount == 2, let order = Self.utf16Order(head) else {
        try LineReader(path: path).forEachLine { line, number, offset in
          try body(line, number, offset)
        }
        return
      }
      try Self.readUTF16(path: path, bigEndian: order == .utf16BigEndian) { chunk, final in
        try chunk.withUnsafeBufferPointer { try splitter.feed($0, body) }
        if final { try splitter.finish(body) }
      }
    }
  }

  /// Whether the file starts with a UTF-16 byte-order mark.
  static func isUTF16(path: String) -> Bool {
    var head = [UInt8](repeating: 0, count: 2)
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 2) }
    return count == 2 && utf16Order(head) != nil
  }

  static func utf16Order(_ bytes: [UInt8]) -> Encoding? {
    guard bytes.count >= 2 else { return nil }
    if bytes[0] == 0xFF && bytes[1] == 0xFE { return .utf16LittleEndian }
    if bytes[0] == 0xFE && bytes[1] == 0xFF { return .utf16BigEndian }
    return nil
  }

  /// Reads a UTF-16 file after its byte-order mark in chunks, passing UTF-8.
  static func readUTF16(
    path: String, bigEndian: Bool, _ body: ([UInt8], Bool) throws -> Void
  ) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw DatasetError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    _ = lseek(descriptor, 2, SEEK_SET)
    var transcoder = UTF16Transcoder(bigEndian: bigEndian)
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count >= 0 else {
        throw DatasetError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
      }
      let utf8 = chunk.withUnsafeBufferPointer {
        transcoder.feed(UnsafeBufferPointer(rebasing: $0[..<count]), final: count == 0)
      }
      try body(utf8, count == 0)
      if count == 0 { return }
    }
  }
}

/// Turns UTF-16 bytes into UTF-8, chunk by chunk: an odd byte or a high surrogate at the
/// end of a chunk waits for the next. Unpaired surrogates become U+FFFD.
struct UTF16Transcoder {
  let bigEndian: Bool
  private var carry: [UInt8] = []
  private var pendingHigh: UInt16?

  init(bigEndian: Bool) { self.bigEndian = bigEndian }

  mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> [UInt8] {
    var input = carry
    input += bytes
    carry.removeAll()
    var output: [UInt8] = []
    output.reserveCapacity(input.count * 3 / 2)
    var index = 0
    while index + 1 < input.count {
      let unit =
        bigEndian
        ? UInt16(input[index]) << 8 | UInt16(input[index + 1])
        : UInt16(input[index + 1]) << 8 | UInt16(input[index])
      index += 2
      if let high = pendingHigh {
        pendingHigh = nil
        if (0xDC00...0xDFFF).contains(unit) {
          let value = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
          output += UTF8.encode(Unicode.Scalar(value)!)!
          continue
        }
        output += [0xEF, 0xBF, 0xBD]
      }
      if (0xD800...0xDBFF).contains(unit) {
        pendingHigh = unit
      } else if (0xDC00...0xDFFF).contains(unit) {
        output += [0xEF, 0xBF, 0xBD]
      } else {
        output += UTF8.encode(Unicode.Scalar(unit)!)!
      }
    }
    if index < input.count { carry = [input[index]] }
    if final {
      if pendingHigh != nil || !carry.isEmpty { output += [0xEF, 0xBF, 0xBD] }
      pendingHigh = nil
      carry.removeAll()
    }
    return output
  }
}

/// Splits UTF-8 chunks into lines (`\n` or `\r\n`), across chunk boundaries.
struct LineSplitter {
  private var pending: [UInt8] = []
  private var number = 0
  private var offset = 0

  mutating func feed(
    _ chunk: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws -> Void
  ) throws {
    var start = 0
    for index in 0..<chunk.count where chunk[index] == 0x0A {
      pending += UnsafeBufferPointer(rebasing: chunk[start..<index])
      try emit(body, newline: true)
      start = index + 1
    }
    pending += UnsafeBufferPointer(rebasing: chunk[start...])
  }

  mutating func finish(_ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws -> Void) throws {
    if !pending.isEmpty { try emit(body, newline: false) }
  }

  private mutating func emit(
    _ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws -> Void, newline: Bool
  ) throws {
    number += 1
    let rawLength = pending.count + (newline ? 1 : 0)
    if pending.last == 0x0D { pending.removeLast() }
    try pending.withUnsafeBufferPointer { try body($0, number, offset) }
    offset += rawLength
    pending.removeAll(keepingCapacity: true)
  }
}
