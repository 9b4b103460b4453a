import Crypto

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file through a temporary sibling that is renamed into place on
/// ``commit()``, so readers see either the old file or the whole new one, never a
/// partial write. Without a commit the temporary file is removed.
///
/// Writes are buffered, and the SHA-256 of everything written is computed on the way.
public final class AtomicFileWriter {
  public let path: String
  private let temporaryPath: String
  private var descriptor: Int32
  private var buffer: [UInt8] = []
  private var hasher = SHA256()
  /// Bytes written so far, buffered ones included.
  public private(set) var bytesWritten = 0
  private static let bufferSize = 1 << 20

  public init(path: String) throws(DatasetError) {
    self.path = path
    temporaryPath = "\(path).tmp-\(getpid())"
    InterruptCleanup.register(temporaryPath)
    // The permissions a plain write would give (0666 less the umask), as `open` applies them.
    descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      InterruptCleanup.unregister(temporaryPath)
      throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
    }
    buffer.reserveCapacity(Self.bufferSize)
  }

  deinit {
    if descriptor >= 0 {
      close(descriptor)
      unlink(temporaryPath)
    }
    InterruptCleanup.unregister(temporaryPath)
  }

  public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(DatasetError) {
    if buffer.count + bytes.count > Self.bufferSize { try flush() }
    if bytes.count >= Self.bufferSize {
      try writeAll(bytes)
    } else {
      buffer.append(contentsOf: bytes)
    }
    bytesWritten += bytes.count
  }

  public func write(_ bytes: [UInt8]) throws(DatasetError) {
    try bytes.withUnsafeBufferPointer { (pointer) throws(DatasetError) in try write(pointer) }
  }

  public func write(_ string: String) throws(DatasetError) {
    try write(Array(string.utf8))
  }

  /// Flushes, syncs and renames the file into place, and returns its SHA-256 as
  /// lowercase hex.
  @discardableResult
  public func commit() throws(DatasetError) -> String {
    try flush()
    let closed = close(descriptor)
    descriptor = -1
    defer { InterruptCleanup.unregister(temporaryPath) }
    guard closed == 0, rename(temporaryPath, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw .cannotWrite(path: path, reason: reason)
    }
    return hasher.finalize().hexDigest
  }

  private func flush() throws(DatasetError) {
    try buffer.withUnsafeBufferPointer { (pointer) throws(DatasetError) in
      try writeAll(pointer)
    }
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws(DatasetError) {
    hasher.update(bufferPointer: UnsafeRawBufferPointer(bytes))
    var done = 0
    while done < bytes.count {
      let count = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
      }
      done += count
    }
  }
}

extension Digest {
  /// The digest as lowercase hexadecimal.
  var hexDigest: String {
    map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }
}
