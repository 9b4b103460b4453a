import Foundation
import Testing

@testable import TranscriptSearch

@Suite("PlainCharacterScan")
struct PlainCharacterScanTests {
  /// From every character boundary of random text, the scan passes over whole characters
  /// only and lists exactly what the fold needs of them, by the standard library's
  /// characters and the contract's keys: each character that is not its own key (one
  /// scalar, replaced by its key), and each later scalar start of a character that is
  /// (its marks). What it stops in is a prefix of the character at `pending`. Every
  /// kernel this CPU runs.
  @Test(arguments: PlainScanKernel.available)
  func passesOverWholeCharactersAndListsTheirKeysAndMarks(_ kernel: PlainScanKernel) {
    let pool =
      TrickyText.pieces + [
        "ก", "\u{E34}", "\u{E4C}", "\u{E3A}", "Ж", "ж", "Ω", "ω", "क्ष", "\u{94D}", "\u{942}",
        "\u{902}", "\u{958}", "স", "\u{9CD}", "中", "文", "한", "국", "ア", "\u{3099}",
        " the quick brown fox ",
      ]
    var random = SeededRandom(seed: 0x5CA4)
    for round in 0..<600 {
      var cache = CharacterKeyCache()
      cache.plainScanKernel = kernel
      // Long enough in some rounds for several of the vector kernel's windows.
      let text = (0..<Int.random(in: 1...(round % 3 == 0 ? 48 : 16), using: &random)).map { _ in
        pool.randomElement(using: &random)!
      }.joined()
      // Look up every scalar in most rounds (so the scan knows them), some in the rest.
      for scalar in text.unicodeScalars where round % 4 != 0 || Bool.random(using: &random) {
        _ = cache.info(scalar.value)
      }
      // In some rounds, whole blocks of 64 (as a long fold learns them), so that the vector
      // kernel passes over runs of letters between the marks it looks up.
      if round % 5 == 1 {
        for scalar in text.unicodeScalars where scalar.value < 0x1_0000 {
          let block = scalar.value & ~63
          for other in block..<block + 64 { _ = cache.info(other) }
        }
      }
      Self.expectStretchesFollowCharacters(text, &cache)
    }
  }

  /// Emoji sequences and flags (UAX #29 GB11, GB12, GB13): a zero width joiner after a
  /// pictograph and marks of Extend joins the pictograph after it, passed over or looked
  /// up, but not after a spacing mark, another joiner or a letter, nor a keyed pictograph
  /// (Ⓜ, whose key would change the character's); two regional indicators are a flag,
  /// and a third starts the next. Placed at every offset of the vector kernels' windows
  /// by letters of one to three bytes. From every character start, every kernel lists
  /// what the standard library's characters and the contract's keys say, and gives the
  /// portable kernel's stretch.
  @Test(arguments: PlainScanKernel.available)
  func joinsEmojiSequencesAndFlagsAsCharactersDo(_ kernel: PlainScanKernel) {
    let pool = [
      "👨", "👩", "👧", "\u{200D}", "\u{200D}", "\u{200D}", "❤", "☀", "©", "\u{FE0F}", "🏽",
      "🔥", "🇯", "🇵", "🇺", "🇸", "Ⓜ", "\u{93F}", "\u{301}", "a", "é", "ж", "中", " ",
    ]
    // Whole blocks in some rounds, so that ❤ and ☀ are passed over in runs.
    Self.expectRandomTextsScanAsCharactersDo(
      kernel, pool: pool, seed: 0x200D, rounds: 300, longest: 120)
    // Sequences the scan stops in (at a keyed pictograph, at one not met yet), their
    // joiners at every place of a window and the next.
    for sequence in [
      "👨\u{200D}👩\u{200D}Ⓜ", "❤\u{200D}🔥\u{FE0F}\u{200D}Ⓜ", "👨\u{200D}❤\u{200D}👨🏽\u{200D}🚀",
    ] {
      for padding in 0..<40 {
        var portable = CharacterKeyCache()
        portable.plainScanKernel = .portable
        var cache = CharacterKeyCache()
        cache.plainScanKernel = kernel
        let text = String(repeating: "a", count: padding) + sequence + " x"
        for scalar in text.unicodeScalars where scalar != "🚀" {
          _ = portable.info(scalar.value)
          _ = cache.info(scalar.value)
        }
        Self.expectStretchesFollowCharacters(text, &cache)
        if kernel != .portable { Self.expectScansAgree(text, &cache, &portable) }
      }
    }
  }

