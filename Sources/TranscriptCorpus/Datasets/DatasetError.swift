/// Why a dataset could not be read, written or trusted.
public enum DatasetError: Error, Equatable, Sendable, CustomStringConvertible {
  case cannotOpen(path: String, reason: String)
  case cannotWrite(path: String, reason: String)
  /// A line that is not a JSON object with a string `text`.
  case malformedLine(path: String, line: Int, column: Int, reason: String)
  /// Bytes that are not UTF-8, at a byte offset from the start of the file.
  case invalidUTF8(path: String, line: Int, byteOffset: Int)
  /// Bytes that are not valid in the input's encoding (under `--strict`), at a byte offset
  /// from the start of the file.
  case undecodable(path: String, line: Int, byteOffset: Int, encoding: String)
  /// A subtitle cue that does not follow its format.
  case malformedCue(path: String, line: Int, reason: String)
  /// A line longer than the readers accept (memory stays bounded by it).
  case lineTooLong(path: String, line: Int, limit: Int)
  /// An input larger than the readers accept (memory stays bounded by it).
  case inputTooLarge(path: String, limit: Int)
  case manifestMismatch(path: String, reason: String)
  case unreadableManifest(path: String, reason: String)

  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason): "cannot open \(path): \(reason)"
    case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
    case .malformedLine(let path, let line, let column, let reason):
      "\(path):\(line):\(column): \(reason)"
    case .invalidUTF8(let path, let line, let offset):
      "\(path):\(line): invalid UTF-8 at byte offset \(offset) (without --strict it is repaired)"
    case .undecodable(let path, let line, let offset, let encoding):
      "\(path):\(line): byte offset \(offset) of the file is not valid \(encoding) "
        + "(without --strict it is repaired)"
    case .malformedCue(let path, let line, let reason):
      "\(path):\(line): \(reason)"
    case .lineTooLong(let path, let line, let limit):
      "\(path):\(line): the line is longer than \(limit >> 20) MiB, the longest a reader accepts "
        + "(is this a text file?)"
    case .inputTooLarge(let path, let limit):
      "\(path): the input is larger than \(limit >> 20) MiB, the most a reader accepts "
        + "(is this a transcript? --input-limit raises it)"
    case .manifestMismatch(let path, let reason): "\(path) does not match the manifest: \(reason)"
    case .unreadableManifest(let path, let reason): "cannot read the manifest \(path): \(reason)"
    }
  }
}

extension DatasetError {
  /// The same problem found in a part of a file that starts after `lines` lines and
  /// `bytes` bytes: told in the whole file's line numbers and offsets.
  func shifted(lines: Int, bytes: Int) -> DatasetError {
    switch self {
    case .malformedLine(let path, let line, let column, let reason):
      .malformedLine(path: path, line: line + lines, column: column, reason: reason)
    case .invalidUTF8(let path, let line, let byteOffset):
      .invalidUTF8(path: path, line: line + lines, byteOffset: byteOffset + bytes)
    case .malformedCue(let path, let line, let reason):
      .malformedCue(path: path, line: line + lines, reason: reason)
    case .lineTooLong(let path, let line, let limit):
      .lineTooLong(path: path, line: line + lines, limit: limit)
    default: self
    }
  }
}
