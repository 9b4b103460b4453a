import Foundation
import Testing

@testable import TranscriptSearch

@Suite("CanonicalComposition")
struct CanonicalCompositionTests {
  /// The second halves of primary composites (the planes that have any), derived from
  /// Foundation's own normalization (the one the contract's key is made with): each
  /// scalar that canonical composition rebuilds from its decomposition contributes the
  /// decomposition's last scalar.
  @Test func listsExactlyTheSecondHalvesOfPrimaryComposites() {
    var secondHalves: Set<UInt32> = []
    for value in UInt32(0xC0)..<0x3_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let original = String(scalar)
      let decomposed = original.decomposedStringWithCanonicalMapping
      guard decomposed.unicodeScalars.count >= 2,
        // By scalars: `==` on strings is canonical equivalence, true of any decomposition.
        Array(decomposed.precomposedStringWithCanonicalMapping.unicodeScalars) == [scalar]
      else { continue }
      secondHalves.insert(decomposed.unicodeScalars.last!.value)
    }
    #expect(secondHalves.contains(0x301) && secondHalves.contains(0x11A8))
    for value in UInt32(0)..<0x3_0000 {
      #expect(
        CanonicalComposition.composesWithPrevious(value) == secondHalves.contains(value),
        "U+\(String(value, radix: 16))")
    }
  }
}
