import CFoldKernels

/// The composed key of each character, and whether grapheme breaking can be skipped
/// around it, computed once per distinct scalar or character.
///
/// The key of a string is the concatenation of its characters' keys, so a corpus is
/// folded character by character. Most characters are one scalar whose key is the
/// scalar itself (lowercase letters of any script, CJK, digits, punctuation): the
/// folded buffer copies those bytes in runs.
struct CharacterKeyCache: Sendable {
  /// Whether keys drop nonspacing marks (see ``SearchOptions/ignoresDiacritics``).
  let ignoresDiacritics: Bool
  /// The loop ``scanPlainCharacters(in:from:items:)`` runs.
  var plainScanKernel = PlainScanKernel.automatic

  init(ignoringDiacritics: Bool = false) {
    ignoresDiacritics = ignoringDiacritics
  }

  /// Whether the key `info` describes is one scalar.
  func keyIsOneScalar(_ info: ScalarInfo) -> Bool {
    info.keyLength > 0
      && UTF8Scalars.sequenceLength(lead: keyBytes[info.keyOffset]) == info.keyLength
  }

  /// What is known about a single scalar. (`tsb_fold_plain_row` reads `isKnown`,
  /// `changesWordBreak`, `keyOffset` and `keyLength` in these bits.)
  struct ScalarInfo: Sendable {
    var rawValue: UInt32

    /// Computed yet.
    var isKnown: Bool { rawValue & 1 << 31 != 0 }
    /// A character boundary falls between any two simple scalars (their grapheme
    /// break classes are Other, LV or LVT), so no grapheme breaking is needed there.
    var isSimple: Bool { rawValue & 1 << 30 != 0 }
    /// The scalar's key is the scalar itself, or (for A–Z) the scalar once ASCII
    /// letters are lowercased, which the row builder does to whole rows afterwards.
    /// (Not so for a mark whose key is empty, diacritics ignored.)
    var isIdentity: Bool { rawValue & 1 << 29 != 0 }
    /// Some scalar of the key has another word break property (UAX #29) than the
    /// scalar's own (U+0345 folds to ι, Ⓜ to ⓜ), or the key is empty: word boundaries in
    /// such a row must be decided on the original text, not on its folded bytes. (ß to
    /// ss keeps them: a letter for letters.)
    var changesWordBreak: Bool { rawValue & 1 << 28 != 0 }
    /// No character boundary falls before this scalar after a letter: it is Extend, ZWJ
    /// or SpacingMark, which join whatever precedes them (UAX #29 GB9, GB9a) but a
    /// control, CR or LF.
    var joinsPrevious: Bool { rawValue & 1 << 27 != 0 }
    /// A character boundary falls after this scalar even before a combining mark: it is
    /// a control, CR or LF (GB4).
    var breaksBeforeJoiners: Bool { rawValue & 1 << 26 != 0 }
    /// A scalar that joins the previous one (see ``joinsPrevious``) and, at the end of a
    /// character that a simple scalar begins and only such marks follow, leaves a
    /// boundary before every simple scalar: neither a zero width joiner (GB11) nor an
    /// Indic conjunct linker (GB9c), the only marks that join what follows them.
    var isPlainMark: Bool { rawValue & 1 << 25 != 0 }
    /// Where the key lives in `keyBytes`, when it is not the identity.
    var keyOffset: Int { Int((rawValue >> 5) & 0xF_FFFF) }
    var keyLength: Int { Int(rawValue & 0x1F) }
  }

