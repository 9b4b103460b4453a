import Foundation
import Testing

@testable import TranscriptSearch

@Suite("CaseFolding")
struct CaseFoldingTests {
  /// Debian's unicode-data package installs it; `.ci/run` and `make test` install it.
  static let unicodeDataPath = "/usr/share/unicode/CaseFolding.txt"

  /// Every code point CaseFolding.txt lists folds as its C or F entry says. The
  /// intentional differences: T entries (Turkic) are not used, and S entries are
  /// replaced by the F entry of the same code point (full folding, not simple).
  @Test func tableAgreesWithUnicodeData() throws {
    let text = try String(contentsOfFile: Self.unicodeDataPath, encoding: .utf8)
    #expect(text.hasPrefix("# CaseFolding-\(CaseFolding.unicodeVersion).txt"))
    var checked = 0
    var fullFolded = Set<UInt32>()
    var simpleOnly: [(UInt32, [UInt32])] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count >= 3, let code = UInt32(fields[0], radix: 16) else { continue }
      let mapping = fields[2].split(separator: " ").compactMap { UInt32($0, radix: 16) }
      switch fields[1] {
      case "C", "F":
        #expect(folded(code) == mapping, "U+\(fields[0])")
        fullFolded.insert(code)
        checked += 1
      case "S": simpleOnly.append((code, mapping))
      default: break  // T: Turkic, not part of the contract
      }
    }
    // A simple folding is listed only where a full one exists too.
    for (code, _) in simpleOnly { #expect(fullFolded.contains(code), "U+\(code)") }
    #expect(checked == CaseFoldingTable.codePoints.count)
    #expect(checked > 1_400)
  }

  @Test func turkicDottedCapitalIFoldsToIWithDotAbove() {
    #expect(folded(0x130) == [0x69, 0x307])
    #expect(folded(0x49) == [0x69])
    #expect(folded(0x131) == [0x131])
  }

  @Test func codePointsWithoutFoldingStayThemselves() {
    for code: UInt32 in [0x61, 0x3C3, 0x4E2D, 0x1F44D, 0x10FFFF] {
      #expect(folded(code) == [code])
    }
  }

  func folded(_ code: UInt32) -> [UInt32] {
    var output: [Unicode.Scalar] = []
    CaseFolding.appendFolding(of: Unicode.Scalar(code)!, to: &output)
    return output.map(\.value)
  }
}
