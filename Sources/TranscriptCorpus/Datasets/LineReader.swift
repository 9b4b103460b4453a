#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file line by line in fixed-size chunks, so memory stays bounded by the
/// chunk size plus the longest line, whatever the file's size.
public struct LineReader {
  public let path: String
  /// Bytes read per system call.
  public var chunkSize = 4 << 20

  public init(path: String) { self.path = path }

  /// Calls `body` with each line (without its `\n`, or `\r\n`), its 1-based number
  /// and the byte offset of its first byte in the file. A last line without a final
  /// newline is passed too. `progress` receives the number of bytes read so far.
  public func forEachLine(
    progress: (Int) -> Void = { _ in },
    _ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ offset: Int) throws -> Void
  ) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw DatasetError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }

    var buffer = [UInt8](repeating: 0, count: chunkSize)
    var filled = 0  // bytes in `buffer` holding data
    var lineNumber = 0
    var fileOffsetOfBuffer = 0
    var atEnd = false
    while !atEnd {
      if filled == buffer.count {
        // A line longer than the buffer: grow it rather than split the line.
        buffer.append(contentsOf: repeatElement(0, count: buffer.count))
      }
      let count = buffer.withUnsafeMutableBytes { raw in
        read(descriptor, raw.baseAddress! + filled, raw.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw DatasetError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
      }
      atEnd = count == 0
      filled += count
      progress(fileOffsetOfBuffer + filled)

      let consumed = try buffer.withUnsafeBufferPointer { storage -> Int in
        var lineStart = 0
        while lineStart < filled {
          let remaining = filled - lineStart
          let newline = memchr(storage.baseAddress! + lineStart, 0x0A, remaining)
          guard let newline else {
            guard atEnd else { break }
            lineNumber += 1
            let line = UnsafeBufferPointer(rebasing: storage[lineStart..<filled])
            try body(line, lineNumber, fileOffsetOfBuffer + lineStart)
            return filled
          }
          var lineEnd =
            UnsafePointer<UInt8>(newline.assumingMemoryBound(to: UInt8.self))
            - storage.baseAddress!
          let next = lineEnd + 1
          if lineEnd > lineStart && storage[lineEnd - 1] == 0x0D { lineEnd -= 1 }
          lineNumber += 1
          try body(
            UnsafeBufferPointer(rebasing: storage[lineStart..<lineEnd]), lineNumber,
            fileOffsetOfBuffer + lineStart)
          lineStart = next
        }
        return lineStart
      }
      // Keep the partial last line at the front of the buffer.
      if consumed > 0 {
        buffer.withUnsafeMutableBytes { raw in
          _ = memmove(raw.baseAddress!, raw.baseAddress! + consumed, filled - consumed)
        }
        filled -= consumed
        fileOffsetOfBuffer += consumed
      }
    }
  }
}