  private(set) var basicPlane = [ScalarInfo](repeating: ScalarInfo(rawValue: 0), count: 0x1_0000)
  /// How the row builder's fast loop treats each scalar of the Basic Multilingual Plane
  /// (see ``PlainCharacterClass``), filled in as scalars are looked up: 128 KB, of which
  /// a script's text touches a few lines, where `basicPlane` takes 256 KB.
  private(set) var plainClasses = PlainCharacterClass.initialTable
  /// One bit per scalar of the Basic Multilingual Plane whose class is
  /// ``PlainCharacterClass/identity``: the 8 KB the fold reads most.
  private(set) var identityBits = PlainCharacterClass.initialIdentityBits
  /// The plain marks (see ``PlainCharacterClass/mark``) of U+0800–U+0FFF (the Indic
  /// scripts, Thai, Lao, Tibetan), a bit each as in `identityBits`, and those of them
  /// whose combining class is not 0: what the AVX-512 fold kernel writes a vector at a
  /// time.
  private(set) var indicMarks = [UInt64](repeating: 0, count: Self.indicScalars.count / 64)
  private(set) var indicOrderedMarks = [UInt64](
    repeating: 0, count: Self.indicScalars.count / 64)
  /// The marks of U+0800–U+0FFF whose bytes the fold drops (see
  /// ``PlainCharacterClass/dropped``), a bit each as in `indicMarks`: Thai's vowel and
  /// tone signs and most Indic vowel signs when diacritics are ignored.
  private(set) var indicDroppedMarks = [UInt64](
    repeating: 0, count: Self.indicScalars.count / 64)
  /// The scalars `indicMarks` describes: those whose UTF-8 lead is E0.
  static let indicScalars: Range<UInt32> = 0x800..<0x1000
  /// The runs of `identityBits` the vector fold kernel passes over.
  private(set) var identityRuns = IdentityRuns(bits: PlainCharacterClass.initialIdentityBits)
  /// Whether the vector fold kernels pass over the identities of U+3000–U+30FF (CJK
  /// punctuation, hiragana, katakana) a window at a time (their `_kana` variants), as they
  /// do the letters of most scripts, instead of looking them up one by one: turned on once
  /// a stretch of ``kanaDecisionBytes`` scanned looked kana up often, and left on. The test
  /// costs every window and pays only in text of many kana; mixed-1m looks one up every 172
  /// bytes.
  var passesOverKana = false
  /// Kana looked up one by one in the text scanned since the last decision, and its bytes.
  private var kanaSample = (lookups: 0, bytes: 0)
  /// How much text decides ``passesOverKana``: a transcript that starts in English and
  /// goes on in Japanese turns it on a stretch later.
  static let kanaDecisionBytes = 1 << 20
  /// The vector test passes over kana when at least one in this many bytes scanned is
  /// one that a look up passed over.
  static let bytesPerKanaToPassOver = 64

  /// Counts the kana a scan of `bytes` looked up only to pass over, and decides
  /// ``passesOverKana`` at the end of each stretch of ``kanaDecisionBytes``.
  mutating func noteKanaLookups(_ lookups: Int, scanning bytes: Int) {
    kanaSample.lookups += lookups
    kanaSample.bytes += bytes
    guard kanaSample.bytes >= Self.kanaDecisionBytes else { return }
    passesOverKana = kanaSample.lookups * Self.bytesPerKanaToPassOver >= kanaSample.bytes
    kanaSample = (0, 0)
  }

  /// Whether a block met often is computed whole (see ``learnWholeBlocks()``).
  private var learnsWholeBlocks = false
  /// One bit per scalar of the Basic Multilingual Plane computed one by one (met in
  /// text, not learned with its block): the runs `identityRuns` prefers, and how often a
  /// block was met.
  private var metBits = [UInt64](repeating: 0, count: 0x1_0000 / 64)
  /// Every supplementary scalar computed, with its class (see ``PlainCharacterClass``),
  /// which takes grapheme breaking to compute.
  private var supplementary: [UInt32: (info: ScalarInfo, plainClass: UInt16)] = [:]
  /// Recent supplementary scalars (emoji, mostly) by their low bits, as `scalar << 32 |
  /// info`, in front of `supplementary`, whose hashing costs more than the rest of a
  /// scalar's fold.
  private var recentSupplementary = [UInt64](repeating: 0, count: 1 << 10)
  /// The classes (see ``PlainCharacterClass``) of the scalars in `recentSupplementary`'s
  /// slots, as `scalar << 16 | class`: emoji and their skin tones, for the fold's loop.
  private(set) var recentSupplementaryClasses = [UInt64](repeating: 0, count: 1 << 10)
  /// The scalars of ``emojiScalars`` in `recentSupplementaryClasses` whose class is
  /// ``PlainCharacterClass/identity``, a bit each: what the AVX-512 fold kernel passes
  /// over a window at a time, and the AVX2 one without a look at their class. Only those
  /// in the recent slots, whose class the kernels read where a zero width joiner after
  /// one joins a pictograph.
  private(set) var emojiIdentityBits = [UInt64](
    repeating: 0, count: Int(TSB_EMOJI_COUNT) / 64)
  /// Most emoji (U+1F300–U+1F6FF, as the fold kernels define them): each has a slot of its
  /// own among the recent supplementary scalars, which are slotted by their low ten bits.
  static let emojiScalars = TSB_EMOJI_FIRST..<TSB_EMOJI_FIRST + TSB_EMOJI_COUNT
  /// The keys that are not identities, back to back.
  private(set) var keyBytes: [UInt8] = []
  /// Keys of characters of several scalars, by their UTF-8 bytes: recent ones in a
  /// direct-mapped cache (the common case), every one in a dictionary behind it.
  private var recentClusters = DirectMappedCache(
    slotsLog2: 12, placeholder: ClusterInfo(keyOffset: 0, keyLength: 0, isIdentity: false))
  private var clusters: [[UInt8]: ClusterInfo] = [:]
  /// Whether a character boundary falls before a scalar, given the character so far:
  /// by the character's bytes and the scalar packed together.
  private var recentBreaks = DirectMappedCache(slotsLog2: 12, placeholder: false)
  /// The same for characters of 12 to 26 bytes (an Indic conjunct and its vowel sign, an
  /// emoji sequence), whose bytes and the scalar take two packed integers: slotted by
  /// both, confirmed by both.
  private var recentLongBreaks = DirectMappedCache(
    slotsLog2: 10, placeholder: LongBreak(head: 0, tail: 0, breaks: false))

