import Foundation
import Testing

@testable import TranscriptSearch

/// The table of scalars that can put a scalar into a key is what the runtime's own
/// Unicode data says, and its known entries are there.
@Suite("KeyPreimages")
struct KeyPreimagesTests {
  @Test func theTableIsWhatTheRuntimeComputes() throws {
    let computed = KeyPreimages.computedPairs()
    if let path = ProcessInfo.processInfo.environment["TSB_WRITE_KEY_PREIMAGES"] {
      try KeyPreimages.tableSource(computed).write(toFile: path, atomically: true, encoding: .utf8)
    }
    #expect(
      KeyPreimageTable.pairs == computed,
      "The Unicode data changed: run Scripts/generate-key-preimages.sh")
  }

  @Test func theRangesLeftOutAreTheirOwnKeys() {
    for range in KeyPreimages.identityRanges {
      for value in stride(from: range.lowerBound, through: range.upperBound, by: 97) {
        let scalar = Unicode.Scalar(value)!
        #expect(MatchKey.key(String(scalar)).unicodeScalars.map(\.value) == [value])
      }
    }
  }

  @Test func knownPreimages() throws {
    func preimages(_ scalar: Unicode.Scalar) throws -> Set<UInt32> {
      Set(KeyPreimages.preimages(of: scalar.value))
    }
    // Capitals, the Kelvin sign (a canonical singleton for K) and long s.
    #expect(try preimages("k").isSuperset(of: [0x4B, 0x212A]))
    #expect(try preimages("s").isSuperset(of: [0x53, 0x17F, 0xDF, 0x1E9E, 0xFB06]))
    // Precomposed letters decompose to their base; the Greek question mark to ";".
    #expect(try preimages("e").isSuperset(of: [0x45, 0xE9, 0xC9, 0x1EC7]))
    #expect(try preimages("\u{301}").contains(0xE9))
    #expect(try preimages(";") == [0x37E])
    // "İ" folds to "i" and a combining dot.
    #expect(try preimages("i").contains(0x130))
    #expect(try preimages("中").isEmpty)
  }

  @Test func theSyllablesThatHoldAJamoAreThoseWhoseKeysHoldIt() {
    // Every syllable against every modern jamo, by the runtime's own decomposition.
    let jamo = Array(UInt32(0x1100)...0x1112) + Array(0x1161...0x1175) + Array(0x11A8...0x11C2)
    for value in stride(from: UInt32(0xAC00), through: 0xD7A3, by: 7) {
      let key = Set(MatchKey.key(String(Unicode.Scalar(value)!)).unicodeScalars.map(\.value))
      for part in jamo {
        let rule = KeyPreimages.syllablePart(part)
        #expect(rule?.isHeld(by: value) == key.contains(part), "U+\(String(value, radix: 16))")
      }
    }
    #expect(KeyPreimages.syllablePart(0x3131) == nil)  // a compatibility jamo
    #expect(KeyPreimages.syllablePart(0x61) == nil)
  }
}
