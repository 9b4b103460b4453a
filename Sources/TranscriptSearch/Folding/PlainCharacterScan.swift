import CFoldKernels

/// How the row builder's fast loop treats a scalar, as 16 bits: the kind in the top two,
/// a mark's canonical combining class in the low eight, flags between.
///
/// A *plain* character is a simple scalar and the plain marks after it (see
/// ``CharacterKeyCache/ScalarInfo/isPlainMark``): a character boundary falls before and
/// after it, whatever follows, so the loop needs no grapheme breaking. The flags let it
/// join emoji sequences and flags too, by the only rules that join across what is
/// otherwise a boundary between such characters (UAX #29 GB11, GB12, GB13).
enum PlainCharacterClass {
  /// Not yet looked up, or not one the loop folds: it stops there.
  static let other: UInt16 = 0
  /// Simple, its own key, not a control: a character on its own, copied.
  static let identity: UInt16 = 1 << 14
  /// Simple, not its own key, not a control: a character on its own, replaced by its key.
  static let keyed: UInt16 = 2 << 14
  /// A plain mark that is its own key and that composition never joins to what precedes
  /// it: after an `identity` scalar, the character stays its own key while the marks'
  /// combining classes stay in canonical order (Unicode's NFC quick check).
  static let mark: UInt16 = 3 << 14
  /// The top two bits, which hold the kind.
  static let kindMask: UInt16 = 3 << 14

  /// An Extended_Pictographic scalar, `identity` or `keyed`: after it, marks of Extend
  /// and a ``joiner``, another pictograph joins the character (UAX #29 GB11).
  static let pictographic = UInt16(TSB_CLASS_PICTOGRAPHIC)
  /// A `mark` whose Grapheme_Cluster_Break is Extend, which GB11 passes over (a
  /// SpacingMark ends the sequence).
  static let extend = UInt16(TSB_CLASS_EXTEND)
  /// The zero width joiner, a `mark` of class 0: it joins what precedes it, and a
  /// pictograph after it when the character is a pictograph and marks of Extend.
  static let joiner = UInt16(TSB_CLASS_JOINER)
  /// A regional indicator, of kind `other` (so a reader unaware of it stops there), its
  /// own key: two of them are a flag, one character (GB12, GB13).
  static let regional = UInt16(TSB_CLASS_REGIONAL)
  /// An Indic conjunct linker (InCB Linker, a virama), a `mark`: after a consonant it
  /// joins the consonant that follows it to the character (UAX #29 GB9c).
  static let linker = UInt16(TSB_CLASS_LINKER)
  /// A simple scalar, `identity` or `keyed`, that is an InCB consonant: a linker after a
  /// consonant joins it to the character before it.
  static let consonant = UInt16(TSB_CLASS_CONSONANT)

  /// The combining class of a `mark` whose key is empty (diacritics ignored, a nonspacing
  /// mark), which no scalar has. After an `identity` scalar, such marks leave the
  /// character's key that scalar: every scalar they give under decomposition and case
  /// folding is a nonspacing mark, and dropping those leaves the base's own in their
  /// order. So the fold drops their bytes. Composition cannot matter (the marks go), but
  /// a conjunct linker can: it joins the next consonant, whose key stays.
  static let dropped = UInt16(TSB_CLASS_DROPPED)

  /// The class of a scalar that `info` describes.
  static func of(_ value: UInt32, _ info: CharacterKeyCache.ScalarInfo) -> UInt16 {
    guard !info.breaksBeforeJoiners else { return other }
    let scalar = Unicode.Scalar(value)!
    if !info.isIdentity && !info.isSimple && info.keyLength == 0 && info.joinsPrevious
      && info.isPlainMark && !CharacterKeyCache.isConjunctLinker(scalar)
    {
      return mark | dropped | (CharacterKeyCache.isExtend(scalar) ? extend : 0)
    }
    guard !CanonicalComposition.composesWithPrevious(value) else { return other }
    let combiningClass = UInt16(scalar.properties.canonicalCombiningClass.rawValue)
    if info.isSimple {
      guard combiningClass == 0 else { return other }
      let kind = info.isIdentity ? identity : keyed
      return kind | (CharacterKeyCache.isPictographic(scalar) ? pictographic : 0)
        | (CharacterKeyCache.isConjunctConsonant(scalar) ? consonant : 0)
    }
    guard info.isIdentity else { return other }
    if value == 0x200D { return mark | joiner }
    if regionalIndicators.contains(value) { return regional }
    if info.joinsPrevious && info.isPlainMark {
      return mark | combiningClass | (CharacterKeyCache.isExtend(scalar) ? extend : 0)
    }
    if info.joinsPrevious && CharacterKeyCache.isConjunctLinker(scalar) {
      return mark | linker | combiningClass | (CharacterKeyCache.isExtend(scalar) ? extend : 0)
    }
    return other
  }

