import CFoldKernels

/// Folds rows into a `FoldedSegment`, one at a time.
///
/// Pure-ASCII rows without a carriage return take the fastest path: copy, lowercase in
/// place, nothing to record (every byte is a character boundary and lengths do not
/// change). With a vector kernel, most other rows are folded whole by one C call: those
/// whose characters are plain (see ``CharacterKeyCache/scanPlainCharacters(in:from:items:)``)
/// and whose keyed characters have keys of one scalar as long as they are, which it
/// copies, lowercases and writes over in place, listing the marks. Other rows are walked
/// scalar by scalar:
///   - between two simple scalars there is a character boundary (see
///     ``CharacterKeyCache/isSimple(_:)``); anywhere else the standard library's
///     grapheme breaking decides, fed from the last boundary;
///   - characters whose key is themselves are copied in runs, one copy per run;
///   - other characters append their cached key, and the row records where lengths
///     change (the offset map) and where a key holds a scalar start that is not a
///     character boundary (the boundary table).
struct FoldedRowBuilder: Sendable {
  private var cache: CharacterKeyCache
  /// Scalar starts inside characters of the row being folded, as offsets in its folded
  /// bytes, but for those of marks in plain stretches (`markOffsets`).
  private var nonBoundaries: [Int] = []
  /// The offsets in the row's folded bytes of the marks of its plain stretches: the first
  /// `markCount`, in room kept as for `plainItems`. Written through a pointer, a stretch's
  /// marks at a time, where an `append` each checked the array's uniqueness and room: a
  /// quarter of Thai's characters are marks.
  private var markOffsets: [UInt32] = []
  private var markCount = 0
  private var remapPoints: [UInt32] = []
  private var changesWordBreak = false
  /// What a plain stretch lists (see ``CharacterKeyCache/scanPlainCharacters(in:from:items:)``),
  /// as long as the longest row up to ``keptItemsCapacity``.
  private var plainItems: [UInt32] = []
  /// Characters replaced in place once their run is copied, by a key of one scalar as
  /// long as they are (a capital's small letter, final sigma's σ): pairs of an offset in
  /// the row's folded bytes and the key's offset in the cache's key bytes.
  private var inPlaceKeys: [UInt32] = []
  /// Past this many, the room a long row's items took is given back once it is folded:
  /// a builder lives as long as its corpus, and one row of 10 MB would otherwise keep
  /// 40 MB.
  private static let keptItemsCapacity = 1 << 16
  /// Rows folded so far, up to ``rowsBeforeWholeBlocks``.
  private var rowsFolded = 0
  static let rowsBeforeWholeBlocks = 1 << 14

  /// A builder of keys that drop nonspacing marks when `ignoringDiacritics`, passing
  /// over plain characters with `kernel`.
  init(ignoringDiacritics: Bool = false, kernel: PlainScanKernel = .automatic) {
    cache = CharacterKeyCache(ignoringDiacritics: ignoringDiacritics)
    cache.plainScanKernel = kernel
  }

  /// Whether keys drop nonspacing marks.
  var ignoresDiacritics: Bool { cache.ignoresDiacritics }

  /// Whether the fold kernel passes over kana a window at a time, as learned from the
  /// text folded so far (see ``CharacterKeyCache/passesOverKana``).
  var passesOverKana: Bool { cache.passesOverKana }

  mutating func append(_ text: UnsafeBufferPointer<UInt8>, to folded: inout FoldedSegment) {
    countRows(1)
    let kernel = cache.plainScanKernel
    if Self.isPlainASCII(text, kernel: kernel) {
      let start = folded.bytes.count
      folded.bytes.append(contentsOf: text)
      Self.lowercaseASCII(in: &folded.bytes, from: start, kernel: kernel)
      finishRow(flags: [], in: &folded)
      return
    }
    var firstStretch: PlainStretch?
    if kernel != .portable && text.count < 1 << 30 {
      switch foldPlainRow(text, into: &folded) {
      case .folded: return
      case .declined(let stretch): firstStretch = stretch
      }
    }
    appendWalked(text, to: &folded, firstStretch: firstStretch)
  }

  /// Counts `count` rows folded towards ``rowsBeforeWholeBlocks``, at which the cache
  /// learns blocks whole.
  private mutating func countRows(_ count: Int) {
    guard rowsFolded < Self.rowsBeforeWholeBlocks else { return }
    rowsFolded = min(rowsFolded + count, Self.rowsBeforeWholeBlocks)
    if rowsFolded == Self.rowsBeforeWholeBlocks { cache.learnWholeBlocks() }
  }

