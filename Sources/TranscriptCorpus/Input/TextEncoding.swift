import Foundation

/// The character encoding of an input file.
public enum TextEncoding: Equatable, Sendable, CustomStringConvertible {
  case utf8
  case utf16(bigEndian: Bool)
  case utf32(bigEndian: Bool)
  /// Any other encoding iconv knows (`WINDOWS-1252`, `ISO-8859-1`, `SHIFT_JIS`, …).
  case iconv(String)

  /// The encoding a name given on the command line means; any name iconv knows is
  /// accepted here and checked when the input is opened.
  public init(name: String) {
    switch name.uppercased().replacingOccurrences(of: "_", with: "-") {
    case "UTF-8", "UTF8": self = .utf8
    case "UTF-16LE", "UTF16LE": self = .utf16(bigEndian: false)
    case "UTF-16BE", "UTF16BE": self = .utf16(bigEndian: true)
    case "UTF-32LE", "UTF32LE": self = .utf32(bigEndian: false)
    case "UTF-32BE", "UTF32BE": self = .utf32(bigEndian: true)
    case "LATIN1", "LATIN-1": self = .iconv("ISO-8859-1")
    case "CP1252", "WINDOWS1252": self = .iconv("WINDOWS-1252")
    default: self = .iconv(name)
    }
  }

  public var description: String {
    switch self {
    case .utf8: "UTF-8"
    case .utf16(let bigEndian): bigEndian ? "UTF-16BE" : "UTF-16LE"
    case .utf32(let bigEndian): bigEndian ? "UTF-32BE" : "UTF-32LE"
    case .iconv(let name): name
    }
  }

  /// The encoding a byte-order mark at the start of `head` names, and the mark's length.
  static func byteOrderMark(_ head: UnsafeBufferPointer<UInt8>) -> (TextEncoding, Int)? {
    func starts(_ prefix: [UInt8]) -> Bool {
      head.count >= prefix.count && zip(head, prefix).allSatisfy { $0 == $1 }
    }
    // UTF-32LE's mark begins with UTF-16LE's: test it first.
    if starts([0xFF, 0xFE, 0x00, 0x00]) { return (.utf32(bigEndian: false), 4) }
    if starts([0x00, 0x00, 0xFE, 0xFF]) { return (.utf32(bigEndian: true), 4) }
    if starts([0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
    if starts([0xFF, 0xFE]) { return (.utf16(bigEndian: false), 2) }
    if starts([0xFE, 0xFF]) { return (.utf16(bigEndian: true), 2) }
    return nil
  }

  /// UTF-16 without a byte-order mark, when the pattern of zero bytes leaves no doubt:
  /// text of mostly ASCII or Latin characters has a zero in every other byte, always on
  /// the same side, and UTF-8 text has no zero bytes at all.
  static func unmarkedUTF16(_ head: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
    let units = head.count / 2
    guard units >= 4 else { return nil }
    var zeroHigh = 0  // a zero in the second byte of a unit: little-endian
    var zeroLow = 0  // a zero in the first byte of a unit: big-endian
    for unit in 0..<units {
      if head[2 * unit] == 0 { zeroLow += 1 }
      if head[2 * unit + 1] == 0 { zeroHigh += 1 }
    }
    if zeroHigh * 4 >= units && zeroLow == 0 { return .utf16(bigEndian: false) }
    if zeroLow * 4 >= units && zeroHigh == 0 { return .utf16(bigEndian: true) }
    return nil
  }
}
