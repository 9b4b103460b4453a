import Foundation
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

  /// The general path's composed key, for comparison.
  private static func generalKey(_ text: String, ignoringDiacritics: Bool) -> [UInt8] {
    Array(
      MatchKey.key(text, ignoringDiacritics: ignoringDiacritics)
        .precomposedStringWithCanonicalMapping.utf8)
  }

  @Test(arguments: [false, true])
  func asciiTextTakesTheShortPathToTheSameKey(_ ignoringDiacritics: Bool) {
    // Every ASCII scalar alone, then strings of them drawn at random.
    var texts = (0..<128).map { String(Character(Unicode.Scalar(UInt8($0)))) }
    var random = SeededRandom(seed: 0x5EED_A5C1)
    for _ in 0..<200 {
      let length = Int.random(in: 1...24, using: &random)
      texts.append(
        String(
          decoding: (0..<length).map { _ in UInt8.random(in: 0..<128, using: &random) },
          as: UTF8.self))
    }
    texts += ["\r\n", "Zephyr", "ABCXYZ@[`{", ""]
    for text in texts {
      let general = Self.generalKey(text, ignoringDiacritics: ignoringDiacritics)
      #expect(
        MatchKey.scalarwiseKey(text, ignoringDiacritics: ignoringDiacritics) == general,
        "\(Array(text.utf8))")
      #expect(MatchKey.composedKey(text, ignoringDiacritics: ignoringDiacritics) == general)
    }
  }

  /// Every scalar the short path keys alone, and strings of them drawn at random among
  /// ASCII letters, marks and spaces: the same key as the general path.
  @Test(arguments: [false, true])
  func scalarsThatAreTheirOwnKeysTakeTheShortPathToTheSameKey(_ ignoringDiacritics: Bool) {
    // The Basic Multilingual Plane and the pictographs' blocks of plane 1 (emoji).
    let own = (Array(0x80..<0xD800) + Array(0xE000..<0x1_0000) + Array(0x1F000..<0x1FB00))
      .filter { MatchKey.scalarKey(UInt32($0), ignoringDiacritics: ignoringDiacritics) != nil }
      .map { Unicode.Scalar(UInt32($0))! }
    #expect(own.count > 20_000)
    #expect(own.contains("\u{1FA90}") && own.contains("\u{1F600}"))
    for scalar in own {
      let text = String(Character(scalar))
      let general = Self.generalKey(text, ignoringDiacritics: ignoringDiacritics)
      #expect(
        MatchKey.scalarwiseKey(text, ignoringDiacritics: ignoringDiacritics) == general,
        "U+\(String(scalar.value, radix: 16))")
    }
    var random = SeededRandom(seed: 0x0B5E_55ED)
    let others: [Unicode.Scalar] = [
      "a", "Z", " ", "'", "\u{3099}", "\u{301}", "\u{306}", "\u{308}", "\u{654}",
    ]
    for _ in 0..<500 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        text.append(
          Bool.random(using: &random)
            ? own.randomElement(using: &random)! : others.randomElement(using: &random)!)
      }
      let string = String(text)
      let general = Self.generalKey(string, ignoringDiacritics: ignoringDiacritics)
      #expect(
        MatchKey.composedKey(string, ignoringDiacritics: ignoringDiacritics) == general,
        "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  @Test(arguments: [
    "STRAßE", "Ａ", "x\u{301}", "cafe\u{301}", "\u{80}", "\u{3099}", "İstanbul", "ŉ", "ﬁ", "ᾳ",
    "\u{483}",
  ])
  func anyOtherTextTakesTheGeneralPath(_ text: String) {
    #expect(MatchKey.scalarwiseKey(text, ignoringDiacritics: false) == nil)
  }

  /// Letters of the Latin, Greek and Cyrillic blocks beyond the rules' (accented, Greek,
  /// Ukrainian): known keys, and strings of such letters and ASCII drawn at random, each
  /// keyed scalar by scalar to what the general path gives the whole string.
  @Test(arguments: [false, true])
  func lettersOfTheAlphabetsTakeTheShortPathToTheSameKey(_ ignoringDiacritics: Bool) {
    let known: [(String, counted: String, ignored: String)] = [
      ("ΣΊΣΥΦΟΣ", "σίσυφοσ", "σισυφοσ"), ("Øresund", "øresund", "øresund"),
      ("NAÏVETÉ", "naïveté", "naivete"), ("Їжак", "їжак", "іжак"), ("ǅemal", "ǆemal", "ǆemal"),
      ("ψυχαγωγία", "ψυχαγωγία", "ψυχαγωγια"), ("Ærø", "ærø", "ærø"),
    ]
    for (text, counted, ignored) in known {
      let expected = Array((ignoringDiacritics ? ignored : counted).utf8)
      #expect(MatchKey.scalarwiseKey(text, ignoringDiacritics: ignoringDiacritics) == expected)
      #expect(Self.generalKey(text, ignoringDiacritics: ignoringDiacritics) == expected)
    }
    let letters = AlphabetScalarKeys.blocks.flatMap { $0 }.filter {
      AlphabetScalarKeys.key($0, ignoringDiacritics: ignoringDiacritics) != nil
    }.map { Unicode.Scalar($0)! }
    #expect(letters.count > 800)
    var random = SeededRandom(seed: 0xA1FA_BE75)
    let ascii: [Unicode.Scalar] = ["a", "Z", " ", "'", "-", "s"]
    for _ in 0..<2_000 {
      var text = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        text.append(
          Int.random(in: 0..<4, using: &random) == 0
            ? ascii.randomElement(using: &random)! : letters.randomElement(using: &random)!)
      }
      let string = String(text)
      #expect(
        MatchKey.scalarwiseKey(string, ignoringDiacritics: ignoringDiacritics)
          == Self.generalKey(string, ignoringDiacritics: ignoringDiacritics),
        "\(string.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  @Test func lettersWithMarksTakeTheGeneralPathWhenDiacriticsAreIgnored() {
    for text in ["が", "آ", "か"] {
      #expect(MatchKey.scalarwiseKey(text, ignoringDiacritics: true) == nil)
      #expect(MatchKey.scalarwiseKey(text, ignoringDiacritics: false) == Array(text.utf8))
    }
    #expect(MatchKey.composedKey("が", ignoringDiacritics: true) == Array("か".utf8))
    #expect(MatchKey.scalarwiseKey("ЙОД", ignoringDiacritics: true) == Array("иод".utf8))
    #expect(MatchKey.composedKey("ЙОД", ignoringDiacritics: true) == Array("иод".utf8))
    #expect(MatchKey.composedKey("ЙОД") == Array("йод".utf8))
  }

  @Test func keyIsDecomposedAndFolded() {
    #expect(MatchKey.key("É").unicodeScalars.map(\.value) == [0x65, 0x301])
    #expect(MatchKey.key("ẞ").unicodeScalars.map(\.value) == [0x73, 0x73])
  }

  @Test func characterCacheGivesTheSameKeyAsComputingIt() {
    var cache = CharacterKeyCache()
    for character in "Aß é👍🏽\u{212A}한ΐ\r\nक्षİ" {
      let expected = MatchKey.composedKey(String(character))
      for _ in 0..<2 {  // computed, then cached
        let utf8 = Array(String(character).utf8)
        let got: [UInt8]
        if character.unicodeScalars.count == 1 {
          let info = cache.info(character.unicodeScalars.first!.value)
          // Identity means "itself, once ASCII capitals are lowercased".
          got =
            info.isIdentity
            ? utf8.map { $0 &+ (($0 &- 0x41) < 26 ? 0x20 : 0) }
            : Array(cache.keyBytes[info.keyOffset..<info.keyOffset + info.keyLength])
        } else {
          got = utf8.withUnsafeBufferPointer { cache.clusterKey($0) }
        }
        #expect(got == expected, "\(character)")
      }
    }
  }

  @Test func simpleScalarsAreThoseThatNeverJoinAnother() {
    for simple in "aZ中한ΣЖا👍\u{0}" {
      #expect(CharacterKeyCache.isSimple(simple.unicodeScalars.first!))
    }
    let joining: [Unicode.Scalar] = [
      "\u{301}", "\u{200D}", "\r", "\n", "\u{1F1E6}", "\u{1F3FD}", "\u{FE0F}", "\u{1100}",
      "\u{1161}",
      "\u{11A8}", "\u{93F}", "\u{94D}", "\u{600}", "\u{E33}",
    ]
    for scalar in joining { #expect(!CharacterKeyCache.isSimple(scalar), "\(scalar.value)") }
  }
}