  /// The scalars whose Grapheme_Cluster_Break is Regional_Indicator.
  static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF

  /// The scalars whose class is known to be ``identity`` before anything is looked up:
  /// those of ``CharacterKeyCache/simpleIdentityRanges`` and the rest of Hangul's
  /// syllables, which the vector kernel passes over as whole blocks.
  static let initialIdentityRanges =
    CharacterKeyCache.simpleIdentityRanges + [0xAC00...0xAFFF, 0xD000...0xD7A3]

  /// The classes the fold knows before it looks anything up: those of
  /// ``initialIdentityRanges``.
  static let initialTable: [UInt16] = {
    var table = [UInt16](repeating: other, count: 0x1_0000)
    for range in initialIdentityRanges {
      for value in range { table[Int(value)] = identity }
    }
    return table
  }()

  /// The scalars of ``initialTable`` whose class is ``identity``, as bits.
  static let initialIdentityBits: [UInt64] = {
    var bits = [UInt64](repeating: 0, count: 0x1_0000 / 64)
    for (value, plainClass) in initialTable.enumerated() where plainClass == identity {
      bits[value >> 6] |= 1 << UInt64(value & 63)
    }
    return bits
  }()
}

/// Where a stretch of plain characters that ``CharacterKeyCache/scanPlainCharacters(in:from:items:)``
/// passed over ends.
struct PlainStretch {
  /// Where the scan stopped: the end of the text, or a scalar it does not fold.
  var stop: Int
  /// The start of the character the scan was in when it stopped, left to the caller
  /// because what follows may still join it; `stop` if none.
  var pending: Int
  /// The scalars of that character read so far (0 when none).
  var pendingScalars: Int
  /// Where its last scalar starts.
  var lastScalar: Int
  /// How many items describe the characters before `pending`.
  var itemCount: Int
}

extension PlainStretch {
  /// The stretch a vector kernel wrote.
  init(_ stretch: tsb_plain_stretch) {
    self.init(
      stop: stretch.stop, pending: stretch.pending, pendingScalars: stretch.pending_scalars,
      lastScalar: stretch.last_scalar, itemCount: stretch.item_count)
  }
}

extension CharacterKeyCache {
  /// The item flag of a character replaced by its key; items without it are the offsets
  /// of marks, which are scalar starts that are not character boundaries.
  static let keyedItem: UInt32 = TSB_KEYED_ITEM

  /// The item flag of a mark whose bytes the fold drops (see
  /// ``PlainCharacterClass/dropped``).
  static let droppedItem: UInt32 = TSB_DROPPED_ITEM

  /// Passes over plain characters from `start`, a character boundary, as long as every
  /// scalar's class is known (see ``PlainCharacterClass``), and lists in `items`, as
  /// original offsets, each character replaced by its key (flagged ``keyedItem``) and
  /// each later scalar of a character that keeps its bytes (its marks, and what an emoji
  /// sequence or flag joins). Needs `items.count >= text.count`
  /// and a text shorter than 2 GiB.
  ///
  /// No grapheme breaking and no key lookup, where most of most scripts' text is plain:
  /// Thai's and Devanagari's vowel signs, Greek and Cyrillic capitals and final sigma,
  /// emoji sequences of identities (👨‍👩‍👧, ❤️‍🔥) and flags included. A run of characters that are their own keys costs a bit test a scalar,
  /// and printable ASCII less (see ``plainScanKernel``). (Mutating only so that a caller
  /// holding the cache `inout` does not copy it.)
  mutating func scanPlainCharacters(
    in text: UnsafeBufferPointer<UInt8>, from start: Int,
    items: UnsafeMutableBufferPointer<UInt32>
  ) -> PlainStretch {
    guard plainScanKernel != .portable else {
      return scanPlainCharactersPortably(in: text, from: start, items: items)
    }
    var stretch = tsb_plain_stretch()
    var unused = tsb_plain_row()
    runVectorKernel(
      on: text, from: start, items: items, row: nil, marks: nil, stretch: &stretch,
      rowResult: &unused)
    return noted(stretch, from: start)
  }

