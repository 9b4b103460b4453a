import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file's bytes read into memory, for readers that split a file into parts read
/// on several cores.
///
/// Read, not mapped: a mapped file that another process truncates faults (SIGBUS) on its
/// next read of a page that is gone. A file that changes size while it is read is
/// reported instead.
final class WholeFile: @unchecked Sendable {
  // Unchecked: the bytes are written once, here, and never after.
  private let bytes: UnsafeMutableRawBufferPointer
  var count: Int { bytes.count }

  /// Reads `path`, or returns nil when it is not a regular file of at least
  /// `minimumBytes` (a pipe, a FIFO, a small file: those are read in chunks as before).
  ///
  /// - Throws: ``DatasetError/cannotOpen(path:reason:)`` when reading fails or the file
  ///   grows or shrinks while it is read.
  init?(path: String, minimumBytes: Int, maximumBytes: Int) throws(DatasetError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      Int(info.st_size) >= max(minimumBytes, 1)
    else { return nil }
    let size = Int(info.st_size)
    guard size <= maximumBytes else { throw .inputTooLarge(path: path, limit: maximumBytes) }
    bytes = .allocate(byteCount: size, alignment: 64)
    // In parts on every core: copying from the page cache, and the first touch of each
    // page of the buffer, take half the time on two.
    let parts = max(1, min(JSONLinesReader.activeProcessorCount(), size / Self.minimumBytesPerPart))
    nonisolated(unsafe) var failures = [String?](repeating: nil, count: parts)
    nonisolated(unsafe) let buffer = bytes
    failures.withUnsafeMutableBufferPointer { failures in
      nonisolated(unsafe) let failures = failures
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        failures[part] = Self.read(
          descriptor, into: buffer, from: size * part / parts, to: size * (part + 1) / parts)
      }
    }
    if let reason = failures.lazy.compactMap({ $0 }).first {
      bytes.deallocate()
      throw .cannotOpen(path: path, reason: reason)
    }
    var after = stat()
    var extra: UInt8 = 0
    if fstat(descriptor, &after) == 0 && Int(after.st_size) != size
      || pread(descriptor, &extra, 1, off_t(size)) > 0
    {
      bytes.deallocate()
      throw .cannotOpen(
        path: path, reason: "the file changed while being read (it was \(size) bytes)")
    }
  }

  deinit { bytes.deallocate() }

  /// Parts smaller than this are read on one core.
  private static let minimumBytesPerPart = 16 << 20

  /// Reads bytes `start..<end` of the file into `buffer` at the same offsets; nil once
  /// done, else why not.
  private static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, from start: Int, to end: Int
  ) -> String? {
    var done = start
    while done < end {
      let count = pread(descriptor, buffer.baseAddress! + done, end - done, off_t(done))
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        return count == 0
          ? "the file changed while being read (it shrank from \(buffer.count) bytes to \(done))"
          : String(cString: strerror(errno))
      }
      done += count
    }
    return nil
  }

  /// Calls `body` with the file's bytes.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try body(UnsafeBufferPointer(bytes.bindMemory(to: UInt8.self)))
  }
}