@Suite("MatchKey ignoring diacritics")
struct MatchKeyIgnoringDiacriticsTests {
  @Test(arguments: [
    ("resume", "RÉSUMÉ"), ("resume", "re\u{301}sume\u{301}"), ("e", "é"), ("か", "が"),
    ("ss", "ß"), ("οδος", "ὁδός"), ("и", "й"), ("viet", "Việt"), ("שלום", "שָׁלוֹם"),
  ])
  func textsDifferingOnlyInMarksShareAKey(_ left: String, _ right: String) {
    #expect(
      MatchKey.composedKey(left, ignoringDiacritics: true)
        == MatchKey.composedKey(right, ignoringDiacritics: true))
    #expect(MatchKey.composedKey(left) != MatchKey.composedKey(right) || left == "ss")
  }

  @Test(arguments: [("か", "カ"), ("a", "a\u{20DD}"), ("क", "कि")])
  func onlyNonspacingMarksAreDropped(_ left: String, _ right: String) {
    #expect(
      MatchKey.composedKey(left, ignoringDiacritics: true)
        != MatchKey.composedKey(right, ignoringDiacritics: true))
  }

  @Test func aLoneMarkHasAnEmptyKey() {
    #expect(MatchKey.key("\u{301}\u{308}", ignoringDiacritics: true).isEmpty)
    #expect(MatchKey.key("\u{301}") == "\u{301}")
  }
}
