import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scratch file in the temporary folder that holds a copy of a user's data (the plain
/// text the peers search): created exclusively under a name no one can guess, readable by
/// its owner only, and removed when the process is interrupted or traps as well as by
/// ``remove()``.
public struct TemporaryFile: Sendable {
  /// The file's path; it exists, empty, until written.
  public let path: String

  /// Creates `<TMPDIR>/<prefix>XXXXXX<suffix>`, mode 0600.
  public init(prefix: String, suffix: String) throws(DatasetError) {
    var folder = NSTemporaryDirectory()
    if !folder.hasSuffix("/") { folder += "/" }
    let name = "\(folder)\(prefix)XXXXXX\(suffix)"
    let (descriptor, path) = try Self.create(
      template: name, suffixLength: suffix.utf8.count, naming: name)
    close(descriptor)
    self.path = path
  }

  /// Creates a new file from `template` (whose `XXXXXX` before the last `suffixLength`
  /// bytes `mkstemps` fills), mode 0600, open for writing and closed on exec, and
  /// registers it with ``InterruptCleanup``: exclusive creation never follows a link an
  /// attacker planted, and no signal finds the file made and unregistered.
  ///
  /// - Throws: ``DatasetError/cannotWrite(path:reason:)`` naming `naming`; nothing is left.
  static func create(
    template: String, suffixLength: Int, naming: String
  ) throws(DatasetError) -> (descriptor: Int32, path: String) {
    InterruptCleanup.prepare()
    var bytes = Array(template.utf8CString)
    let descriptor = bytes.withUnsafeMutableBufferPointer {
      mkstemps($0.baseAddress!, Int32(suffixLength))
    }
    guard descriptor >= 0 else {
      throw .cannotWrite(path: naming, reason: String(cString: strerror(errno)))
    }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    let path = String(filledTemplate: bytes)
    do {
      try InterruptCleanup.register(path)
    } catch {
      close(descriptor)
      unlink(path)
      throw error
    }
    return (descriptor, path)
  }

  /// Removes the file.
  public func remove() { Self.remove(path) }

  /// Removes the temporary file at `path` (one made by ``init(prefix:suffix:)``).
  public static func remove(_ path: String) {
    unlink(path)
    InterruptCleanup.unregister(path)
  }
}

extension String {
  /// The path `mkstemp` or `mkdtemp` wrote into a NUL-terminated template.
  package init(filledTemplate template: [CChar]) {
    self.init(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
