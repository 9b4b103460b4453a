import Foundation
import Testing

@testable import TranscriptSearch

@Suite("WordBoundaries")
struct WordBoundariesTests {
  /// Debian's unicode-data package installs it; `.ci/run` and `make test` install it.
  static let wordBreakTestPath = "/usr/share/unicode/auxiliary/WordBreakTest.txt"

  /// Every line of Unicode's own test file: ÷ marks a boundary, × none, at every scalar
  /// offset of the line's text, the start and end included.
  @Test func passesEveryLineOfWordBreakTest() throws {
    let file = try String(contentsOfFile: Self.wordBreakTestPath, encoding: .utf8)
    #expect(file.hasPrefix("# WordBreakTest-\(WordBoundaries.unicodeVersion).txt"))
    var lines = 0
    for line in file.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "#", maxSplits: 1)[0].split(whereSeparator: \.isWhitespace)
      guard !fields.isEmpty else { continue }
      var scalars = String.UnicodeScalarView()
      var expected: [Bool] = []  // at each scalar offset, the end included
      for field in fields {
        switch field {
        case "÷": expected.append(true)
        case "×": expected.append(false)
        default: scalars.append(Unicode.Scalar(UInt32(field, radix: 16)!)!)
        }
      }
      var text = String(scalars)
      let got = text.withUTF8 { bytes in
        var offsets = [0]
        for scalar in scalars { offsets.append(offsets[offsets.count - 1] + UTF8.width(scalar)) }
        return offsets.map { WordBoundaries.isBoundary(at: $0, in: bytes) }
      }
      #expect(got == expected, "\(line)")
      lines += 1
    }
    #expect(lines == 1_823)
  }

  @Test(arguments: [
    ("can't stop", [0, 5, 6, 10]),
    ("3.14, x_1", [0, 4, 5, 6, 9]),
    ("中文字", [0, 3, 6, 9]),
    ("カタカナ", [0, 12]),
    ("e\u{301}x y", [0, 4, 5, 6]),
    ("", [0]),
  ])
  func findsTheBoundariesOfShortTexts(_ text: String, _ boundaries: [Int]) {
    var text = text
    let found = text.withUTF8 { bytes in
      (0...bytes.count).filter { offset in
        (offset == bytes.count || bytes[offset] & 0xC0 != 0x80)
          && WordBoundaries.isBoundary(at: offset, in: bytes)
      }
    }
    #expect(found == boundaries)
  }
}
