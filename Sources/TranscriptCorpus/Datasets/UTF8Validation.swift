/// UTF-8 well-formedness per the Unicode Standard, Table 3-7.
enum UTF8Validation {
  /// The length of the well-formed sequence starting at `index`, or 0 if the bytes
  /// there are not one.
  static func validSequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = bytes[index]
    let (length, secondRange): (Int, ClosedRange<UInt8>) =
      switch lead {
      case 0x00...0x7F: (1, 0x80...0xBF)
      case 0xC2...0xDF: (2, 0x80...0xBF)
      case 0xE0: (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
      case 0xED: (3, 0x80...0x9F)
      case 0xF0: (4, 0x90...0xBF)
      case 0xF1...0xF3: (4, 0x80...0xBF)
      case 0xF4: (4, 0x80...0x8F)
      default: (0, 0x80...0xBF)
      }
    guard length > 1 else { return length }
    guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
      return 0
    }
    return length
  }

  /// The length of the maximal invalid subpart at `index` (at least 1), so a repair
  /// replaces it with a single U+FFFD, as the Unicode Standard recommends.
  static func invalidSequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    var length = 1
    while index + length < bytes.count, length < 4,
      (0x80...0xBF).contains(bytes[index + length]),
      validSequenceLength(in: bytes, at: index) == 0,
      isPrefixOfValidSequence(bytes, from: index, length: length + 1)
    {
      length += 1
    }
    return length
  }

  private static func isPrefixOfValidSequence(
    _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, length: Int
  ) -> Bool {
    // Pad the prefix with continuation bytes that keep it well formed when possible.
    var candidate = Array(bytes[index..<index + length])
    while candidate.count < 4 { candidate.append(0x80) }
    for total in length...4 {
      let valid = candidate.withUnsafeBufferPointer {
        validSequenceLength(in: UnsafeBufferPointer(rebasing: $0[0..<total]), at: 0)
      }
      if valid == total { return true }
    }
    return false
  }
}