  /// `stretch` as a ``PlainStretch``, its kana look-ups counted (see
  /// ``noteKanaLookups(_:scanning:)``).
  private mutating func noted(_ stretch: tsb_plain_stretch, from start: Int) -> PlainStretch {
    if !passesOverKana { noteKanaLookups(stretch.kana_lookups, scanning: stretch.stop - start) }
    return PlainStretch(stretch)
  }

  /// The vector kernel ``scanPlainCharacters(in:from:items:)`` runs, as chosen by
  /// ``plainScanKernel``, ``passesOverKana`` and ``ignoresDiacritics`` (not the portable
  /// one).
  var plainScan: tsb_plain_scan {
    switch (plainScanKernel == .avx512, passesOverKana, ignoresDiacritics) {
    case (true, true, true): tsb_scan_plain_avx512_kana_drops
    case (true, false, true): tsb_scan_plain_avx512_drops
    case (true, true, false): tsb_scan_plain_avx512_kana
    case (true, false, false): tsb_scan_plain_avx512
    case (false, true, _): tsb_scan_plain_avx2_kana
    case (false, false, _): tsb_scan_plain_avx2
    }
  }

  /// Runs the vector kernel ``plainScan`` over `text` with the cache's tables: the scan
  /// from `start` into `stretch`; or, given `row`, the fold of the whole row into it
  /// (`tsb_fold_plain_row`, whose answer it returns) into `rowResult`; or, given `batch`,
  /// the fold of its rows (`tsb_fold_plain_rows`, whose answer it returns). One function
  /// for all three, where a helper taking a closure retained and released each table a
  /// call.
  @discardableResult
  private mutating func runVectorKernel(
    on text: UnsafeBufferPointer<UInt8>, from start: Int,
    items: UnsafeMutableBufferPointer<UInt32>, row: UnsafeMutablePointer<UInt8>?,
    marks: UnsafeMutablePointer<UInt32>?, stretch: inout tsb_plain_stretch,
    rowResult: inout tsb_plain_row, batch: UnsafeMutablePointer<tsb_fold_batch>? = nil
  ) -> Int32 {
    let scan = plainScan
    let lowercase: tsb_lowercase
    let isPlain: tsb_plain_ascii_test
    let copyLowercase: tsb_copy_lowercase
    if plainScanKernel == .avx512 {
      lowercase = tsb_lowercase_ascii_avx512
      isPlain = tsb_is_plain_ascii_avx512
      copyLowercase = tsb_copy_lowercase_ascii_avx512
    } else {
      lowercase = tsb_lowercase_ascii_avx2
      isPlain = tsb_is_plain_ascii_avx2
      copyLowercase = tsb_copy_lowercase_ascii_avx2
    }
    return identityBits.withUnsafeBufferPointer { identities in
      plainClasses.withUnsafeBufferPointer { classes in
        recentSupplementaryClasses.withUnsafeBufferPointer { supplementaryClasses in
          identityRuns.bytes.withUnsafeBufferPointer { runs in
            indicMarks.withUnsafeBufferPointer { indic in
              indicOrderedMarks.withUnsafeBufferPointer { orderedMarks in
                indicDroppedMarks.withUnsafeBufferPointer { droppedMarks in
                  emojiIdentityBits.withUnsafeBytes { emoji in
                    // U+3000's bit is bit 0 of word 0xC0.
                    let kana = UnsafeRawPointer(identities.baseAddress! + 0x3000 / 64)
                    var tables = tsb_plain_tables(
                      identity_bits: identities.baseAddress, classes: classes.baseAddress,
                      supplementary_classes: supplementaryClasses.baseAddress,
                      supplementary_mask: supplementaryClasses.count - 1, runs: runs.baseAddress,
                      indic_marks: indic.baseAddress, indic_ordered_marks: orderedMarks.baseAddress,
                      indic_dropped_marks: droppedMarks.baseAddress,
                      kana_identity_bits: kana.assumingMemoryBound(to: UInt8.self),
                      emoji_identity_bits: emoji.baseAddress!.assumingMemoryBound(to: UInt8.self))
                    if row == nil && batch == nil {
                      scan(
                        text.baseAddress, text.count, start, &tables, items.baseAddress, &stretch)
                      return 1
                    }
                    return basicPlane.withUnsafeBytes { infos in
                      keyBytes.withUnsafeBufferPointer { keyBytes in
                        var keys = tsb_key_tables(
                          scalar_infos: infos.baseAddress!.assumingMemoryBound(to: UInt32.self),
                          key_bytes: keyBytes.baseAddress)
                        if let batch {
                          return tsb_fold_plain_rows(
                            scan, isPlain, copyLowercase, &tables, &keys, batch)
                        }
                        return tsb_fold_plain_row(
                          scan, lowercase, text.baseAddress, text.count, &tables, &keys,
                          items.baseAddress, &stretch, row, marks, &rowResult)
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }

  /// What ``foldPlainRow(_:into:items:marks:)`` did with a row.
  enum PlainRowFold {
    /// Folded it: the marks it listed, and whether a key may break words otherwise than
    /// its character (see ``ScalarInfo/changesWordBreak``).
    case folded(marks: Int, changesWordBreak: Bool)
    /// Left it to the walk of ``FoldedRowBuilder``, with the stretch of plain characters
    /// from its start, whose items `items` hold.
    case declined(PlainStretch)
  }

  /// Folds `row`, a copy of `text`, in place where a vector kernel passes over all of
  /// `text` and each keyed character's key is one scalar as long as it (see
  /// `tsb_fold_plain_row`), listing its marks in `marks`. Needs `items.count` and
  /// `marks.count` at least `text.count`, a text shorter than 2 GiB, and a vector kernel.
  mutating func foldPlainRow(
    _ text: UnsafeBufferPointer<UInt8>, into row: UnsafeMutablePointer<UInt8>,
    items: UnsafeMutableBufferPointer<UInt32>, marks: UnsafeMutableBufferPointer<UInt32>
  ) -> PlainRowFold {
    var stretch = tsb_plain_stretch()
    var result = tsb_plain_row()
    let folded = runVectorKernel(
      on: text, from: 0, items: items, row: row, marks: marks.baseAddress, stretch: &stretch,
      rowResult: &result)
    let plainStretch = noted(stretch, from: 0)
    guard folded != 0 else { return .declined(plainStretch) }
    return .folded(marks: result.marks, changesWordBreak: result.changes_word_break != 0)
  }

  /// Folds `batch`'s rows with `tsb_fold_plain_rows` and the cache's tables, and counts
  /// the kana it looked up (see ``noteKanaLookups(_:scanning:)``); returns why it
  /// stopped (`TSB_BATCH_FILLED` and the others). Needs a vector kernel.
  mutating func foldPlainRows(_ batch: UnsafeMutablePointer<tsb_fold_batch>) -> Int32 {
    var stretch = tsb_plain_stretch()
    var result = tsb_plain_row()
    let answer = runVectorKernel(
      on: UnsafeBufferPointer(start: nil, count: 0), from: 0,
      items: UnsafeMutableBufferPointer(start: nil, count: 0), row: nil, marks: nil,
      stretch: &stretch, rowResult: &result, batch: batch)
    if !passesOverKana {
      noteKanaLookups(batch.pointee.kana_lookups, scanning: batch.pointee.scanned_bytes)
    }
    batch.pointee.kana_lookups = 0
    batch.pointee.scanned_bytes = 0
    return answer
  }

  /// ``scanPlainCharacters(in:from:items:)`` in Swift, for every CPU.
  mutating func scanPlainCharactersPortably(
    in text: UnsafeBufferPointer<UInt8>, from start: Int,
    items: UnsafeMutableBufferPointer<UInt32>
  ) -> PlainStretch {
    let count = text.count
    var index = start
    var characterStart = start
    var scalars = 0
    var base = PlainCharacterClass.other
    var lastCombiningClass: UInt16 = 0
    var itemsBefore = 0
    var itemCount = 0
    var last = start
    // The scalar after a zero width joiner that joins what follows it (GB11), looked at
    // even when it would be passed over.
    var joinAt = -1
    // The last consonant joined to a character by the linker before it (GB9c), which a
    // linker right after it joins to the next consonant too.
    var conjunctAt = -1
    identityBits.withUnsafeBufferPointer { identities in
      plainClasses.withUnsafeBufferPointer { classes in
        recentSupplementaryClasses.withUnsafeBufferPointer { supplementaryClasses in
          func classOf(_ scalar: UInt32) -> UInt16 {
            if scalar < 0x1_0000 { return classes[Int(scalar)] }
            let recent = supplementaryClasses[Int(scalar) & (supplementaryClasses.count - 1)]
            return recent >> 16 == UInt64(scalar) ? UInt16(truncatingIfNeeded: recent) : 0
          }
          while index < count {
            if index == joinAt {
              let (scalar, length) = UTF8Scalars.decode(text, at: index)
              let plainClass = classOf(scalar)
              if plainClass & PlainCharacterClass.pictographic != 0 {
                // Joined to the character of the joiner before it; a keyed one's key
                // would change.
                guard plainClass & PlainCharacterClass.kindMask == PlainCharacterClass.identity
                else { break }
                items[itemCount] = UInt32(truncatingIfNeeded: index)
                itemCount &+= 1
                scalars &+= 1
                lastCombiningClass = 0
                last = index
                index &+= length
                continue
              }
            }
            // Characters on their own and their own keys, most of most text: a bit test
            // each, in a table of 8 KB, which the level-1 cache keeps.
            let runStart = index
            var scalar: UInt32 = 0
            var length = 0
            while index < count {
              if text[index] < 0x80 {
                if index &+ 8 <= count && Self.isPrintableASCII(text, at: index) {
                  last = index &+ 7
                  index &+= 8
                  continue
                }
                (scalar, length) = (UInt32(text[index]), 1)
              } else {
                (scalar, length) = UTF8Scalars.decode(text, at: index)
              }
              // Outside the Basic Multilingual Plane: the stretch goes on below, if at all.
              if length == 4 { break }
              guard identities[Int(scalar >> 6)] & 1 << UInt64(scalar & 63) != 0 else { break }
              last = index
              index &+= length
            }
            if index > runStart {
              characterStart = last
              scalars = 1
              base = PlainCharacterClass.identity
              lastCombiningClass = 0
              itemsBefore = itemCount
            }
            guard index < count else { break }
            // Outside the Basic Multilingual Plane (emoji and their skin tones, mostly),
            // known by the classes of the recent ones; else by the table.
            let plainClass = classOf(scalar)
            let kind = plainClass & PlainCharacterClass.kindMask
            if plainClass & PlainCharacterClass.regional != 0 {
              // A flag: the second of two regional indicators joins the first (GB12,
              // GB13); else one starts a character, its own key.
              if scalars == 1 && characterStart &+ 4 == index
                && Self.isRegionalIndicator(text, at: characterStart)
              {
                items[itemCount] = UInt32(truncatingIfNeeded: index)
                itemCount &+= 1
                scalars = 2
              } else {
                characterStart = index
                scalars = 1
                base = PlainCharacterClass.identity
                itemsBefore = itemCount
              }
              lastCombiningClass = 0
            } else if kind == PlainCharacterClass.identity || kind == PlainCharacterClass.keyed {
              characterStart = index
              scalars = 1
              base = kind
              lastCombiningClass = 0
              itemsBefore = itemCount
              if kind == PlainCharacterClass.keyed {
                items[itemCount] = UInt32(truncatingIfNeeded: index) | Self.keyedItem
                itemCount &+= 1
              }
            } else {
              // A mark joins the character before it; a keyed one's key would change.
              let combiningClass = plainClass & 0xFF
              guard kind == PlainCharacterClass.mark, base == PlainCharacterClass.identity,
                combiningClass == 0 || combiningClass >= lastCombiningClass
              else { break }
              // An Indic conjunct linker (a virama) joins the consonant after it to the
              // character when a consonant precedes it (GB9c). Folded here only right
              // after the character's first consonant or one joined so; after marks, the
              // walk decides.
              let isLinker = plainClass & PlainCharacterClass.linker != 0
              if isLinker && last != conjunctAt
                && !(scalars == 1 && last == characterStart
                  && classOf(UTF8Scalars.decode(text, at: last).scalar)
                    & PlainCharacterClass.consonant != 0)
              {
                break
              }
              lastCombiningClass = combiningClass
              items[itemCount] =
                UInt32(truncatingIfNeeded: index)
                | (combiningClass == PlainCharacterClass.dropped ? Self.droppedItem : 0)
              itemCount &+= 1
              scalars &+= 1
              if isLinker && index &+ length < count {
                let (next, nextLength) = UTF8Scalars.decode(text, at: index &+ length)
                let nextClass = classOf(next)
                let nextKind = nextClass & PlainCharacterClass.kindMask
                // A consonant joins; one not its own key, a mark (which may join the
                // linker's run) or a scalar not looked up yet is the walk's. Any other
                // starts a character.
                if nextClass & PlainCharacterClass.consonant != 0
                  || (nextKind != PlainCharacterClass.identity
                    && nextKind != PlainCharacterClass.keyed)
                {
                  last = index
                  index &+= length
                  guard
                    nextClass & (PlainCharacterClass.kindMask | PlainCharacterClass.consonant)
                      == PlainCharacterClass.identity | PlainCharacterClass.consonant
                  else { break }
                  items[itemCount] = UInt32(truncatingIfNeeded: index)
                  itemCount &+= 1
                  scalars &+= 1
                  conjunctAt = index
                  last = index
                  index &+= nextLength
                  continue
                }
              }
              if plainClass & PlainCharacterClass.joiner != 0 && index &+ 3 < count
                && Self.followsPictograph(text, joiner: index, after: characterStart, classOf)
              {
                joinAt = index &+ 3
              }
            }
            last = index
            index &+= length
          }
        }
      }
    }
    if index == count {
      return PlainStretch(
        stop: count, pending: count, pendingScalars: 0, lastScalar: last, itemCount: itemCount)
    }
    guard scalars > 0 else {
      return PlainStretch(
        stop: start, pending: start, pendingScalars: 0, lastScalar: start, itemCount: 0)
    }
    return PlainStretch(
      stop: index, pending: characterStart, pendingScalars: scalars, lastScalar: last,
      itemCount: itemsBefore)
  }

  /// Whether the four bytes at `index` are a regional indicator.
  private static func isRegionalIndicator(_ text: UnsafeBufferPointer<UInt8>, at index: Int)
    -> Bool
  {
    text[index] == 0xF0 && text[index + 1] == 0x9F && text[index + 2] == 0x87
      && text[index + 3] >= 0xA6
  }

  /// Whether the zero width joiner at `joiner` follows a pictograph and marks of Extend
  /// only, within the character that starts at `characterStart`: then a pictograph after
  /// it joins the character too (GB11).
  private static func followsPictograph(
    _ text: UnsafeBufferPointer<UInt8>, joiner: Int, after characterStart: Int,
    _ classOf: (UInt32) -> UInt16
  ) -> Bool {
    var end = joiner
    while end > characterStart {
      let (scalar, start) = UTF8Scalars.decode(text, endingAt: end)
      let plainClass = classOf(scalar)
      if plainClass & PlainCharacterClass.pictographic != 0 { return true }
      let extendMark = PlainCharacterClass.mark | PlainCharacterClass.extend
      guard plainClass & extendMark == extendMark else { return false }
      end = start
    }
    return false
  }
}