  struct LongBreak: Sendable {
    var head: UInt128
    var tail: UInt128
    var breaks: Bool
  }

  /// Where a character's key lives in `keyBytes`, unless it is the character itself.
  struct ClusterInfo: Sendable {
    var keyOffset: Int
    var keyLength: Int
    var isIdentity: Bool
  }

  /// What is known about a scalar of a run that needs no table: printable ASCII (A–Z
  /// included, lowercased with the row), CJK U+4000–U+9FFF, Hangul syllables
  /// U+B000–U+CFFF. Each is simple and its own key (a test checks every one of them).
  static let simpleIdentity = ScalarInfo(rawValue: 1 << 31 | 1 << 30 | 1 << 29)

  /// The scalars ``simpleIdentity`` describes.
  static let simpleIdentityRanges: [ClosedRange<UInt32>] = [
    0x20...0x7E, 0x4000...0x9FFF, 0xB000...0xCFFF,
  ]

  /// The length of the scalar at `index` if it is one of those ``simpleIdentity``
  /// describes, from its lead byte alone; else 0.
  @inline(__always)
  static func simpleIdentityLength(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let lead = text[index]
    if lead &- 0x20 < 0x5F { return 1 }
    if lead &- 0xE4 < 6 || lead &- 0xEB < 2 { return 3 }
    return 0
  }

  /// What is known about `scalar`, computing it on first use.
  @inline(__always)
  mutating func info(_ scalar: UInt32) -> ScalarInfo {
    if scalar < 0x1_0000 {
      let known = basicPlane[Int(scalar)]
      if known.isKnown { return known }
    } else {
      let slot = Int(scalar) & (recentSupplementary.count - 1)
      let recent = recentSupplementary[slot]
      if recent >> 32 == UInt64(scalar) {
        return ScalarInfo(rawValue: UInt32(truncatingIfNeeded: recent))
      }
      if let known = supplementary[scalar] {
        rememberRecent(scalar, known.info, plainClass: known.plainClass)
        return known.info
      }
    }
    let computed = compute(scalar)
    if scalar < 0x1_0000 {
      let block = Int(scalar >> 6)
      metBits[block] |= 1 << UInt64(scalar & 63)
      remember(scalar, computed)
      if learnsWholeBlocks && scalar >= 0x80
        && metBits[block].nonzeroBitCount == Self.scalarsBeforeWholeBlock
      {
        learnRest(ofBlock: block)
      }
    } else {
      let plainClass = PlainCharacterClass.of(scalar, computed)
      supplementary[scalar] = (computed, plainClass)
      rememberRecent(scalar, computed, plainClass: plainClass)
    }
    return computed
  }

