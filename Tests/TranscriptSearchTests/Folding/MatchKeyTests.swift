import Testing

@testable import TranscriptSearch

@Suite("MatchKey")
struct MatchKeyTests {
  @Test(arguments: [
    ("STRASSE", "straße"), ("ΟΔΟΣ", "οδος"), ("café", "cafe\u{301}"),
    ("한국", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}"),
    ("\u{212B}", "å"), ("ﬁle", "FILE"), ("İ", "i\u{307}"),
  ])
  func equivalentTextsShareAKey(_ left: String, _ right: String) {
    #expect(MatchKey.key(left).unicodeScalars.elementsEqual(MatchKey.key(right).unicodeScalars))
    #expect(MatchKey.composedKey(left) == MatchKey.composedKey(right))
  }

  @Test(arguments: [
    ("ラ", "ら"), ("a", "Ａ"), (" ", "\u{A0}"), ("i", "ı"), ("u\u{308}\u{304}", "u\u{304}\u{308}"),
  ])
  func distinctTextsHaveDistinctKeys(_ left: String, _ right: String) {
    #expect(!MatchKey.key(left).unicodeScalars.elementsEqual(MatchKey.key(right).unicodeScalars))
    #expect(MatchKey.composedKey(left) != MatchKey.composedKey(right))
  }

  @Test func keyIsDecomposedAndFolded() {
    #expect(MatchKey.key("É").unicodeScalars.map(\.value) == [0x65, 0x301])
    #expect(MatchKey.key("ẞ").unicodeScalars.map(\.value) == [0x73, 0x73])
  }

  @Test func characterCacheGivesTheSameKeyAsComputingIt() {
    var cache = CharacterKeyCache()
    for character in "Aß é👍🏽\u{212A}한ΐ\r\n" {
      var output: [UInt8] = []
      let scalars = ArraySlice(character.unicodeScalars)
      for _ in 0..<2 {  // computed, then cached
        output.removeAll()
        _ = cache.appendKey(ofCharacter: scalars, to: &output)
        #expect(output == MatchKey.composedKey(String(character)), "\(character)")
      }
    }
  }
}
