import CFoldKernels

/// How the row builder's fast loop treats a scalar of the Basic Multilingual Plane, as
/// 16 bits: the kind in the top two, a mark's canonical combining class in the low eight.
///
/// A *plain* character is a simple scalar and the plain marks after it (see
/// ``CharacterKeyCache/ScalarInfo/isPlainMark``): a character boundary falls before and
/// after it, whatever follows, so the loop needs no grapheme breaking.
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

  /// The class of a scalar of the Basic Multilingual Plane that `info` describes.
  static func of(_ value: UInt32, _ info: CharacterKeyCache.ScalarInfo) -> UInt16 {
    guard !info.breaksBeforeJoiners, !CanonicalComposition.composesWithPrevious(value) else {
      return other
    }
    let combiningClass = UInt16(Unicode.Scalar(value)!.properties.canonicalCombiningClass.rawValue)
    if info.isSimple {
      guard combiningClass == 0 else { return other }
      return info.isIdentity ? identity : keyed
    }
    if info.joinsPrevious && info.isPlainMark && info.isIdentity {
      return mark | combiningClass
    }
    return other
  }

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

extension CharacterKeyCache {
  /// The item flag of a character replaced by its key; items without it are the offsets
  /// of marks, which are scalar starts that are not character boundaries.
  static let keyedItem: UInt32 = TSB_KEYED_ITEM

  /// Passes over plain characters from `start`, a character boundary, as long as every
  /// scalar's class is known (see ``PlainCharacterClass``), and lists in `items`, as
  /// original offsets, each character replaced by its key (flagged ``keyedItem``) and
  /// each mark of a character that keeps its bytes. Needs `items.count >= text.count`
  /// and a text shorter than 2 GiB.
  ///
  /// No grapheme breaking and no key lookup, where most of most scripts' text is plain:
  /// Thai's and Devanagari's vowel signs, Greek and Cyrillic capitals and final sigma
  /// included. A run of characters that are their own keys costs a bit test a scalar,
  /// and printable ASCII less (see ``plainScanKernel``). (Mutating only so that a caller
  /// holding the cache `inout` does not copy it.)
  mutating func scanPlainCharacters(
    in text: UnsafeBufferPointer<UInt8>, from start: Int,
    items: UnsafeMutableBufferPointer<UInt32>
  ) -> PlainStretch {
    guard plainScanKernel != .portable else {
      return scanPlainCharactersPortably(in: text, from: start, items: items)
    }
    let scan =
      plainScanKernel == .avx512
      ? (passesOverKana ? tsb_scan_plain_avx512_kana : tsb_scan_plain_avx512)
      : (passesOverKana ? tsb_scan_plain_avx2_kana : tsb_scan_plain_avx2)
    var stretch = tsb_plain_stretch()
    identityBits.withUnsafeBufferPointer { identities in
      plainClasses.withUnsafeBufferPointer { classes in
        recentSupplementaryClasses.withUnsafeBufferPointer { supplementaryClasses in
          identityRuns.bytes.withUnsafeBufferPointer { runs in
            indicMarks.withUnsafeBufferPointer { marks in
              indicOrderedMarks.withUnsafeBufferPointer { orderedMarks in
                // U+3000's bit is bit 0 of word 0xC0.
                let kana = UnsafeRawPointer(identities.baseAddress! + 0x3000 / 64)
                var tables = tsb_plain_tables(
                  identity_bits: identities.baseAddress, classes: classes.baseAddress,
                  supplementary_classes: supplementaryClasses.baseAddress,
                  supplementary_mask: supplementaryClasses.count - 1, runs: runs.baseAddress,
                  indic_marks: marks.baseAddress, indic_ordered_marks: orderedMarks.baseAddress,
                  kana_identity_bits: kana.assumingMemoryBound(to: UInt8.self))
                scan(text.baseAddress, text.count, start, &tables, items.baseAddress, &stretch)
              }
            }
          }
        }
      }
    }
    if !passesOverKana { noteKanaLookups(stretch.kana_lookups, scanning: stretch.stop - start) }
    return PlainStretch(
      stop: stretch.stop, pending: stretch.pending, pendingScalars: stretch.pending_scalars,
      lastScalar: stretch.last_scalar, itemCount: stretch.item_count)
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
    identityBits.withUnsafeBufferPointer { identities in
      plainClasses.withUnsafeBufferPointer { classes in
        recentSupplementaryClasses.withUnsafeBufferPointer { supplementaryClasses in
          while index < count {
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
            // known by the classes of the recent ones.
            let recent = supplementaryClasses[Int(scalar) & (supplementaryClasses.count - 1)]
            let kind =
              length < 4
              ? classes[Int(scalar)]
              : recent >> 16 == UInt64(scalar) ? UInt16(truncatingIfNeeded: recent) : 0
            if kind == PlainCharacterClass.identity || kind == PlainCharacterClass.keyed {
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
              let combiningClass = kind & 0xFF
              guard kind >= PlainCharacterClass.mark, base == PlainCharacterClass.identity,
                combiningClass == 0 || combiningClass >= lastCombiningClass
              else { break }
              lastCombiningClass = combiningClass
              items[itemCount] = UInt32(truncatingIfNeeded: index)
              itemCount &+= 1
              scalars &+= 1
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
}
