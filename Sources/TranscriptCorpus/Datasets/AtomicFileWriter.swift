#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file through a temporary sibling that is renamed into place on
/// ``commit()``, so readers see either the old file or the whole new one, never a
/// partial write. Without a commit the temporary file is removed.
///
/// What may be written and how is ``OutputPath``'s decision: a symbolic link is written
/// through, an existing file keeps its mode and owner, a character device or a FIFO is
/// written in place. The temporary file is created exclusively (never through a link an
/// attacker planted), readable by its owner only until it is complete, and removed if the
/// process is interrupted or traps.
///
/// Writes are buffered, and the SHA-256 of everything written is computed on the way.
public final class AtomicFileWriter {
  public let path: String
  /// Where the bytes go in the end: `path` with its links followed.
  private let destination: String
  private let kind: OutputPath.Kind
  /// The temporary sibling, or nil when writing in place.
  private let temporaryPath: String?
  private let finalMode: mode_t
  private var descriptor: Int32
  private var buffer: [UInt8] = []
  private let hasher = SHA256Hasher()
  /// Bytes written so far, buffered ones included.
  public private(set) var bytesWritten = 0
  private static let bufferSize = 1 << 20

  /// Opens `path` for writing.
  ///
  /// - Parameter permissions: the new file's mode; by default that of a plain write
  ///   (0666 less the umask). An existing file keeps its own.
  /// - Throws: ``DatasetError/cannotWrite(path:reason:)`` if `path` must not or cannot be
  ///   written (see ``OutputPath/destination(of:)``).
  public init(path: String, permissions: mode_t? = nil) throws(DatasetError) {
    self.path = path
    (destination, kind) = try OutputPath.destination(of: path)
    switch kind {
    case .inPlace:
      temporaryPath = nil
      finalMode = 0
      descriptor = open(destination, O_WRONLY | O_NOCTTY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
      }
    case .newFile, .existingFile:
      if case .existingFile(let mode, _, _) = kind {
        finalMode = mode
      } else {
        finalMode = permissions ?? (0o666 & ~Self.umaskValue)
      }
      (descriptor, temporaryPath) = try TemporaryFile.create(
        template: "\(destination).tmp-XXXXXX", suffixLength: 0, naming: path)
    }
    buffer.reserveCapacity(Self.bufferSize)
  }

  /// The process's file-creation mask, read once (reading it means setting it).
  private static let umaskValue: mode_t = {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }()

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if let temporaryPath {
      if descriptor >= 0 { unlink(temporaryPath) }
      InterruptCleanup.unregister(temporaryPath)
    }
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

  /// Flushes and renames the file into place (or closes it, written in place), and
  /// returns its SHA-256 as lowercase hex.
  @discardableResult
  public func commit() throws(DatasetError) -> String {
    try flush()
    guard let temporaryPath else {
      let closed = close(descriptor)
      descriptor = -1
      guard closed == 0 else {
        throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
      }
      return hasher.finalize()
    }
    defer { InterruptCleanup.unregister(temporaryPath) }
    var kept = fchmod(descriptor, finalMode)
    if case .existingFile(_, let owner, let group) = kind, kept == 0 {
      // The replacement keeps the file's owner (OutputPath refuses another user's file to
      // anyone but root) and group.
      kept = fchown(descriptor, owner, group)
    }
    let closed = close(descriptor)
    descriptor = -1
    guard kept == 0, closed == 0, rename(temporaryPath, destination) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw .cannotWrite(path: path, reason: reason)
    }
    return hasher.finalize()
  }

  private func flush() throws(DatasetError) {
    try buffer.withUnsafeBufferPointer { (pointer) throws(DatasetError) in
      try writeAll(pointer)
    }
    buffer.removeAll(keepingCapacity: true)
  }

  private func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws(DatasetError) {
    hasher.update(UnsafeRawBufferPointer(bytes))
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