  /// Stores what was computed about a scalar of the Basic Multilingual Plane.
  private mutating func remember(_ scalar: UInt32, _ computed: ScalarInfo) {
    basicPlane[Int(scalar)] = computed
    let plainClass = PlainCharacterClass.of(scalar, computed)
    plainClasses[Int(scalar)] = plainClass
    if plainClass & PlainCharacterClass.kindMask == PlainCharacterClass.identity {
      identityBits[Int(scalar >> 6)] |= 1 << UInt64(scalar & 63)
      identityRuns.noteIdentity(scalar, in: identityBits, met: metBits)
    } else if plainClass >= PlainCharacterClass.mark && plainClass & PlainCharacterClass.linker == 0
      && Self.indicScalars.contains(scalar)
    {
      let index = Int(scalar - Self.indicScalars.lowerBound)
      let bit: UInt64 = 1 << UInt64(index & 63)
      if plainClass & 0xFF == PlainCharacterClass.dropped {
        indicDroppedMarks[index >> 6] |= bit
      } else {
        indicMarks[index >> 6] |= bit
        if plainClass & 0xFF != 0 { indicOrderedMarks[index >> 6] |= bit }
      }
    }
  }

  /// How many scalars of a block of 64 are computed one by one before the rest of the
  /// block is (see ``learnWholeBlocks()``).
  static let scalarsBeforeWholeBlock = 8

  /// From now on, computes the rest of a block of 64 once ``scalarsBeforeWholeBlock`` of
  /// its scalars were met, starting with the blocks met so often already: a script met
  /// again and again, whose runs of identities the vector kernel passes over are then
  /// whole, not split by the letters not met yet. For a long fold only: a block costs 64
  /// scalars to learn, which a few rows (a screen of them, a small corpus) would not earn
  /// back.
  mutating func learnWholeBlocks() {
    guard !learnsWholeBlocks else { return }
    learnsWholeBlocks = true
    // From block 2: the scalars below U+0080 are never learned whole.
    for block in 2..<metBits.count
    where metBits[block].nonzeroBitCount >= Self.scalarsBeforeWholeBlock {
      learnRest(ofBlock: block)
    }
  }

  /// Computes the scalars of a block of 64 not computed yet.
  private mutating func learnRest(ofBlock block: Int) {
    for other in UInt32(block << 6)..<UInt32(block << 6 + 64) where !basicPlane[Int(other)].isKnown
    {
      remember(other, compute(other))
    }
  }

  /// Puts a supplementary scalar and its class in their slot of the recent ones.
  private mutating func rememberRecent(_ scalar: UInt32, _ info: ScalarInfo, plainClass: UInt16) {
    let slot = Int(scalar) & (recentSupplementary.count - 1)
    let evicted = UInt32(truncatingIfNeeded: recentSupplementaryClasses[slot] >> 16)
    if Self.emojiScalars.contains(evicted) { setEmojiIdentityBit(evicted, false) }
    recentSupplementary[slot] = UInt64(scalar) << 32 | UInt64(info.rawValue)
    recentSupplementaryClasses[slot] = UInt64(scalar) << 16 | UInt64(plainClass)
    if Self.emojiScalars.contains(scalar) {
      setEmojiIdentityBit(
        scalar, plainClass & PlainCharacterClass.kindMask == PlainCharacterClass.identity)
    }
  }

  private mutating func setEmojiIdentityBit(_ scalar: UInt32, _ isSet: Bool) {
    let index = Int(scalar - Self.emojiScalars.lowerBound)
    let bit: UInt64 = 1 << UInt64(index & 63)
    if isSet {
      emojiIdentityBits[index >> 6] |= bit
    } else {
      emojiIdentityBits[index >> 6] &= ~bit
    }
  }

