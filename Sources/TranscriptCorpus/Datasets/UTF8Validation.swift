import CUTF8Validation
import TranscriptSearch

/// UTF-8 well-formedness per the Unicode Standard, Table 3-7.
enum UTF8Validation {
  /// Whether every byte is ASCII.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    UTF8Scalars.isASCII(bytes)
  }

  /// Whether every byte belongs to a well-formed sequence.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, kernel: Kernel = .automatic) -> Bool {
    switch kernel {
    case .portable: firstInvalidOffset(bytes, kernel: .portable) == nil
    case .avx2: tsb_utf8_is_valid_avx2(bytes.baseAddress, bytes.count) != 0
    }
  }

  /// The offset of the first byte that does not begin a well-formed sequence, or nil.
  static func firstInvalidOffset(
    _ bytes: UnsafeBufferPointer<UInt8>, kernel: Kernel = .automatic
  ) -> Int? {
    // Valid text is the rule: the vector kernel tells it, and only text with a fault in
    // it is walked sequence by sequence to find where.
    if kernel != .portable, isValid(bytes, kernel: kernel) { return nil }
    return firstInvalidOffsetOneByOne(bytes)
  }

  /// Table 3-7 on the raw pointer, a whole sequence per test where four bytes can be
  /// loaded at once (its lead and continuation bits under one mask), ASCII sixteen bytes
  /// a step.
  private static func firstInvalidOffsetOneByOne(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let p = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(p)
    let n = bytes.count
    let highs: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while i + 4 <= n {
      let lead = p[i]
      if lead < 0x80 {
        i += 1
        while i + 16 <= n
          && (raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            | raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)) & highs == 0
        {
          i += 16
        }
        continue
      }
      let word = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
      let second = UInt8(truncatingIfNeeded: word >> 8)
      if word & 0xC0E0 == 0x80C0 {
        guard lead >= 0xC2 else { return i }
        i += 2
      } else if word & 0xC0_C0F0 == 0x80_80E0 {
        if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F) { return i }
        i += 3
      } else if word & 0xC0C0_C0F8 == 0x8080_80F0 {
        if lead > 0xF4 || (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F) {
          return i
        }
        i += 4
      } else {
        return i
      }
    }
    // The last few bytes, one sequence at a time.
    while i < n {
      let length = validSequenceLength(in: bytes, at: i)
      if length == 0 { return i }
      i += length
    }
    return nil
  }

  /// `bytes` with each maximal invalid subpart replaced by U+FFFD, into `output`;
  /// returns how many were replaced.
  static func repair(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Int {
    output.removeAll(keepingCapacity: true)
    output.reserveCapacity(bytes.count + 16)
    var index = 0
    var count = 0
    while index < bytes.count {
      let length = validSequenceLength(in: bytes, at: index)
      if length > 0 {
        output += UnsafeBufferPointer(rebasing: bytes[index..<index + length])
        index += length
      } else {
        output += [0xEF, 0xBF, 0xBD]
        count += 1
        index += invalidSequenceLength(in: bytes, at: index)
      }
    }
    return count
  }

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
