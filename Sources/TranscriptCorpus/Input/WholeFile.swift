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
    var done = 0
    while done < size {
      let count = pread(descriptor, bytes.baseAddress! + done, size - done, off_t(done))
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let reason =
          count == 0
          ? "the file changed while being read (it shrank from \(size) bytes to \(done))"
          : String(cString: strerror(errno))
        bytes.deallocate()
        throw .cannotOpen(path: path, reason: reason)
      }
      done += count
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

  /// Calls `body` with the file's bytes.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try body(UnsafeBufferPointer(bytes.bindMemory(to: UInt8.self)))
  }
}
