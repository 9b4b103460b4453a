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
    InterruptCleanup.prepare()
    var template = Array("\(folder)\(prefix)XXXXXX\(suffix)".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer {
      mkstemps($0.baseAddress!, Int32(suffix.utf8.count))
    }
    guard descriptor >= 0 else {
      throw .cannotWrite(
        path: "\(folder)\(prefix)XXXXXX\(suffix)", reason: String(cString: strerror(errno)))
    }
    close(descriptor)
    path = String(filledTemplate: template)
    do {
      try InterruptCleanup.register(path)
    } catch {
      unlink(path)
      throw error
    }
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
  /// The path `mkstemp` wrote into a NUL-terminated template.
  init(filledTemplate template: [CChar]) {
    self.init(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
