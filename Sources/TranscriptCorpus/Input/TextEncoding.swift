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

  /// The encoding of input without a byte-order mark, told from `head` (its first
  /// chunk): UTF-32 or UTF-16 when its zero bytes say so, UTF-8 when it has none or a few.
  ///
  /// UTF-32 has a zero in the top byte of every unit (and at most 0x10 in the next).
  /// UTF-16 is told by its line feeds, carriage returns and spaces, a zero byte on their
  /// one side (`0A 00` little-endian, `00 0A` big-endian): a count of zero bytes alone
  /// misleads, as every character U+xx00 (가 U+AC00, 一 U+4E00, U+3000) puts a zero on
  /// the other side.
  ///
  /// - Throws: ``DatasetError/cannotOpen(path:reason:)`` when zero bytes are too many for
  ///   UTF-8 text and their pattern names no encoding: `--encoding` must.
  public static func unmarked(
    _ head: UnsafeBufferPointer<UInt8>, path: String
  ) throws(DatasetError) -> TextEncoding {
    var zeros = 0
    for byte in head where byte == 0 { zeros += 1 }
    let units = head.count / 2
    // A stray NUL or two in UTF-8 text is text; UTF-16 of any script has a zero byte in
    // more than 1 unit of 128 (its line feeds at least).
    // Nothing but zeros tells no encoding either: NUL is a character, and the line bound
    // stops a stream of them.
    guard zeros >= 2, zeros * 128 >= units, zeros < head.count else { return .utf8 }
    if let utf32 = unmarkedUTF32(head) { return utf32 }
    var littleEndian = 0
    var bigEndian = 0
    for unit in 0..<units {
      let first = head[2 * unit]
      let second = head[2 * unit + 1]
      if second == 0 && (first == 0x0A || first == 0x0D || first == 0x20) { littleEndian += 1 }
      if first == 0 && (second == 0x0A || second == 0x0D || second == 0x20) { bigEndian += 1 }
    }
    // U+0A00, U+0D00 and U+2000 are rare enough to be outvoted four to one.
    // Two at least: one NUL after a line feed in UTF-8 text is not a pattern.
    if littleEndian >= 2 && littleEndian >= 4 * bigEndian { return .utf16(bigEndian: false) }
    if bigEndian >= 2 && bigEndian >= 4 * littleEndian { return .utf16(bigEndian: true) }
    // A few NULs in a short text are text; many that show no pattern are not.
    guard zeros >= 16 else { return .utf8 }
    throw .cannotOpen(
      path: path,
      reason: "\(zeros) of its first \(head.count) bytes are zero, too many for UTF-8 text, "
        + "and they do not show which encoding it is: name it with --encoding "
        + "(UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE, …)")
  }

  /// UTF-32 without a byte-order mark: every whole unit of `head` a code point (its top
  /// byte zero, the next at most 0x10) in one byte order only, two of them line feeds,
  /// carriage returns or spaces.
  private static func unmarkedUTF32(_ head: UnsafeBufferPointer<UInt8>) -> TextEncoding? {
    let units = head.count / 4
    guard units >= 2 else { return nil }
    var little = true
    var big = true
    var littleBreaks = 0
    var bigBreaks = 0
    let breaks: Set<UInt8> = [0x0A, 0x0D, 0x20]
    for unit in 0..<units where little || big {
      let bytes = (head[4 * unit], head[4 * unit + 1], head[4 * unit + 2], head[4 * unit + 3])
      if bytes.3 != 0 || bytes.2 > 0x10 { little = false }
      if bytes.0 != 0 || bytes.1 > 0x10 { big = false }
      if bytes.1 == 0 && bytes.2 == 0 && bytes.3 == 0 && breaks.contains(bytes.0) {
        littleBreaks += 1
      }
      if bytes.0 == 0 && bytes.1 == 0 && bytes.2 == 0 && breaks.contains(bytes.3) {
        bigBreaks += 1
      }
    }
    // Its own line feeds or spaces, two at least, as for UTF-16: UTF-16 of characters
    // U+xx00 or controls beside ASCII reads as code points too (Ѐ and a space, U+42000).
    if little && !big && littleBreaks >= 2 { return .utf32(bigEndian: false) }
    if big && !little && bigBreaks >= 2 { return .utf32(bigEndian: true) }
    return nil
  }
}