  /// Whether the eight bytes at `index` are all printable ASCII (0x20–0x7E): the
  /// classic word tests for a byte below a bound, and for a zero after an exclusive or.
  @inline(__always)
  static func isPrintableASCII(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let word = UInt64(
      littleEndian: UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self))
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let delete = word ^ (ones &* 0x7F)
    let flagged = word | ((word &- ones &* 0x20) & ~word) | ((delete &- ones) & ~delete)
    return flagged & highs == 0
  }

  private mutating func compute(_ value: UInt32) -> ScalarInfo {
    let scalar = Unicode.Scalar(value)!
    let key = MatchKey.composedKey(
      String(Character(scalar)), ignoringDiacritics: ignoresDiacritics)
    var raw: UInt32 = 1 << 31
    if Self.isSimple(scalar) { raw |= 1 << 30 }
    if !Self.breaks("a", scalar) {
      raw |= 1 << 27
      if Self.plainMarkProbes.allSatisfy({ Self.breaks([$0, scalar], before: $0) }) {
        raw |= 1 << 25
      }
    }
    if Self.breaks(scalar, "\u{301}") { raw |= 1 << 26 }
    if scalar.isASCII || key.elementsEqual(String(scalar).utf8) {
      raw |= 1 << 29
    } else {
      precondition(key.count < 32 && keyBytes.count < 1 << 20, "Key table overflow")
      let own = WordBreakProperty(of: value)
      let keyScalars = String(decoding: key, as: UTF8.self).unicodeScalars
      if keyScalars.isEmpty || own.isIgnorable || own.value == .regionalIndicator
        || keyScalars.contains(where: { WordBreakProperty(of: $0.value) != own })
      {
        raw |= 1 << 28
      }
      raw |= UInt32(keyBytes.count) << 5 | UInt32(key.count)
      keyBytes += key
    }
    return ScalarInfo(rawValue: raw)
  }

  /// The key of a character of several scalars, given as its UTF-8 bytes.
  @inline(__always)
  mutating func cluster(_ utf8: UnsafeBufferPointer<UInt8>) -> ClusterInfo {
    let packed = utf8.count <= PackedBytes.capacity ? PackedBytes.pack(utf8) : 0
    if packed != 0, let known = recentClusters.value(for: packed) { return known }
    let bytes = Array(utf8)
    let info: ClusterInfo
    if let known = clusters[bytes] {
      info = known
    } else {
      let key = MatchKey.composedKey(
        String(decoding: utf8, as: UTF8.self), ignoringDiacritics: ignoresDiacritics)
      if key == bytes {
        info = ClusterInfo(keyOffset: 0, keyLength: key.count, isIdentity: true)
      } else {
        info = ClusterInfo(keyOffset: keyBytes.count, keyLength: key.count, isIdentity: false)
        keyBytes += key
      }
      clusters[bytes] = info
    }
    if packed != 0 { recentClusters.store(info, for: packed) }
    return info
  }

  /// The key of a character of several scalars, as bytes.
  mutating func clusterKey(_ utf8: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    let info = cluster(utf8)
    return info.isIdentity
      ? Array(utf8) : Array(keyBytes[info.keyOffset..<info.keyOffset + info.keyLength])
  }

  /// Whether a character boundary falls before `scalar` (described by `info`), after the
  /// character so far, `character`, whose last scalar `previous` describes: always
  /// between two simple scalars, and before a simple scalar after a `plain` character (a
  /// simple scalar and plain marks, see ``ScalarInfo/isPlainMark``); never before a mark
  /// after anything but a control (GB9, GB9a); with no lookup in these cases; anywhere
  /// else as the standard library's grapheme breaking says. The one rule the fold and
  /// the suggestion index both walk characters by.
  @inline(__always)
  mutating func breaks(
    after character: UnsafeBufferPointer<UInt8>, last previous: ScalarInfo,
    before scalar: UInt32, _ info: ScalarInfo, plain: Bool
  ) -> Bool {
    if info.isSimple && (previous.isSimple || plain) { return true }
    if info.joinsPrevious && !previous.breaksBeforeJoiners { return false }
    return breaks(after: character, before: scalar)
  }

  /// Whether a character boundary falls before `next`, after the scalars of the
  /// character so far (`character`, UTF-8). Grapheme breaking looks back only within
  /// the current character, so these two determine it.
  @inline(__always)
  mutating func breaks(after character: UnsafeBufferPointer<UInt8>, before next: UInt32) -> Bool {
    guard character.count <= 11 else { return breaks(afterLong: character, before: next) }
    let packed = PackedBytes.pack(character) | UInt128(next) << 88
    if let known = recentBreaks.value(for: packed) { return known }
    let result = Self.recognize(character, next)
    recentBreaks.store(result, for: packed)
    return result
  }

  /// ``breaks(after:before:)`` for a character of more than 11 bytes.
  private mutating func breaks(
    afterLong character: UnsafeBufferPointer<UInt8>, before next: UInt32
  ) -> Bool {
    guard character.count <= PackedBytes.capacity + 11 else {
      return Self.recognize(character, next)
    }
    let headCount = min(character.count, PackedBytes.capacity)
    let head = PackedBytes.pack(UnsafeBufferPointer(rebasing: character[..<headCount]))
    let tail =
      PackedBytes.pack(UnsafeBufferPointer(rebasing: character[headCount...]))
      | UInt128(next) << 88
    let slot = head ^ (tail << 64 | tail >> 64)
    if let known = recentLongBreaks.value(for: slot), known.head == head, known.tail == tail {
      return known.breaks
    }
    let result = Self.recognize(character, next)
    recentLongBreaks.store(LongBreak(head: head, tail: tail, breaks: result), for: slot)
    return result
  }

  private static func recognize(_ character: UnsafeBufferPointer<UInt8>, _ next: UInt32) -> Bool {
    var recognizer = Unicode._CharacterRecognizer()
    for scalar in String(decoding: character, as: UTF8.self).unicodeScalars {
      _ = recognizer.hasBreak(before: scalar)
    }
    return recognizer.hasBreak(before: Unicode.Scalar(next)!)
  }

  /// Whether a character boundary falls between `scalar` and any other simple scalar,
  /// whatever came before. Asked of the standard library's own grapheme breaking, so it
  /// agrees with `Character`, through probes that catch every class that can join:
  /// Extend, SpacingMark and ZWJ join after a letter; Prepend joins before one; CR and
  /// LF join each other; Regional_Indicator and Hangul L, V and T join their own kind.
  static func isSimple(_ scalar: Unicode.Scalar) -> Bool {
    breaks("a", scalar) && breaks(scalar, "a") && breaks(scalar, scalar)
      && breaks("\r", scalar) && breaks(scalar, "\n")
  }

  /// Whether `scalar`, a simple one, is Extended_Pictographic: a pictograph after it and
  /// a zero width joiner joins them (GB11). Asked of the standard library, as above.
  static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
    !breaks([scalar, "\u{200D}"], before: "\u{1F44D}")
  }

  /// Whether `mark`, one that joins what precedes it, has Grapheme_Cluster_Break Extend
  /// (not SpacingMark): GB11 passes over it between a pictograph and a zero width joiner.
  static func isExtend(_ mark: Unicode.Scalar) -> Bool {
    !breaks(["\u{1F44D}", mark, "\u{200D}"], before: "\u{1F44D}")
  }

  /// Whether `scalar` is an Indic conjunct linker, by its class (known once its
  /// info is).
  func isConjunctLinker(_ scalar: UInt32) -> Bool {
    scalar < 0x1_0000 && plainClasses[Int(scalar)] & PlainCharacterClass.linker != 0
  }

  /// Whether `mark`, one that joins what precedes it, is an Indic conjunct linker: after
  /// a consonant, it joins the consonant that follows it too (UAX #29 GB9c), as the
  /// standard library's grapheme breaking says (none where its Unicode predates the rule).
  static func isConjunctLinker(_ mark: Unicode.Scalar) -> Bool {
    mark.value != 0x200D && !breaks(["\u{915}", mark], before: "\u{915}")
      && breaks(["a", mark], before: "a")
  }

  /// Whether `scalar`, a simple one, is an Indic conjunct consonant: a linker after a
  /// consonant joins it (GB9c).
  static func isConjunctConsonant(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x80 && !breaks(["\u{915}", "\u{94D}"], before: scalar)
  }

  private static func breaks(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
    breaks([first], before: second)
  }

  private static func breaks(_ scalars: [Unicode.Scalar], before next: Unicode.Scalar) -> Bool {
    var recognizer = Unicode._CharacterRecognizer()
    for scalar in scalars { _ = recognizer.hasBreak(before: scalar) }
    return recognizer.hasBreak(before: next)
  }

  /// Bases after which a mark that joins what follows it does so: a letter, an Indic
  /// consonant (GB9c) and an emoji (GB11).
  private static let plainMarkProbes: [Unicode.Scalar] = ["a", "\u{915}", "\u{1F44D}"]
}
