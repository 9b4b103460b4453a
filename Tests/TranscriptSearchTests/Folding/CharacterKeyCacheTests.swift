import Testing

@testable import TranscriptSearch

@Suite("CharacterKeyCache")
struct CharacterKeyCacheTests {
  /// The scalars a run passes over by their lead byte alone must be what the table says:
  /// simple (a character boundary between any two) and their own keys, in both forms.
  @Test(arguments: [false, true])
  func scalarsKnownByTheirLeadByteAreSimpleIdentities(ignoringDiacritics: Bool) {
    var cache = CharacterKeyCache(ignoringDiacritics: ignoringDiacritics)
    let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x4000...0x9FFF, 0xB000...0xCFFF]
    for range in ranges {
      for value in range {
        let utf8 = Array(String(Unicode.Scalar(value)!).utf8)
        let length = utf8.withUnsafeBufferPointer {
          CharacterKeyCache.simpleIdentityLength($0, at: 0)
        }
        #expect(length == utf8.count, "U+\(String(value, radix: 16))")
        let info = cache.info(value)
        #expect(info.isSimple && info.isIdentity, "U+\(String(value, radix: 16))")
      }
    }
    // And nothing else is taken for one.
    for lead: UInt8 in [0x0A, 0x0D, 0x7F, 0xC3, 0xE0, 0xE3, 0xEA, 0xED, 0xF0] {
      let length = [lead, 0x80, 0x80, 0x80].withUnsafeBufferPointer {
        CharacterKeyCache.simpleIdentityLength($0, at: 0)
      }
      #expect(length == 0, "lead byte \(lead)")
    }
  }

  /// The scalars the fold takes for plain identities before looking them up are so, in
  /// both forms.
  @Test(arguments: [false, true])
  func initialIdentitiesArePlainIdentities(ignoringDiacritics: Bool) {
    var cache = CharacterKeyCache(ignoringDiacritics: ignoringDiacritics)
    for range in PlainCharacterClass.initialIdentityRanges {
      for value in range {
        let info = cache.info(value)
        #expect(
          PlainCharacterClass.of(value, info) == PlainCharacterClass.identity,
          "U+\(String(value, radix: 16))")
      }
    }
  }

  /// Whether a boundary falls before a scalar is remembered by the character so far,
  /// short or long (Indic conjuncts with vowel signs, emoji sequences, runs of marks up to
  /// and past 26 bytes): asked again, with other next scalars and of characters that
  /// share their first bytes, the answer is always the standard library's.
  @Test func breaksAfterCharactersOfAnyLengthAgreeWithTheStandardLibrary() {
    let pool: [Unicode.Scalar] = [
      "क", "ष", "\u{94D}", "\u{93E}", "\u{947}", "\u{902}", "\u{200D}", "\u{200C}", "\u{1F469}",
      "\u{1F4BB}", "\u{1F3FD}", "\u{FE0F}", "\u{1F1EF}", "\u{1F1F5}", "\u{301}", "a", " ",
      "\r", "\n", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{600}", "ก", "\u{E33}",
    ]
    var cache = CharacterKeyCache()
    var random = SeededRandom(seed: 0x10B6)
    for _ in 0..<400 {
      let scalars = (0..<Int.random(in: 1...12, using: &random)).map { _ in
        pool.randomElement(using: &random)!
      }
      let character = Array(String(String.UnicodeScalarView(scalars)).utf8)
      for next in pool + pool {
        var recognizer = Unicode._CharacterRecognizer()
        for scalar in scalars { _ = recognizer.hasBreak(before: scalar) }
        let expected = recognizer.hasBreak(before: next)
        let answer = character.withUnsafeBufferPointer {
          cache.breaks(after: $0, before: next.value)
        }
        #expect(
          answer == expected,
          "\(scalars.map { String($0.value, radix: 16) }) before \(String(next.value, radix: 16))")
      }
    }
  }

  /// Supplementary scalars that share their low bits (and so a slot of the recent ones)
  /// are each described as a cache that never saw the others describes them.
  @Test func supplementaryScalarsSharingASlotKeepTheirOwnDescriptions() {
    let scalars: [UInt32] = [
      0x1F44D, 0x1F84D, 0x2044D, 0x1F3FD, 0x1F7FD, 0x1F1EF, 0xE0061, 0x1F44D,
    ]
    var cache = CharacterKeyCache()
    var random = SeededRandom(seed: 0x5C4)
    for _ in 0..<3 {
      for value in scalars.shuffled(using: &random) {
        var fresh = CharacterKeyCache()
        #expect(
          cache.info(value).rawValue == fresh.info(value).rawValue,
          "U+\(String(value, radix: 16))")
      }
    }
  }

  /// A scalar that joins a letter joins anything but a control, CR or LF (GB9, GB9a):
  /// the shortcut the fold takes instead of asking the grapheme breaker.
  @Test func joinersJoinEverythingButControls() {
    var cache = CharacterKeyCache()
    let previous: [Unicode.Scalar] = [
      "a", "\u{301}", "\u{200D}", "\u{1F44D}", "\u{1F1EF}", "क", "्", "\u{1100}", "\u{AC00}",
      "\u{600}",
      "\r", "\n", "\u{1}", "ำ",
    ]
    let candidates: [Unicode.Scalar] = [
      "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{93F}", "\u{E33}", "\u{94D}", "\u{11A8}",
      "\u{1161}", "a",
    ]
    for next in candidates where cache.info(next.value).joinsPrevious {
      for first in previous where !cache.info(first.value).breaksBeforeJoiners {
        let text = String(first) + String(next)
        #expect(text.count == 1, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
      }
    }
    #expect(cache.info(0x0D).breaksBeforeJoiners && cache.info(0x0A).breaksBeforeJoiners)
    #expect(cache.info(0x301).joinsPrevious && !cache.info(0x61).joinsPrevious)
  }

  /// After a simple scalar and plain marks, a boundary falls before every simple
  /// scalar: the shortcut the fold takes. Checked for every plain mark of the Basic
  /// Multilingual Plane against the standard library's grapheme breaking, after bases and
  /// before followers of the kinds whose rules look back (Indic conjuncts, emoji), and
  /// that the joiners those rules need are not plain.
  @Test func plainMarksLeaveABoundaryBeforeASimpleScalar() {
    var cache = CharacterKeyCache()
    let scalars: [Unicode.Scalar] = ["a", "क", "ক", "ก", "\u{1F44D}", "\u{AC00}", "日", "ب"]
    let simple = scalars.filter { cache.info($0.value).isSimple }
    #expect(simple.count == scalars.count)
    var plainMarks = 0
    for value in UInt32(0x80)..<0x1_0000 {
      guard let mark = Unicode.Scalar(value), cache.info(value).isPlainMark else { continue }
      plainMarks += 1
      for base in simple {
        for next in simple {
          let text = String(String.UnicodeScalarView([base, mark, next]))
          #expect(
            text.count == 2, "U+\(String(base.value, radix: 16)) U+\(String(value, radix: 16))")
        }
      }
    }
    #expect(plainMarks > 1_000)
    for joiner: UInt32 in [0x200D, 0x94D, 0x9CD, 0xACD] {
      #expect(cache.info(joiner).joinsPrevious && !cache.info(joiner).isPlainMark)
    }
    for mark: UInt32 in [0x301, 0xE31, 0xE33, 0xE48, 0x93F, 0x1F3FD] {
      #expect(cache.info(mark).isPlainMark, "U+\(String(mark, radix: 16))")
    }
  }

  /// Packing reads with overlapping loads; it must give what packing byte by byte does,
  /// for every length it takes.
  @Test func packingMatchesBytesShiftedIntoPlace() {
    var generator = SystemRandomNumberGenerator()
    for count in 0...PackedBytes.capacity {
      for _ in 0..<50 {
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var expected = UInt128(count) << 120
        for (index, byte) in bytes.enumerated() { expected |= UInt128(byte) << (8 * index) }
        let packed = bytes.withUnsafeBufferPointer { PackedBytes.pack($0) }
        #expect(packed == expected, "\(bytes)")
      }
    }
  }
}
