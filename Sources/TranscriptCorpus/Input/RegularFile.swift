#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file open for reading at any offset, from several threads at once: for
/// readers that split a large file into parts read on several cores.
///
/// Read, not mapped: a mapped file that another process truncates faults (SIGBUS) on its
/// next read of a page that is gone. A file that changes size while it is read is
/// reported instead. Each reader reads its part a window at a time into a buffer of its
/// own, which stays in the core's cache while its lines are parsed, rather than copying
/// the whole file into memory first (every page of such a copy is a fault, and it is
/// out of cache by the time its lines are read).
final class RegularFile: Sendable {
  let path: String
  let size: Int
  private let descriptor: Int32

  /// Opens `path`, or returns nil when it is not a regular file of at least
  /// `minimumBytes` (a pipe, a FIFO, a small file: those are streamed).
  ///
  /// - Throws: ``DatasetError/inputTooLarge(path:limit:)`` for a file larger than
  ///   `maximumBytes`.
  init?(path: String, minimumBytes: Int, maximumBytes: Int) throws(DatasetError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      Int(info.st_size) >= max(minimumBytes, 1)
    else {
      close(descriptor)
      return nil
    }
    guard Int(info.st_size) <= maximumBytes else {
      close(descriptor)
      throw .inputTooLarge(path: path, limit: maximumBytes)
    }
    self.path = path
    self.size = Int(info.st_size)
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Fills `buffer` with the file's bytes from `offset` on.
  ///
  /// - Throws: ``DatasetError/cannotOpen(path:reason:)`` when reading fails or the file
  ///   ends before `buffer` is full (it shrank while it was read).
  func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(DatasetError) {
    guard let base = buffer.baseAddress else { return }
    var done = 0
    while done < buffer.count {
      let count = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        throw .cannotOpen(
          path: path,
          reason: count == 0
            ? "the file changed while being read (it shrank from \(size) bytes to \(offset + done))"
            : String(cString: strerror(errno)))
      }
      done += count
    }
  }

  /// The file's bytes `range`.
  func bytes(_ range: Range<Int>) throws(DatasetError) -> [UInt8] {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: range.count, alignment: 1)
    defer { buffer.deallocate() }
    try read(into: buffer, at: range.lowerBound)
    return [UInt8](buffer)
  }

  /// Throws unless the file is still the size it was when opened.
  ///
  /// - Throws: ``DatasetError/cannotOpen(path:reason:)`` when it grew or shrank.
  func checkUnchanged() throws(DatasetError) {
    var after = stat()
    var extra: UInt8 = 0
    if fstat(descriptor, &after) == 0 && Int(after.st_size) != size
      || pread(descriptor, &extra, 1, off_t(size)) > 0
    {
      throw .cannotOpen(
        path: path, reason: "the file changed while being read (it was \(size) bytes)")
    }
  }
}
