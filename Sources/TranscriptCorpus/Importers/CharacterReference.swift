/// HTML's character reference state, as WebVTT's cue text tokenizer uses it: `&name;`
/// (the longest name in HTML's table, legacy names without `;` included), `&#123;` and
/// `&#x7B;` (the `;` optional), with HTML's replacements for numbers that are not
/// characters. Anything else after `&` stays as written.
enum CharacterReference {
  /// Decodes the reference at `start` (an `&`) into `output`; returns the index after it.
  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, into output: inout [UInt8],
    inAnnotation: Bool = false
  ) -> Int {
    let index = start + 1
    guard index < bytes.count else {
      output.append(0x26)
      return index
    }
    if bytes[index] == 0x23 {  // #
      return decodeNumeric(bytes, at: start, into: &output)
    }
    // The longest run of letters and digits (and a ';') that could be a name.
    var end = index
    while end < bytes.count && end - index < 32 && isAlphanumeric(bytes[end]) { end += 1 }
    if end < bytes.count && bytes[end] == 0x3B { end += 1 }
    var length = end - index
    while length > 0 {
      let name = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self)
      if let value = table[name] {
        // In an annotation (HTML's attribute rule), a legacy name followed by '=' or an
        // alphanumeric is not a reference.
        let next = index + length < bytes.count ? bytes[index + length] : nil
        if inAnnotation && !name.hasSuffix(";"), let next, next == 0x3D || isAlphanumeric(next) {
          break
        }
        output += value
        return index + length
      }
      length -= 1
    }
    output.append(0x26)
    return index
  }

  private static func decodeNumeric(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, into output: inout [UInt8]
  ) -> Int {
    var index = start + 2
    var hexadecimal = false
    if index < bytes.count && (bytes[index] == 0x78 || bytes[index] == 0x58) {
      hexadecimal = true
      index += 1
    }
    var value: UInt32 = 0
    var digits = 0
    while index < bytes.count, let digit = digitValue(bytes[index], hexadecimal: hexadecimal) {
      // Past the last code point the value only needs to stay past it.
      value = min(value * (hexadecimal ? 16 : 10) + digit, 0x11_0000)
      digits += 1
      index += 1
    }
    guard digits > 0 else {
      // "&#" or "&#x" without digits: as written.
      output += UnsafeBufferPointer(rebasing: bytes[start..<index])
      return index
    }
    if index < bytes.count && bytes[index] == 0x3B { index += 1 }
    let scalar: Unicode.Scalar
    if value == 0 || value > 0x10_FFFF || (0xD800...0xDFFF).contains(value) {
      scalar = "\u{FFFD}"
    } else if let replacement = windows1252[value] {
      scalar = Unicode.Scalar(replacement)!
    } else {
      scalar = Unicode.Scalar(value)!
    }
    output += UTF8.encode(scalar)!
    return index
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  private static func digitValue(_ byte: UInt8, hexadecimal: Bool) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46 where hexadecimal: UInt32(byte - 0x41 + 10)
    case 0x61...0x66 where hexadecimal: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  /// The named references, as UTF-8, parsed once from the generated table.
  static let table: [String: [UInt8]] = {
    var table: [String: [UInt8]] = [:]
    for line in htmlCharacterReferenceTable.split(separator: "\n") {
      let fields = line.split(separator: " ")
      var value: [UInt8] = []
      for field in fields.dropFirst() {
        value += UTF8.encode(Unicode.Scalar(UInt32(field, radix: 16)!)!)!
      }
      table[String(fields[0])] = value
    }
    return table
  }()

  /// HTML's replacements for numeric references to the C1 controls, which legacy
  /// documents meant as Windows-1252.
  static let windows1252: [UInt32: UInt32] = [
    0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020,
    0x87: 0x2021, 0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152,
    0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022,
    0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
    0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
  ]
}
