import Testing

@testable import TranscriptCorpus

/// Every validation kernel this CPU runs against the standard library's own UTF-8
/// validation (`String(validating:as:)`), an implementation written independently of ours.
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
  static let kernels = UTF8Validation.Kernel.available

  static func standardLibrarySays(_ bytes: [UInt8]) -> Bool {
    String(validating: bytes, as: UTF8.self) != nil
  }

  /// Both answers of `kernel` on `bytes` against the standard library's. An issue is
  /// recorded only on a disagreement: `#expect` captures its operands for its report on
  /// every call, which over the millions of calls below was most of the suite's time.
  ///
  /// `expected`, when given, is the standard library's answer, asked once for bytes that
  /// differ from these only in a run of ASCII before them (which cannot change it).
  static func check(_ bytes: [UInt8], _ kernel: UTF8Validation.Kernel, expected: Bool? = nil) {
    let expected = expected ?? standardLibrarySays(bytes)
    let valid = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0, kernel: kernel) }
    let offset = bytes.withUnsafeBufferPointer {
      UTF8Validation.firstInvalidOffset($0, kernel: kernel)
    }
    if valid != expected || (offset == nil) != expected {
      let found = "isValid \(valid), first invalid offset \(offset.map(String.init) ?? "none")"
      let said = "the standard library says \(expected ? "valid" : "invalid")"
      Issue.record("\(kernel): \(found), \(said): \(bytes.map { String($0, radix: 16) })")
    }
  }

  /// The bytes a sequence's lead and continuations are told by: every boundary of
  /// Table 3-7 and a byte on each side of it.
  static let edgeBytes: [UInt8] = [
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
    0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF,
  ]

  @Test("every pair of bytes, straddling a vector block or not", arguments: kernels)
  func everyPair(kernel: UTF8Validation.Kernel) {
    // The pair at offsets 30–31 (inside a block), 31–32 (across two) and at the very end.
    // Between ASCII bytes or at the end, the pair alone decides: the standard library is
    // asked once per pair.
    for first in 0...255 {
      for second in 0...255 {
        let expected = Self.standardLibrarySays([UInt8(first), UInt8(second)])
        for offset in [30, 31, 62] {
          var bytes = [UInt8](repeating: 0x61, count: 64)
          bytes[offset] = UInt8(first)
          bytes[offset + 1] = UInt8(second)
          let valid = bytes.withUnsafeBufferPointer { UTF8Validation.isValid($0, kernel: kernel) }
          if valid != expected {
            Issue.record(
              "\(kernel): \(String(first, radix: 16)) \(String(second, radix: 16)) at \(offset)")
            return
          }
        }
      }
    }
  }

  @Test(
    "three- and four-byte sequences of edge bytes at every offset of a block", arguments: kernels)
  func longerSequences(kernel: UTF8Validation.Kernel) {
    let edges = Self.edgeBytes
    for a in edges where a >= 0xC0 {
      for b in edges {
        for c in edges {
          for d in [UInt8(0x41), 0x80, 0xBF, 0xC3] {
            let sequence = [a, b, c, d]
            let alone = Self.standardLibrarySays(sequence)
            let followed = Self.standardLibrarySays(sequence + [0xCE, 0xB1])
            for offset in 27...33 {
              var bytes = [UInt8](repeating: 0x61, count: offset)
              bytes += sequence
              Self.check(bytes, kernel, expected: alone)
              bytes += [0xCE, 0xB1]
              Self.check(bytes, kernel, expected: followed)
            }
          }
        }
      }
    }
  }

  @Test(
    "every length from empty to four blocks, ending inside a sequence or not", arguments: kernels)
  func lengths(kernel: UTF8Validation.Kernel) {
    let scalars = ["a", "é", "量", "👍"].map { Array($0.utf8) }
    for length in 0...130 {
      for scalar in scalars {
        var bytes: [UInt8] = []
        while bytes.count + scalar.count <= length { bytes += scalar }
        bytes += [UInt8](repeating: 0x62, count: length - bytes.count)
        Self.check(bytes, kernel)
        for cut in 1..<scalar.count { Self.check(bytes + scalar[..<cut], kernel) }
      }
    }
  }

  @Test("random text in several scripts, with random faults", arguments: kernels)
  func randomText(kernel: UTF8Validation.Kernel) {
    var random = SystemRandomNumberGenerator()
    let pieces = [
      "the ", "Straße ", "量子", "🇯🇵", "สวัสดี", "नमस्ते", "ΣΊΣΥΦΟΣ", "\u{10FFFF}", "\u{FFFD}",
      "\u{D7FF}", "\u{E000}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}",
    ].map { Array($0.utf8) }
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      let count = Int.random(in: 0...40, using: &random)
      for _ in 0..<count { bytes += pieces.randomElement(using: &random)! }
      Self.check(bytes, kernel)
      guard !bytes.isEmpty else { continue }
      var faulty = bytes
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        faulty[Int.random(in: faulty.indices, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      case 1: faulty.remove(at: Int.random(in: faulty.indices, using: &random))
      default:
        faulty.insert(
          UInt8.random(in: 0x80...0xFF, using: &random),
          at: Int.random(in: 0...faulty.count, using: &random))
      }
      Self.check(faulty, kernel)
    }
  }
}
