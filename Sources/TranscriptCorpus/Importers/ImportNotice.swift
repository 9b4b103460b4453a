/// Something an import skipped or repaired rather than stop: said on standard error with
/// its line, and an error under `--strict`.
public struct ImportNotice: Sendable, Equatable, CustomStringConvertible {
  public enum Kind: String, Sendable {
    case skipped
    case repaired
  }

  public var line: Int
  public var kind: Kind
  public var reason: String

  public init(line: Int, kind: Kind, reason: String) {
    self.line = line
    self.kind = kind
    self.reason = reason
  }

  public var description: String { "line \(line): \(kind.rawValue): \(reason)" }

  /// At most `limit` bytes of a line, as a quoted, escaped excerpt for a message.
  static func excerpt(_ line: UnsafeBufferPointer<UInt8>, limit: Int = 40) -> String {
    let prefix = UnsafeBufferPointer(rebasing: line[..<min(line.count, limit)])
    var text = ""
    for scalar in String(decoding: prefix, as: UTF8.self).unicodeScalars {
      switch scalar.value {
      case 0x09: text += "\\t"
      case 0x0A: text += "\\n"
      case 0x0D: text += "\\r"
      case 0x22: text += "\\\""
      case 0x5C: text += "\\\\"
      case 0..<0x20, 0x7F...0x9F, 0xFFFD: text += "\\u{\(String(scalar.value, radix: 16))}"
      default: text.unicodeScalars.append(scalar)
      }
    }
    return "\"" + text + (line.count > limit ? "…" : "") + "\""
  }
}