  /// An emoji whose class left the recent supplementary scalars (its slot taken by a
  /// scalar of the same low ten bits) is not passed over as an identity any more: the
  /// joiner after it would not know it is a pictograph, and would not join 💻 to 👩.
  /// Placed at every offset of a window, every kernel lists what the standard library's
  /// characters say, and gives the portable kernel's stretch.
  @Test(arguments: PlainScanKernel.available)
  func forgetsEmojiWhoseClassIsNoLongerRecent(_ kernel: PlainScanKernel) {
    let woman: UInt32 = 0x1_F469
    // U+1F069, a domino tile, has the slot of U+1F469.
    let evicting: UInt32 = 0x1_F069
    #expect(
      woman & 0x3FF == evicting & 0x3FF && CharacterKeyCache.emojiScalars.contains(woman)
        && !CharacterKeyCache.emojiScalars.contains(evicting))
    for padding in 0..<40 {
      let text =
        String(repeating: "a", count: padding) + "👩\u{200D}💻 👩 x "
        + String(repeating: "b", count: 40)
      var portable = CharacterKeyCache()
      portable.plainScanKernel = .portable
      var cache = CharacterKeyCache()
      cache.plainScanKernel = kernel
      for scalar in text.unicodeScalars.map(\.value) + [evicting] {
        _ = portable.info(scalar)
        _ = cache.info(scalar)
      }
      Self.expectStretchesFollowCharacters(text, &cache)
      if kernel != .portable { Self.expectScansAgree(text, &cache, &portable) }
    }
  }

  /// From every character boundary of `text`, a scan passes over whole characters only
  /// and lists exactly what the fold needs of them, by the standard library's
  /// characters and the contract's keys: each character that is not its own key (one
  /// scalar, replaced by its key), and each later scalar start of a character that is
  /// (its marks). What it stops in is a prefix of the character at `pending`.
  private static func expectStretchesFollowCharacters(
    _ text: String, _ cache: inout CharacterKeyCache,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let utf8 = Array(text.utf8)
    var starts: [Int] = []
    var offset = 0
    for character in text {
      starts.append(offset)
      offset += character.utf8.count
    }
    let ends = Array(starts.dropFirst()) + [utf8.count]
    // Whether each character is its own key (ASCII capitals count as their own keys: the
    // row builder lowercases them after), decided once: the scans from every start share it.
    let ownKey = starts.indices.map { character in
      let bytes = Array(utf8[starts[character]..<ends[character]])
      let lowered = bytes.map { $0 &- 0x41 < 26 ? $0 + 0x20 : $0 }
      return MatchKey.composedKey(String(decoding: bytes, as: UTF8.self)) == lowered
    }
    for (index, start) in starts.enumerated() {
      let (stretch, items) = Self.scan(utf8, from: start, with: &cache)
      let described = { "\(text.unicodeScalars.map { String($0.value, radix: 16) }) from \(start)" }
      guard stretch.stop > start else {
        Self.expectCheaply(
          stretch.pendingScalars == 0 && stretch.itemCount == 0, described(),
          sourceLocation: sourceLocation)
        continue
      }
      var expected: [UInt32] = []
      var character = index
      while character < starts.count && starts[character] < stretch.pending {
        let (characterStart, characterEnd) = (starts[character], ends[character])
        if ownKey[character] {
          for inner in (characterStart + 1)..<characterEnd where utf8[inner] & 0xC0 != 0x80 {
            expected.append(UInt32(inner))
          }
        } else {
          Self.expectCheaply(
            String(decoding: utf8[characterStart..<characterEnd], as: UTF8.self).unicodeScalars
              .count == 1,
            "\(described()): passed a character of several scalars that is not its own key",
            sourceLocation: sourceLocation)
          expected.append(UInt32(characterStart) | CharacterKeyCache.keyedItem)
        }
        character += 1
      }
      Self.expectCheaply(items == expected, described(), sourceLocation: sourceLocation)
      if stretch.pendingScalars == 0 {
        Self.expectCheaply(
          stretch.stop == utf8.count && stretch.pending == utf8.count, described(),
          sourceLocation: sourceLocation)
        Self.expectCheaply(character == starts.count, described(), sourceLocation: sourceLocation)
      } else {
        Self.expectCheaply(
          character < starts.count && starts[character] == stretch.pending, described(),
          sourceLocation: sourceLocation)
        Self.expectCheaply(
          stretch.stop <= ends[character], described(), sourceLocation: sourceLocation)
        let read = String(decoding: utf8[stretch.pending..<stretch.stop], as: UTF8.self)
        Self.expectCheaply(
          read.unicodeScalars.count == stretch.pendingScalars, described(),
          sourceLocation: sourceLocation)
        let lastLength = utf8[stretch.lastScalar...].prefix(4).withUnsafeBufferPointer {
          UTF8Scalars.decode($0, at: 0).length
        }
        Self.expectCheaply(
          stretch.lastScalar + lastLength == stretch.stop, described(),
          sourceLocation: sourceLocation)
      }
    }
  }

  /// Long text of the scripts whose marks the AVX-512 kernel writes without a look up
  /// (Thai, Lao, the Indic scripts, Tibetan): letters, vowel and tone signs, viramas and
  /// nuktas in and out of canonical order, conjuncts (GB9c), chains of marks across
  /// 32-byte windows, capitals and emoji between them. From every character start, every
  /// kernel gives the portable kernel's stretch and items (which the test above checks
  /// against the standard library's characters).
  @Test(arguments: PlainScanKernel.available.filter { $0 != .portable })
  func passesOverLongIndicTextAsThePortableKernelDoes(_ kernel: PlainScanKernel) {
    let pool = [
      "ก", "น", "ม", "\u{E31}", "\u{E34}", "\u{E38}", "\u{E39}", "\u{E48}", "\u{E49}", "\u{E4C}",
      "\u{E3A}", "\u{E33}", "ເ", "ກ", "\u{EB4}", "\u{EC8}", "क", "र", "स", "\u{93F}", "\u{940}",
      "\u{941}", "\u{94D}", "\u{902}", "\u{93C}", "\u{901}", "ক", "\u{9CD}", "\u{9C7}", "த",
      "\u{BCD}", "ಕ", "\u{CC6}", "\u{CC2}", "ക", "\u{D4D}", "\u{D3E}", "ཀ", "\u{F72}", "\u{F71}",
      "\u{F80}", " ", "A", "x", "Ω", "👍🏽", "\u{301}", "\u{200D}",
    ]
    var random = SeededRandom(seed: 0x1D1C)
    for round in 0..<60 {
      var portable = CharacterKeyCache()
      portable.plainScanKernel = .portable
      var cache = CharacterKeyCache()
      cache.plainScanKernel = kernel
      // Mostly letters and marks, so that chains of two to four marks are common.
      let text = (0..<Int.random(in: 20...240, using: &random)).map { _ in
        pool[Int.random(in: 0..<(Bool.random(using: &random) ? 41 : pool.count), using: &random)]
      }.joined()
      for scalar in text.unicodeScalars where round % 3 != 0 || Bool.random(using: &random) {
        _ = portable.info(scalar.value)
        _ = cache.info(scalar.value)
      }
      if round % 2 == 1 { Self.learnWholeBlocks(of: text, &portable, &cache) }
      Self.expectScansAgree(text, &cache, &portable)
    }
  }

  /// Japanese text (kana, CJK punctuation, kanji, the voicing marks, which compose with
  /// the kana before them, prolonged sound marks, fullwidth capitals, emoji): whether the
  /// vector kernels pass over kana a window at a time or look each up, from every
  /// character start they give the portable kernel's stretch and items.
  @Test(arguments: PlainScanKernel.available.filter { $0 != .portable })
  func passesOverKanaAsThePortableKernelDoes(_ kernel: PlainScanKernel) {
    // Every scalar of U+3000–U+30FF (marks and unassigned places included), the voicing
    // marks again, and others.
    let pool =
      (0x3000...0x30FF).map { String(Unicode.Scalar($0)!) }
      + ["\u{3099}", "\u{309A}", "日", "本", "Ａ", "ａ", "x", " ", "👍🏽", "Ω"]
    var random = SeededRandom(seed: 0x3042)
    for round in 0..<200 {
      var portable = CharacterKeyCache()
      portable.plainScanKernel = .portable
      var cache = CharacterKeyCache()
      cache.plainScanKernel = kernel
      cache.passesOverKana = round % 4 != 0
      let text = (0..<Int.random(in: 10...200, using: &random)).map { _ in
        pool.randomElement(using: &random)!
      }.joined()
      for scalar in text.unicodeScalars where round % 3 != 0 || Bool.random(using: &random) {
        _ = portable.info(scalar.value)
        _ = cache.info(scalar.value)
      }
      Self.expectScansAgree(text, &cache, &portable)
    }
  }

  /// Scalars of blocks where identities, keyed letters (Ǆ, ẞ, Ὰ, Ω, Ⅻ, Ａ), marks
  /// (U+0301, U+FE0F) and unassigned places mix, so that runs of identities leave some
  /// out: the two-byte scalars (which the AVX-512 kernel tells by their identity bits),
  /// U+1800–U+1FFF, U+2000–U+27FF and U+F800–U+FFFF. At every place of the windows,
  /// with blocks learned whole or not, every kernel lists what the standard library's
  /// characters and the contract's keys say, and gives the portable kernel's stretch.
  @Test(arguments: PlainScanKernel.available)
  func passesOverMixedBlocksAsCharactersDo(_ kernel: PlainScanKernel) {
    let pages: [ClosedRange<UInt32>] = [
      0x80...0x7FF, 0x1800...0x1FFF, 0x2000...0x27FF, 0xF800...0xFFFD,
    ]
    let pool =
      pages.flatMap { $0.filter { $0 % 13 == 0 } }.map { String(Unicode.Scalar($0)!) }
      + [
        "’", "—", "…", "❤", "，", "！", "Ａ", "ａ", "ệ", "Ệ", "ὁ", "Ὁ", "π", "ρ", "ς", "\u{301}",
        "\u{FE0F}", "a",
      ]
    Self.expectRandomTextsScanAsCharactersDo(
      kernel, pool: pool, seed: 0x2019, rounds: 200, longest: 100)
  }

  /// Random texts of `pool`'s pieces, `rounds` of them, up to `longest` pieces long in a
  /// third of the rounds and 30 in the others: with every scalar looked up in most rounds
  /// (some in the rest) and whole blocks of 64 in every second, `kernel`'s stretches follow
  /// the standard library's characters and equal the portable kernel's.
  private static func expectRandomTextsScanAsCharactersDo(
    _ kernel: PlainScanKernel, pool: [String], seed: UInt64, rounds: Int, longest: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var random = SeededRandom(seed: seed)
    for round in 0..<rounds {
      var portable = CharacterKeyCache()
      portable.plainScanKernel = .portable
      var cache = CharacterKeyCache()
      cache.plainScanKernel = kernel
      let text = (0..<Int.random(in: 4...(round % 3 == 0 ? longest : 30), using: &random)).map {
        _ in pool.randomElement(using: &random)!
      }.joined()
      for scalar in text.unicodeScalars where round % 4 != 0 || Bool.random(using: &random) {
        _ = portable.info(scalar.value)
        _ = cache.info(scalar.value)
      }
      if round % 2 == 1 { Self.learnWholeBlocks(of: text, &portable, &cache) }
      expectStretchesFollowCharacters(text, &cache, sourceLocation: sourceLocation)
      if kernel != .portable {
        expectScansAgree(text, &cache, &portable, sourceLocation: sourceLocation)
      }
    }
  }

  /// The vector kernels pass over kana a window at a time once a megabyte scanned shows
  /// many of them (Japanese), the first or a later one, and never where they are few
  /// (Thai with a kana word now and then); the portable kernel has no such pass.
  @Test(arguments: PlainScanKernel.available)
  func learnsWhetherToPassOverKana(_ kernel: PlainScanKernel) {
    let japanese = "きょうはいい天気ですね、ありがとう。カタカナもある "
    let thai = "ภาษาไทยเป็นภาษาที่สวยงามมาก ข้อความยาวยาวยาวยาว ของ คน ไทย ทุกคน が "
    for (texts, expected) in [
      ([japanese], [true]), ([thai, thai], [false, false]), ([thai, japanese], [false, true]),
    ] {
      var cache = CharacterKeyCache()
      cache.plainScanKernel = kernel
      for (text, expected) in zip(texts, expected) {
        for scalar in text.unicodeScalars { _ = cache.info(scalar.value) }
        let utf8 = Array(text.utf8)
        let passedOverBefore = cache.passesOverKana
        var scanned = 0
        while scanned + utf8.count < CharacterKeyCache.kanaDecisionBytes {
          _ = Self.scan(utf8, from: 0, with: &cache)
          scanned += utf8.count
          #expect(cache.passesOverKana == passedOverBefore)
        }
        _ = Self.scan(utf8, from: 0, with: &cache)
        #expect(cache.passesOverKana == (expected && kernel != .portable), "\(texts)")
      }
    }
  }

  /// A text shorter than a vector, ending right before a page that cannot be read and
  /// starting right after one (a row at the end or start of its allocation): every
  /// kernel reads only its bytes and gives the portable kernel's stretch and items.
  @Test(arguments: PlainScanKernel.available.filter { $0 != .portable })
  func scansShortTextsAtTheEdgesOfUnreadablePages(_ kernel: PlainScanKernel) throws {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let mapping = try #require(
      mmap(nil, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
    try #require(mapping != MAP_FAILED)
    defer { munmap(mapping, 3 * page) }
    // Pages one and three unreadable: the text sits at either end of page two.
    mprotect(mapping, page, PROT_NONE)
    mprotect(mapping + 2 * page, page, PROT_NONE)
    let middle = (mapping + page).assumingMemoryBound(to: UInt8.self)
    let pool = ["a", "Ω", "ω", "ก", "\u{E48}", "中", "é", "👍🏽", " ", "ß", "क", "\u{94D}"]
    var random = SeededRandom(seed: 0x7A6E)
    for _ in 0..<400 {
      var text = ""
      while true {
        let piece = pool.randomElement(using: &random)!
        if text.utf8.count + piece.utf8.count >= 32 { break }
        text += piece
        if Int.random(in: 0..<6, using: &random) == 0 { break }
      }
      let utf8 = Array(text.utf8)
      var portable = CharacterKeyCache()
      portable.plainScanKernel = .portable
      var cache = CharacterKeyCache()
      cache.plainScanKernel = kernel
      for scalar in text.unicodeScalars {
        _ = portable.info(scalar.value)
        _ = cache.info(scalar.value)
      }
      let expected = Self.scan(utf8, from: 0, with: &portable)
      for at in [0, page - utf8.count] {
        let text = UnsafeMutableBufferPointer(start: middle + at, count: utf8.count)
        _ = text.initialize(from: utf8)
        var items = [UInt32](repeating: 0, count: utf8.count)
        let stretch = items.withUnsafeMutableBufferPointer {
          cache.scanPlainCharacters(in: UnsafeBufferPointer(text), from: 0, items: $0)
        }
        #expect(
          Self.fields(of: stretch) == Self.fields(of: expected.stretch)
            && Array(items[..<stretch.itemCount]) == expected.items,
          "\(kernel): \(text.map { String($0, radix: 16) }) at \(at)")
      }
    }
  }

  /// Has both caches look up the whole blocks of 64 of `text`'s scalars (as a long fold
  /// learns them), so that the vector kernels pass over runs of letters between the
  /// scalars they look up.
  private static func learnWholeBlocks(
    of text: String, _ first: inout CharacterKeyCache, _ second: inout CharacterKeyCache
  ) {
    for scalar in text.unicodeScalars where scalar.value < 0x1_0000 {
      let block = scalar.value & ~63
      for other in block..<block + 64 {
        _ = first.info(other)
        _ = second.info(other)
      }
    }
  }

  /// From every character start of `text`, `cache`'s kernel gives the stretch and items
  /// of `portable`'s.
  private static func expectScansAgree(
    _ text: String, _ cache: inout CharacterKeyCache, _ portable: inout CharacterKeyCache,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let utf8 = Array(text.utf8)
    var start = 0
    for character in text {
      let expected = scan(utf8, from: start, with: &portable)
      let found = scan(utf8, from: start, with: &cache)
      Self.expectCheaply(
        fields(of: found.stretch) == fields(of: expected.stretch) && found.items == expected.items,
        "\(cache.plainScanKernel): \(text.unicodeScalars.map { String($0.value, radix: 16) }) from \(start)",
        sourceLocation: sourceLocation)
      start += character.utf8.count
    }
  }

  /// `#expect` for the helpers above, which check every character of every text: it
  /// records an issue only when `condition` fails, and builds the comment only then
  /// (`#expect` captures its operands and its comment on every call, which there was most
  /// of the time these tests took).
  private static func expectCheaply(
    _ condition: Bool, _ comment: @autoclosure () -> String, sourceLocation: SourceLocation
  ) {
    if !condition { Issue.record(Comment(rawValue: comment()), sourceLocation: sourceLocation) }
  }

  /// The stretch a scan from `start` returns and the items it lists.
  private static func scan(
    _ utf8: [UInt8], from start: Int, with cache: inout CharacterKeyCache
  ) -> (stretch: PlainStretch, items: [UInt32]) {
    var items = [UInt32](repeating: 0, count: utf8.count)
    let stretch = utf8.withUnsafeBufferPointer { text in
      items.withUnsafeMutableBufferPointer {
        cache.scanPlainCharacters(in: text, from: start, items: $0)
      }
    }
    return (stretch, Array(items[..<stretch.itemCount]))
  }

  /// Where a stretch stops and what it leaves pending, to compare two.
  private static func fields(of stretch: PlainStretch) -> [Int] {
    [stretch.stop, stretch.pending, stretch.pendingScalars, stretch.lastScalar, stretch.itemCount]
  }

  /// The scan goes as far as its classes allow: through Thai vowel and tone signs in
  /// canonical order, keyed capitals and final sigma, emoji and skin tones, and stops
  /// where the standard library's grapheme breaking or composition must decide.
  @Test(
    arguments: PlainScanKernel.available,
    [
      ("กำลั่ง ΣΟΦΟΣ σοφός 中文 한국", nil),
      ("ก\u{E38}\u{E48}", nil),
      ("ab ก\u{E48}\u{E38}", "ab ก\u{E48}"),  // out of canonical order
      ("स्कूल", nil),  // a virama between consonants joins them (GB9c)
      ("क्\u{200D}ष", "क्"),  // a joiner after a virama: the walk's
      ("a्क", "a"),  // a virama after a letter that is no consonant
      ("क्\u{958}", "क्"),  // a consonant that is not its own key
      ("न\u{93C}", "न"),  // composes to ऩ
      ("e\u{301}", "e"),  // composes to é
      ("x👍🏽 𐐀 👨\u{200D}👩\u{200D}❤\u{FE0F} 🇯🇵🇺🇸🇯", nil),  // emoji sequences, flags
      ("👍\u{200D}Ⓜ x", "👍\u{200D}"),  // a keyed pictograph joined would change the key
      ("a\u{200D}❤ 👍\u{93F}\u{200D}❤", nil),  // after a letter or a spacing mark, ❤ breaks
      ("a\r\nb", "a"),  // a control
    ] as [(String, String?)])
  func stopsOnlyWhereItMust(_ kernel: PlainScanKernel, _ example: (String, String?)) {
    let (text, stopsAfter) = example
    var cache = CharacterKeyCache()
    cache.plainScanKernel = kernel
    for scalar in text.unicodeScalars { _ = cache.info(scalar.value) }
    let utf8 = Array(text.utf8)
    let stretch = Self.scan(utf8, from: 0, with: &cache).stretch
    #expect(stretch.stop == (stopsAfter.map { $0.utf8.count } ?? utf8.count))
  }

  /// The vector kernel passes over the scalars of a lead (or of a lead and a second byte)
  /// in the longest run of their identity bits: as a first byte and a length less one.
  @Test func longestRunOfIdentityBits() {
    #expect(IdentityRuns.longestRun(in: 0) == (IdentityRuns.none, 0))
    #expect(IdentityRuns.longestRun(in: 0b0111_0110) == (0x84, 2))
    #expect(IdentityRuns.longestRun(in: 1 << 63) == (0xBF, 0))
    #expect(IdentityRuns.longestRun(in: ~0) == (0x80, 63))
    // The run holding the scalars met in text, though shorter: Thai's เ–ๆ, not its digits.
    #expect(IdentityRuns.longestRun(in: 0b0111_0110, preferring: 0b0000_0100) == (0x81, 1))
    var cache = CharacterKeyCache()
    // CJK ideographs from the start: leads E4–E9, every second byte.
    #expect(cache.identityRuns.bytes[64 + 0x4] == 0x80 && cache.identityRuns.bytes[80 + 0x4] == 63)
    // Lowercase Cyrillic а–п (U+0430–043F), once looked up, after the capitals.
    for scalar in 0x400...0x43F { _ = cache.info(UInt32(scalar)) }
    #expect(cache.identityRuns.bytes[0x10] == 0xB0 && cache.identityRuns.bytes[32 + 0x10] == 15)
    // Devanagari's letters अ–ह (U+0905–0939), by lead E0 and second byte A4.
    for scalar in 0x900...0x93F { _ = cache.info(UInt32(scalar)) }
    #expect(
      cache.identityRuns.bytes[96 + 4] == 0x84 && cache.identityRuns.bytes[128 + 4] == 0x39 - 0x04)
  }
}
