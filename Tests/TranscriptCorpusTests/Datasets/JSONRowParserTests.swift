import CJSONScan
import Testing

@testable import TranscriptCorpus

@Suite("JSONRowParser")
struct JSONRowParserTests {
  /// The end of a string's plain bytes, by its definition: the first quote, backslash or
  /// byte below 0x20 from `start`, or the end.
  static func definition(_ bytes: [UInt8], from start: Int) -> Int {
    bytes[start...].firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
      ?? bytes.count
  }

  /// The Swift loop and, where the CPU has it, the AVX2 kernel find the end of a plain run
  /// as its definition does: texts of 0 to 100 bytes of letters, multi-byte scalars and
  /// bytes 0x7F and above, with a stop (each kind) at any place or none, from every start.
  @Test func findsTheEndOfAPlainRunFromEveryStart() {
    let plain = Array("aZ~ é中👍".utf8) + [0x7F, 0xFF, 0x80, 0x20, 0x21]
    let stopBytes: [UInt8] = [0x22, 0x5C, 0x00, 0x09, 0x0A, 0x1F]
    var random = SplitMix64(seed: 0x150A)
    for length in 0...100 {
      for round in 0..<6 {
        var bytes = (0..<length).map { _ in plain[Int(random.next() % UInt64(plain.count))] }
        // No stop, one, or two (the second after the first).
        for _ in 0..<(round % 3) where length > 0 {
          bytes[Int(random.next() % UInt64(length))] =
            stopBytes[Int(random.next() % UInt64(stopBytes.count))]
        }
        bytes.withUnsafeBufferPointer { buffer in
          for start in 0...length {
            let expected = Self.definition(bytes, from: start)
            #expect(
              JSONRowParser.endOfPlainRunPortably(buffer, from: start) == expected,
              "\(bytes) from \(start)")
            if tsb_json_avx2_supported() != 0 {
              #expect(
                tsb_json_plain_run_avx2(buffer.baseAddress!, length, start) == expected,
                "avx2: \(bytes) from \(start)")
            }
          }
        }
      }
    }
  }
}
