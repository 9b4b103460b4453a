#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A regular file's bytes mapped read-only into memory, for readers that split a file
/// into parts read on several cores. The mapping ends with the instance.
final class MappedFile: @unchecked Sendable {
  // Unchecked: the bytes are never written and the mapping outlives every reader, which
  // borrows it only inside `withBytes`.
  private let base: UnsafeRawPointer?
  let count: Int

  /// Maps `path`, or returns nil when it is not a regular file of at least `minimumBytes`
  /// (a pipe, a FIFO, a small file: those are read in chunks as before).
  init?(path: String, minimumBytes: Int) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      Int(info.st_size) >= max(minimumBytes, 1)
    else { return nil }
    count = Int(info.st_size)
    #if os(Linux)
      // Every page is read soon, on several cores: fault them in with one call.
      let flags = MAP_PRIVATE | MAP_POPULATE
    #else
      let flags = MAP_PRIVATE
    #endif
    guard let mapped = mmap(nil, count, PROT_READ, flags, descriptor, 0),
      mapped != MAP_FAILED
    else { return nil }
    base = UnsafeRawPointer(mapped)
  }

  deinit {
    if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
  }

  /// Calls `body` with the file's bytes.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try body(UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: count))
  }
}