  /// Folds rows `rows` of `texts` into `folded`, in order, as ``append(_:to:)`` folds each,
  /// until they end or `folded` holds `byteLimit` bytes or more (a segment's worth, checked
  /// before each row); returns how many it folded.
  ///
  /// With a vector kernel, rows of plain ASCII and rows `tsb_fold_plain_row` folds whole
  /// (most of most transcripts) are folded many to a C call, `tsb_fold_plain_rows`, into
  /// room of its own that is then added to `folded` at once: a row no longer costs the
  /// calls, the checks of the arrays' uniqueness and room, and the setup of the kernel's
  /// tables that folding it alone does. The others go to the walk as before, a row
  /// declined with the stretch already scanned.
  mutating func append(
    rows: Range<Int>, of texts: OriginalTexts, to folded: inout FoldedSegment, byteLimit: Int
  ) -> Int {
    var row = rows.lowerBound
    guard cache.plainScanKernel != .portable else {
      while row < rows.upperBound && folded.bytes.count < byteLimit {
        append(texts.text(ofRow: row), to: &folded)
        row += 1
      }
      return row - rows.lowerBound
    }
    let room = BatchRoom.self
    withUnsafeTemporaryAllocation(byteCount: room.byteCount, alignment: 64) { raw in
      let base = raw.baseAddress!
      var batch = tsb_fold_batch()
      batch.texts = texts.bytes.baseAddress
      batch.offsets = texts.offsets.baseAddress
      batch.lengths = texts.lengths.baseAddress
      batch.row_ends = (base + room.rowEndsOffset).bindMemory(to: UInt32.self, capacity: room.rows)
      batch.row_flags = (base + room.rowFlagsOffset).bindMemory(to: UInt8.self, capacity: room.rows)
      batch.row_capacity = room.rows
      batch.complex_rows = (base + room.complexRowsOffset).bindMemory(
        to: UInt32.self, capacity: room.rows)
      batch.complex_row_words = (base + room.complexRowWordsOffset).bindMemory(
        to: UInt32.self, capacity: room.rows)
      batch.words = (base + room.wordsOffset).bindMemory(to: UInt64.self, capacity: room.words)
      batch.inside = (base + room.insideOffset).bindMemory(to: UInt64.self, capacity: 64)
      batch.inside.initialize(repeating: 0, count: 64)
      batch.ascii_inside_after = (base + room.asciiInsideAfterOffset).bindMemory(
        to: UInt64.self, capacity: 2 * 129)
      batch.ascii_inside_after.initialize(repeating: 0, count: 2 * 129)
      batch.remapped_rows = (base + room.remappedRowsOffset).bindMemory(
        to: UInt32.self, capacity: room.rows)
      batch.remap_ends = (base + room.remapEndsOffset).bindMemory(
        to: UInt32.self, capacity: room.rows)
      batch.remap_points = (base + room.remapPointsOffset).bindMemory(
        to: UInt32.self, capacity: 2 * room.remapPairs)
      batch.remap_pair_capacity = room.remapPairs
      while row < rows.upperBound && folded.bytes.count < byteLimit {
        // A batch ends where the cache is to learn blocks whole.
        let end =
          rowsFolded < Self.rowsBeforeWholeBlocks
          ? min(rows.upperBound, row + Self.rowsBeforeWholeBlocks - rowsFolded) : rows.upperBound
        batch.row = row
        batch.end_row = end
        batch.byte_limit = byteLimit
        batch.byte_base = folded.bytes.count
        batch.byte_count = 0
        batch.row_base = folded.rowFlags.count
        batch.row_count = 0
        batch.word_base = folded.nonBoundaryBits.count
        batch.word_count = 0
        batch.complex_count = 0
        batch.remapped_count = 0
        batch.remap_pair_count = 0
        // (A long row folded alone gives back the room its items took.)
        if plainItems.count < Self.batchItemCapacity {
          plainItems = Array(repeating: 0, count: Self.batchItemCapacity)
        }
        if markOffsets.count < Self.batchItemCapacity {
          markOffsets = Array(repeating: 0, count: Self.batchItemCapacity)
        }
        func foldBatch() -> Int32 {
          plainItems.withUnsafeMutableBufferPointer { items in
            markOffsets.withUnsafeMutableBufferPointer { marks in
              batch.items = items.baseAddress
              batch.marks = marks.baseAddress
              batch.item_capacity = min(items.count, marks.count)
              return cache.foldPlainRows(&batch)
            }
          }
        }
        // The rows are folded straight into the segment's spare room where it has enough,
        // else into the batch's room and copied (a segment's last batch, mostly).
        let spare = folded.bytes.capacity - folded.bytes.count
        let inPlace = spare >= Self.leastRoomInPlace
        var stop = TSB_BATCH_FILLED
        if inPlace {
          folded.bytes.append(addingCapacity: min(spare, room.bytes)) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
              batch.bytes = buffer.baseAddress
              batch.byte_capacity = buffer.count
              stop = foldBatch()
              initialized = batch.byte_count
            }
          }
        } else {
          batch.bytes = base.assumingMemoryBound(to: UInt8.self)
          batch.byte_capacity = room.bytes
          stop = foldBatch()
        }
        Self.add(&batch, to: &folded, bytesInPlace: inPlace)
        countRows(batch.row_count)
        row = batch.row
        switch stop {
        case TSB_BATCH_DECLINED:
          countRows(1)
          appendWalked(
            texts.text(ofRow: row), to: &folded, firstStretch: PlainStretch(batch.stretch))
          row += 1
        case TSB_BATCH_TOO_LONG:
          append(texts.text(ofRow: row), to: &folded)
          row += 1
        default:
          break
        }
      }
    }
    return row - rows.lowerBound
  }

  /// Items a row folded in a batch may have: rows longer are folded alone.
  private static let batchItemCapacity = 1 << 12

  /// The least spare room of a segment's bytes that a batch folds into in place: less
  /// would hold too few rows to be worth a call. Folding into the segment, the rows are
  /// not copied there from the batch's room (a copy of every byte folded: memmove took 6%
  /// of folding mixed-1m on one core).
  private static let leastRoomInPlace = 1 << 12

  /// The room of a batch of ``append(rows:of:to:byteLimit:)``, in one allocation: bytes
  /// enough for the rows to stay in the level-2 cache until added to the segment.
  private enum BatchRoom {
    static let bytes = 1 << 16
    static let rows = 1 << 11
    static let words = bytes / 64 + rows
    static let rowEndsOffset = bytes
    static let rowFlagsOffset = rowEndsOffset + rows * 4
    static let complexRowsOffset = rowFlagsOffset + rows
    static let complexRowWordsOffset = complexRowsOffset + rows * 4
    static let wordsOffset = complexRowWordsOffset + rows * 4
    static let insideOffset = wordsOffset + words * 8
    static let asciiInsideAfterOffset = insideOffset + 64 * 8
    /// Offset pairs for a quarter of the bytes: rows that change length mostly do so a
    /// few times (Thai without diacritics, a dropped mark every 10 bytes or so).
    static let remapPairs = bytes / 4
    static let remappedRowsOffset = asciiInsideAfterOffset + 2 * 129 * 8
    static let remapEndsOffset = remappedRowsOffset + rows * 4
    static let remapPointsOffset = remapEndsOffset + rows * 4
    static let byteCount = remapPointsOffset + 2 * remapPairs * 4
  }

  /// Adds to `folded` the rows `batch` folded; with `bytesInPlace`, their bytes are in
  /// `folded` already.
  private static func add(
    _ batch: inout tsb_fold_batch, to folded: inout FoldedSegment, bytesInPlace: Bool
  ) {
    guard batch.row_count > 0 else { return }
    if !bytesInPlace {
      folded.bytes.append(
        contentsOf: UnsafeBufferPointer(start: batch.bytes, count: batch.byte_count))
    }
    precondition(folded.bytes.count <= Int(UInt32.max), "The folded corpus is limited to 4 GiB")
    folded.rowStarts.append(
      contentsOf: UnsafeBufferPointer(start: batch.row_ends, count: batch.row_count))
    // A row's flags are its byte.
    UnsafeRawPointer(batch.row_flags).withMemoryRebound(
      to: FoldedSegment.RowFlags.self, capacity: batch.row_count
    ) { flags in
      folded.rowFlags.append(contentsOf: UnsafeBufferPointer(start: flags, count: batch.row_count))
    }
    if batch.remapped_count > 0 {
      let pairsBefore = UInt32(folded.remapPoints.count / 2)
      folded.remappedRows.append(
        contentsOf: UnsafeBufferPointer(start: batch.remapped_rows, count: batch.remapped_count))
      folded.remapStarts.append(
        contentsOf: UnsafeBufferPointer(start: batch.remap_ends, count: batch.remapped_count)
          .lazy.map { pairsBefore + $0 })
      folded.remapPoints.append(
        contentsOf: UnsafeBufferPointer(
          start: batch.remap_points, count: 2 * batch.remap_pair_count))
    }
    guard batch.complex_count > 0 else { return }
    folded.complexRows.append(
      contentsOf: UnsafeBufferPointer(start: batch.complex_rows, count: batch.complex_count))
    folded.complexRowWords.append(
      contentsOf: UnsafeBufferPointer(start: batch.complex_row_words, count: batch.complex_count))
    folded.nonBoundaryBits.append(
      contentsOf: UnsafeBufferPointer(start: batch.words, count: batch.word_count))
    if folded.nonASCIIInsideCharacters.isEmpty {
      folded.nonASCIIInsideCharacters = InsideCharacters.empty
    }
    folded.nonASCIIInsideCharacters.withUnsafeMutableBufferPointer { inside in
      for word in 0..<inside.count {
        inside[word] |= batch.inside[word]
        batch.inside[word] = 0
      }
    }
    guard batch.ascii_inside != 0 else { return }
    if folded.asciiInsideAfter.isEmpty {
      folded.asciiInsideAfter = Array(repeating: 0, count: 129)
    }
    let after = batch.ascii_inside_after!
    for entry in 0..<129 {
      folded.asciiInsideAfter[entry] |=
        UInt128(after[2 * entry]) | UInt128(after[2 * entry + 1]) << 64
      after[2 * entry] = 0
      after[2 * entry + 1] = 0
    }
    batch.ascii_inside = 0
  }

  /// Folds a row that is not plain ASCII by the scalar walk, from `firstStretch` (the
  /// plain stretch from its start, its items in `plainItems`) when the kernel scanned it.
  private mutating func appendWalked(
    _ text: UnsafeBufferPointer<UInt8>, to folded: inout FoldedSegment,
    firstStretch: PlainStretch?
  ) {
    // Most rows leave both empty, and emptying an empty array still costs a call.
    if !nonBoundaries.isEmpty { nonBoundaries.removeAll(keepingCapacity: true) }
    markCount = 0
    if !remapPoints.isEmpty { remapPoints.removeAll(keepingCapacity: true) }
    changesWordBreak = false
    let start = folded.bytes.count
    foldMixedRow(text, into: &folded, firstStretch: firstStretch)
    if !inPlaceKeys.isEmpty { writeInPlaceKeys(rowStart: start, in: &folded) }
    Self.lowercaseASCII(in: &folded.bytes, from: start, kernel: cache.plainScanKernel)
    var flags: FoldedSegment.RowFlags = changesWordBreak ? .changesWordBreak : []
    let rowStart = Int(folded.rowStarts[folded.rowStarts.count - 1])
    if !nonBoundaries.isEmpty || markCount > 0 {
      flags.insert(.isComplex)
      let firstWord = Self.addBoundaryTable(
        rowLength: folded.bytes.count - rowStart, to: &folded)
      // Through buffer pointers: a row of an Indic script or Thai has dozens of offsets.
      var hasASCIIInside = false
      folded.nonBoundaryBits.withUnsafeMutableBufferPointer { bits in
        folded.nonASCIIInsideCharacters.withUnsafeMutableBufferPointer { nonASCIIInside in
          folded.bytes.withUnsafeBufferPointer { bytes in
            let words = bits.baseAddress! + firstWord
            let row = UnsafeBufferPointer(rebasing: bytes[rowStart...])
            // Offsets within the row, which is shorter than 4 GiB: no check for overflow.
            @inline(__always) func note(_ offset: UInt32) {
              words[Int(offset &>> 6)] |= 1 &<< UInt64(offset & 63)
              InsideCharacters.insert(
                UTF8Scalars.decode(row, at: Int(offset)).scalar, into: nonASCIIInside)
            }
            markOffsets.withUnsafeBufferPointer { marks in
              // A mark is never ASCII.
              tsb_note_inside_characters(
                row.baseAddress, marks.baseAddress, markCount, words, nonASCIIInside.baseAddress)
            }
            for offset in nonBoundaries {
              if row[offset] < 0x80 {
                hasASCIIInside = true
                words[offset &>> 6] |= 1 &<< UInt64(offset & 63)
              } else {
                note(UInt32(truncatingIfNeeded: offset))
              }
            }
          }
        }
      }
      if hasASCIIInside {
        flags.insert(.hasASCIIInsideCharacters)
        if folded.asciiInsideAfter.isEmpty {
          folded.asciiInsideAfter = Array(repeating: 0, count: 129)
        }
        // (A scalar start inside a character is never its first byte.)
        for offset in nonBoundaries where folded.bytes[rowStart + offset] < 0x80 {
          let before = min(Int(folded.bytes[rowStart + offset - 1]), 128)
          folded.asciiInsideAfter[before] |= 1 << UInt128(folded.bytes[rowStart + offset])
        }
      }
    }
    // A long row's marks give back their room only now, once the boundary table holds them.
    if markOffsets.count > Self.keptItemsCapacity { markOffsets = [] }
    if !remapPoints.isEmpty {
      flags.insert(.isRemapped)
      folded.remappedRows.append(UInt32(folded.rowFlags.count))
      folded.remapPoints += remapPoints
      folded.remapStarts.append(UInt32(folded.remapPoints.count / 2))
    }
    finishRow(flags: flags, in: &folded)
  }

  /// Folds a row in one call where the vector kernel passes over all of it (see
  /// ``CharacterKeyCache/foldPlainRow(_:into:items:marks:)``); where it does not, adds
  /// nothing and returns the stretch from the row's start for the walk, its items in
  /// `plainItems`. Most rows fold so (on `mixed-100k`, 91% of those not plain ASCII).
  private mutating func foldPlainRow(
    _ text: UnsafeBufferPointer<UInt8>, into folded: inout FoldedSegment
  ) -> CharacterKeyCache.PlainRowFold {
    if plainItems.count < text.count { plainItems = Array(repeating: 0, count: text.count) }
    if markOffsets.count < text.count { markOffsets = Array(repeating: 0, count: text.count) }
    let rowStart = folded.bytes.count
    folded.bytes.append(contentsOf: text)
    let fold = folded.bytes.withUnsafeMutableBufferPointer { bytes in
      plainItems.withUnsafeMutableBufferPointer { items in
        markOffsets.withUnsafeMutableBufferPointer { marks in
          cache.foldPlainRow(text, into: bytes.baseAddress! + rowStart, items: items, marks: marks)
        }
      }
    }
    guard case .folded(let marks, let changesWordBreak) = fold else {
      folded.bytes.removeLast(text.count)
      return fold
    }
    var flags: FoldedSegment.RowFlags = changesWordBreak ? .changesWordBreak : []
    if marks > 0 {
      flags.insert(.isComplex)
      let firstWord = Self.addBoundaryTable(rowLength: text.count, to: &folded)
      // Read from the text: a mark keeps its bytes.
      folded.nonBoundaryBits.withUnsafeMutableBufferPointer { bits in
        folded.nonASCIIInsideCharacters.withUnsafeMutableBufferPointer { inside in
          markOffsets.withUnsafeBufferPointer { offsets in
            tsb_note_inside_characters(
              text.baseAddress, offsets.baseAddress, marks, bits.baseAddress! + firstWord,
              inside.baseAddress)
          }
        }
      }
    }
    if plainItems.count > Self.keptItemsCapacity { plainItems = [] }
    if markOffsets.count > Self.keptItemsCapacity { markOffsets = [] }
    finishRow(flags: flags, in: &folded)
    return fold
  }

  /// Adds an empty boundary table for the row being folded, `rowLength` bytes, and the
  /// set of scalars inside characters if the segment has none yet; returns the table's
  /// first word in `nonBoundaryBits`.
  private static func addBoundaryTable(rowLength: Int, to folded: inout FoldedSegment) -> Int {
    folded.complexRows.append(UInt32(folded.rowFlags.count))
    folded.complexRowWords.append(UInt32(folded.nonBoundaryBits.count))
    let firstWord = folded.nonBoundaryBits.count
    folded.nonBoundaryBits.append(contentsOf: repeatElement(0, count: rowLength / 64 + 1))
    if folded.nonASCIIInsideCharacters.isEmpty {
      folded.nonASCIIInsideCharacters = InsideCharacters.empty
    }
    return firstWord
  }

  /// The scalar walk described above, for a row that is not plain ASCII.
  private mutating func foldMixedRow(
    _ text: UnsafeBufferPointer<UInt8>, into folded: inout FoldedSegment,
    firstStretch: PlainStretch?
  ) {
    var row = RowState(rowStart: folded.bytes.count)
    var previous = CharacterKeyCache.ScalarInfo(rawValue: 0)  // the last scalar's
    var characterStart = 0  // original offset of the character being built
    var characterScalars = 0  // 0 before the first scalar and after a plain stretch's end
    var firstInfo = CharacterKeyCache.ScalarInfo(rawValue: 0)  // its first scalar's
    var characterIsPlain = false  // a simple scalar and plain marks so far
    var position = 0
    if plainItems.count < text.count { plainItems = Array(repeating: 0, count: text.count) }
    // A row holds fewer marks than bytes.
    if markOffsets.count < text.count { markOffsets = Array(repeating: 0, count: text.count) }
    // (Items are offsets below 2^30, see `CharacterKeyCache.droppedItem`.)
    let scansPlainCharacters = text.count < 1 << 30
    while position < text.count {
      let (scalar, length) = UTF8Scalars.decode(text, at: position)
      let info = cache.info(scalar)
      let isBoundary =
        characterScalars == 0
        || cache.breaks(
          after: UnsafeBufferPointer(rebasing: text[characterStart..<position]), last: previous,
          before: scalar, info, plain: characterIsPlain)
      if isBoundary {
        if characterScalars > 0 {
          emitCharacter(
            text, characterStart..<position, scalars: characterScalars, first: firstInfo,
            row: &row, into: &folded)
        }
        characterStart = position
        characterScalars = 0
        if info.isSimple && scansPlainCharacters {
          // Most text is plain characters (a simple scalar and plain marks): pass over
          // them in a tight loop, then go on from the character it could not finish.
          // The stretch from the row's start may be known already, its items listed.
          let stretch =
            position == 0 && firstStretch != nil
            ? firstStretch!
            : plainItems.withUnsafeMutableBufferPointer {
              cache.scanPlainCharacters(in: text, from: position, items: $0)
            }
          if stretch.stop > position {
            applyPlainItems(stretch.itemCount, text, row: &row, into: &folded)
            position = stretch.stop
            characterStart = stretch.pending
            characterScalars = stretch.pendingScalars
            if characterScalars > 0 {
              firstInfo = cache.info(UTF8Scalars.decode(text, at: characterStart).scalar)
              let last = UTF8Scalars.decode(text, at: stretch.lastScalar).scalar
              previous = cache.info(last)
              // The stretch joins a zero width joiner (and a pictograph after it), a
              // second regional indicator, and an Indic conjunct linker and the consonant
              // after it too, which are not plain marks; it stops right after a linker
              // whose next scalar it leaves to the walk, which may join it (GB9c).
              characterIsPlain =
                firstInfo.isSimple
                && (characterScalars == 1
                  || (!cache.isConjunctLinker(last)
                    && !Self.holdsJoiner(
                      UnsafeBufferPointer(rebasing: text[characterStart..<position]))))
            }
            continue
          }
        }
      }
      if characterScalars == 0 {
        firstInfo = info
        characterIsPlain = info.isSimple
      } else {
        characterIsPlain = characterIsPlain && info.isPlainMark
      }
      characterScalars += 1
      previous = info
      position += length
    }
    if characterScalars > 0 {
      emitCharacter(
        text, characterStart..<position, scalars: characterScalars, first: firstInfo, row: &row,
        into: &folded)
    }
    appendOriginal(text, row.runStart..<text.count, to: &folded)
    if plainItems.count > Self.keptItemsCapacity { plainItems = [] }
  }

  /// Whether `character` holds a zero width joiner (U+200D, E2 80 8D).
  private static func holdsJoiner(_ character: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index + 3 <= character.count {
      if character[index] == 0xE2 && character[index + 1] == 0x80 && character[index + 2] == 0x8D {
        return true
      }
      index += 1
    }
    return false
  }

  /// Records what a plain stretch listed: the key of each character that is not its
  /// own, and each mark's offset, which is no character boundary.
  @inline(__always)
  private mutating func applyPlainItems(
    _ count: Int, _ text: UnsafeBufferPointer<UInt8>, row: inout RowState,
    into folded: inout FoldedSegment
  ) {
    var index = 0
    while index < count {
      let item = plainItems[index]
      guard item & CharacterKeyCache.keyedItem != 0 else {
        if item & CharacterKeyCache.droppedItem != 0 {
          index += 1
          dropMark(at: Int(item & ~CharacterKeyCache.droppedItem), text, row: &row, into: &folded)
          continue
        }
        // The marks up to the next keyed character or dropped mark, which may change
        // the shift.
        index = appendMarks(
          from: index, to: count,
          shift: folded.bytes.count - row.rowStart - row.runStart)
        continue
      }
      index += 1
      let offset = Int(item & ~CharacterKeyCache.keyedItem)
      let (scalar, length) = UTF8Scalars.decode(text, at: offset)
      let info = cache.info(scalar)
      if info.keyLength == length && cache.keyIsOneScalar(info) {
        // Copied with its run, then overwritten: no run split, no change of length.
        if info.changesWordBreak { changesWordBreak = true }
        inPlaceKeys.append(UInt32(folded.bytes.count - row.rowStart + offset - row.runStart))
        inPlaceKeys.append(UInt32(info.keyOffset))
        continue
      }
      emitCharacter(
        text, offset..<offset + length, scalars: 1, first: info, row: &row, into: &folded)
    }
  }

  /// Leaves out of the row the mark at `offset`, whose key is empty (see
  /// ``PlainCharacterClass/dropped``), inside a character the pending run holds: the run
  /// so far is appended and a new one starts after the mark, and the offsets after it
  /// are remapped. Marks dropped one after another share one remap pair, which then ends
  /// after the last of them, as the walk's one pair after the whole character would.
  private mutating func dropMark(
    at offset: Int, _ text: UnsafeBufferPointer<UInt8>, row: inout RowState,
    into folded: inout FoldedSegment
  ) {
    let end = offset + UTF8Scalars.sequenceLength(lead: text[offset])
    appendOriginal(text, row.runStart..<offset, to: &folded)
    row.runStart = end
    // A key that is not the character's own: word boundaries are the original's.
    changesWordBreak = true
    let foldedEnd = UInt32(folded.bytes.count - row.rowStart)
    let count = remapPoints.count
    if count >= 2 && remapPoints[count - 2] == foldedEnd && remapPoints[count - 1] == offset {
      remapPoints[count - 1] = UInt32(end)
    } else {
      remapPoints.append(foldedEnd)
      remapPoints.append(UInt32(end))
    }
  }

  /// Adds to `markOffsets` the marks listed in `plainItems` from `first` on, up to the
  /// first keyed character or dropped mark, or `count`, each at its original offset plus
  /// `shift`; returns where it stopped.
  @inline(__always)
  private mutating func appendMarks(from first: Int, to count: Int, shift: Int) -> Int {
    var end = first
    var written = markCount
    // Negative where keys before were shorter than their characters: the sums wrap back.
    let shift = UInt32(truncatingIfNeeded: shift)
    markOffsets.withUnsafeMutableBufferPointer { marks in
      plainItems.withUnsafeBufferPointer { items in
        while end < count
          && items[end] & (CharacterKeyCache.keyedItem | CharacterKeyCache.droppedItem) == 0
        {
          marks[written] = items[end] &+ shift
          written += 1
          end += 1
        }
      }
    }
    markCount = written
    return end
  }

  /// Overwrites the characters ``inPlaceKeys`` lists with their keys, in the row that
  /// starts at `rowStart`, and empties it.
  private mutating func writeInPlaceKeys(rowStart: Int, in folded: inout FoldedSegment) {
    folded.bytes.withUnsafeMutableBufferPointer { bytes in
      cache.keyBytes.withUnsafeBufferPointer { keys in
        for pair in stride(from: 0, to: inPlaceKeys.count, by: 2) {
          let at = rowStart + Int(inPlaceKeys[pair])
          let key = Int(inPlaceKeys[pair + 1])
          for index in 0..<UTF8Scalars.sequenceLength(lead: keys[key]) {
            bytes[at + index] = keys[key + index]
          }
        }
      }
    }
    inPlaceKeys.removeAll(keepingCapacity: true)
  }

  /// Where the current row stands: its start in the folded buffer, and the original
  /// offset where the pending run of characters whose keys are themselves begins.
  private struct RowState {
    var rowStart: Int
    var runStart = 0
  }

  /// Adds one character: nothing yet if its key is itself (it joins the pending run),
  /// else the pending run and then its key.
  @inline(__always)
  private mutating func emitCharacter(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, scalars: Int,
    first: CharacterKeyCache.ScalarInfo, row: inout RowState, into folded: inout FoldedSegment
  ) {
    if scalars == 1 {
      if first.isIdentity { return }
      if first.changesWordBreak { changesWordBreak = true }
      appendOriginal(text, row.runStart..<range.lowerBound, to: &folded)
      appendKey(at: first.keyOffset, length: first.keyLength, to: &folded)
      finishChangedCharacter(range, keyLength: first.keyLength, row: &row, in: folded)
      return
    }
    let cluster = cache.cluster(UnsafeBufferPointer(rebasing: text[range]))
    if cluster.isIdentity {
      // Still in the run: its scalar starts after the first are not boundaries.
      let foldedStart = folded.bytes.count - row.rowStart + (range.lowerBound - row.runStart)
      for offset in (range.lowerBound + 1)..<range.upperBound where text[offset] & 0xC0 != 0x80 {
        nonBoundaries.append(foldedStart + offset - range.lowerBound)
      }
      return
    }
    changesWordBreak = true
    appendOriginal(text, row.runStart..<range.lowerBound, to: &folded)
    appendKey(at: cluster.keyOffset, length: cluster.keyLength, to: &folded)
    finishChangedCharacter(range, keyLength: cluster.keyLength, row: &row, in: folded)
  }

  /// After appending the key of a character that is not its own key: note a change of
  /// length and the key's inner scalar starts, and start a new run after it. A character
  /// whose key is empty (a lone mark, diacritics ignored) also notes the offset before
  /// it, so that every original boundary folding to the same offset can be found.
  @inline(__always)
  private mutating func finishChangedCharacter(
    _ range: Range<Int>, keyLength: Int, row: inout RowState, in folded: FoldedSegment
  ) {
    row.runStart = range.upperBound
    let end = folded.bytes.count
    if keyLength == 0 {
      remapPoints.append(UInt32(end - row.rowStart))
      remapPoints.append(UInt32(range.lowerBound))
    }
    if keyLength != range.count {
      remapPoints.append(UInt32(end - row.rowStart))
      remapPoints.append(UInt32(range.upperBound))
    }
    guard keyLength > 1 else { return }
    for offset in (end - keyLength + 1)..<end where folded.bytes[offset] & 0xC0 != 0x80 {
      nonBoundaries.append(offset - row.rowStart)
    }
  }

  /// Appends the key at `offset` of the cache's key bytes. Through a buffer pointer: an
  /// `ArraySlice` of them retained and released the key bytes, and took the generic append,
  /// at every keyed character.
  @inline(__always)
  private func appendKey(at offset: Int, length: Int, to folded: inout FoldedSegment) {
    cache.keyBytes.withUnsafeBufferPointer { keys in
      folded.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: keys[offset..<offset + length]))
    }
  }

  @inline(__always)
  private func appendOriginal(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, to folded: inout FoldedSegment
  ) {
    if !range.isEmpty {
      folded.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
    }
  }

  /// Lowercases A–Z from `start` on. Keys never hold an ASCII capital (every one folds to
  /// its small letter), so runs copied from the original text are fixed up here, in one
  /// pass, instead of character by character. A vector at a time where the CPU runs a
  /// vector fold kernel.
  func lowercaseASCII(in bytes: inout [UInt8], from start: Int) {
    Self.lowercaseASCII(in: &bytes, from: start, kernel: cache.plainScanKernel)
  }

  /// ``lowercaseASCII(in:from:)`` with `kernel`'s pair. Static, so that a mutating caller
  /// need not copy the builder, and with it retain every table of its cache, to call it.
  static func lowercaseASCII(in bytes: inout [UInt8], from start: Int, kernel: PlainScanKernel) {
    // (An empty range: an empty array need not give the C kernels a pointer.)
    guard start < bytes.count else { return }
    switch kernel {
    case .portable: Self.lowercaseASCIIPortably(in: &bytes, from: start)
    case .avx2:
      bytes.withUnsafeMutableBufferPointer {
        tsb_lowercase_ascii_avx2($0.baseAddress! + start, $0.count - start)
      }
    case .avx512:
      bytes.withUnsafeMutableBufferPointer {
        tsb_lowercase_ascii_avx512($0.baseAddress! + start, $0.count - start)
      }
    }
  }

  /// ``lowercaseASCII(in:from:)`` in Swift, for every CPU.
  static func lowercaseASCIIPortably(in bytes: inout [UInt8], from start: Int) {
    bytes.withUnsafeMutableBufferPointer { bytes in
      for index in start..<bytes.count {
        let byte = bytes[index]
        bytes[index] = byte &+ ((byte &- 0x41) < 26 ? 0x20 : 0)
      }
    }
  }

  private mutating func finishRow(flags: FoldedSegment.RowFlags, in folded: inout FoldedSegment) {
    folded.bytes.append(0xFF)
    precondition(folded.bytes.count <= Int(UInt32.max), "The folded corpus is limited to 4 GiB")
    folded.rowStarts.append(UInt32(folded.bytes.count))
    folded.rowFlags.append(flags)
  }

  /// Whether every byte is ASCII and none is a carriage return (which joins a
  /// following line feed into one character); a vector at a time where the CPU runs a
  /// vector fold kernel.
  func isPlainASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    Self.isPlainASCII(text, kernel: cache.plainScanKernel)
  }

  /// ``isPlainASCII(_:)`` with `kernel`'s pair (static, as ``lowercaseASCII(in:from:kernel:)``).
  static func isPlainASCII(_ text: UnsafeBufferPointer<UInt8>, kernel: PlainScanKernel) -> Bool {
    switch kernel {
    case .portable: Self.isPlainASCIIPortably(text)
    case .avx2: text.isEmpty || tsb_is_plain_ascii_avx2(text.baseAddress!, text.count) != 0
    case .avx512: text.isEmpty || tsb_is_plain_ascii_avx512(text.baseAddress!, text.count) != 0
    }
  }

  /// ``isPlainASCII(_:)`` in Swift, for every CPU.
  static func isPlainASCIIPortably(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    var index = 0
    // A byte of the word is a carriage return exactly when that byte of `word ^ CRs` is
    // zero; the classic zero-byte test can also flag a byte above a true zero, but then
    // the word holds a carriage return anyway, so the answer is right.
    while index + 8 <= text.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let returns = word ^ (ones &* 0x0D)
      if (word | ((returns &- ones) & ~returns)) & (ones &* 0x80) != 0 { return false }
      index += 8
    }
    while index < text.count {
      let byte = text[index]
      if byte >= 0x80 || byte == 0x0D { return false }
      index += 1
    }
    return true
  }

}
