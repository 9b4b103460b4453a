#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes each row's text on a line of its own, for tools that search plain text
/// (ripgrep, StringZilla), atomically.
///
/// A line break inside a row's text would split it across lines and change what those
/// tools count per row, so `\n` and `\r` inside a row are written as spaces.
public final class PlainTextWriter {
  private let file: AtomicFileWriter
  private var line: [UInt8] = []

  /// Opens `path` (see ``AtomicFileWriter/init(path:permissions:)``).
  public init(path: String, permissions: mode_t? = nil) throws(DatasetError) {
    file = try AtomicFileWriter(path: path, permissions: permissions)
  }

  public var bytesWritten: Int { file.bytesWritten }

  public func write(utf8Text: UnsafeBufferPointer<UInt8>) throws(DatasetError) {
    line.removeAll(keepingCapacity: true)
    line += utf8Text
    for i in line.indices where line[i] == 0x0A || line[i] == 0x0D { line[i] = 0x20 }
    line.append(0x0A)
    try file.write(line)
  }

  /// Completes the file and returns its SHA-256.
  @discardableResult
  public func finish() throws(DatasetError) -> String { try file.commit() }
}
