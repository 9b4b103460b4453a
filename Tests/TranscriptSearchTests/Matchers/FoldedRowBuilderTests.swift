import Testing

@testable import TranscriptSearch

@Suite("FoldedRowBuilder")
struct FoldedRowBuilderTests {
  /// Rows of every length up to past three vectors, plain or with one byte that is not
  /// (a carriage return, or 0x80 and above) anywhere: every fold kernel tells them as the
  /// definition does, and lowercases exactly A–Z, from any start.
  @Test(arguments: PlainScanKernel.available)
  func tellsAndLowercasesPlainASCIIRows(_ kernel: PlainScanKernel) {
    let builder = FoldedRowBuilder(kernel: kernel)
    var generator = SystemRandomNumberGenerator()
    let notPlain: [UInt8] = [0x0D, 0x80, 0xC3, 0xE0, 0xF0, 0xFF]
    for length in 0...200 {
      for variant in 0...3 {
        var row = (0..<length).map { _ in UInt8.random(in: 0...0x7F, using: &generator) }
        row = row.map { $0 == 0x0D ? 0x0A : $0 }
        if variant > 0 && length > 0 {
          // The first byte, the last, or any other.
          let at = [0, length - 1, Int.random(in: 0..<length, using: &generator)][variant - 1]
          row[at] = notPlain.randomElement(using: &generator)!
        }
        let expected = row.allSatisfy { $0 < 0x80 && $0 != 0x0D }
        let told = row.withUnsafeBufferPointer { builder.isPlainASCII($0) }
        #expect(told == expected, "\(kernel), \(row)")

        let start = length == 0 ? 0 : Int.random(in: 0...length, using: &generator)
        var lowered = row
        builder.lowercaseASCII(in: &lowered, from: start)
        let lowercase = row.enumerated().map { index, byte in
          index >= start && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            ? byte + 0x20 : byte
        }
        #expect(lowered == lowercase, "\(kernel), from \(start): \(row)")
      }
    }
  }
}
