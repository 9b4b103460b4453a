import CScanKernels

/// One search of one segment in progress: where it is, what it found, and cursors into
/// the per-row tables that only move forward, since occurrences arrive in order.
///
/// The path from an occurrence to a match is kept short because a dense keyword takes
/// it for most rows: in a simple row (every scalar a character, no remapped offsets) a
/// match needs no check at all, since the key is whole scalars of valid UTF-8 and so
/// begins and ends on scalar boundaries wherever its bytes occur.
struct Scan {
  let segment: FoldedSegment.View
  let index: Int
  let rowBase: Int
  let range: Range<Int>
  let key: UnsafeBufferPointer<UInt8>
  /// The row holding the last occurrence, and its bounds in the buffer.
  var row: Int
  var rowStart: Int
  var rowEnd: Int
  var complexCursor = 0
  var remappedCursor = 0
  /// The matches found, after those written to `matchRoom`.
  var matches: [Match] = []
  /// Room reserved for the matches, written in place until a batch does not fit.
  var matchRoom = MatchRoom()
  let collectingOccurrences: Bool
  var occurrences: [UInt64] = []
  /// For each occurrence, the two bytes after the key (0xFF past the buffer's end), so
  /// that a longer key can be narrowed to without reading the buffer again.
  var following: [UInt16] = []
  /// For each occurrence, its row in the segment, so that a narrowing to a longer key
  /// need not search the row table for it.
  var occurrenceRows: [UInt32] = []
  /// Where the next match may start: the end of the previous one.
  var nextAllowed = 0
  /// Which ends of a match must also be word boundaries, decided on `originals`.
  let wordMatch: SearchOptions.WordMatch
  /// The texts of the corpus the segment was folded from; needed only for word matching.
  let originals: OriginalTexts?

  /// A scan of rows `rows` of `segment`, the segment at `index`, whose first row is row
  /// `rowBase` of the corpus.
  init(
    segment: FoldedSegment.View, index: Int, rowBase: Int, rows: Range<Int>,
    key: UnsafeBufferPointer<UInt8>, collectingOccurrences: Bool,
    wordMatch: SearchOptions.WordMatch = .contains, originals: OriginalTexts? = nil
  ) {
    precondition(
      wordMatch == .contains || originals != nil, "Word matching needs the original text")
    self.wordMatch = wordMatch
    self.originals = originals
    self.segment = segment
    self.index = index
    self.rowBase = rowBase
    self.key = key
    self.collectingOccurrences = collectingOccurrences
    let rowStarts = segment.rowStarts
    // (The last row ends where the bytes do: a narrowing that visits hundreds of
    // segments for a few places each need not wait for the table's last line.)
    let end =
      rows.upperBound == segment.rowFlags.count
      ? segment.bytes.count : Int(rowStarts[rows.upperBound])
    self.range = Int(rowStarts[rows.lowerBound])..<end
    row = rows.lowerBound
    rowStart = Int(rowStarts[row])
    rowEnd = Int(rowStarts[row + 1])
    let first = UInt32(row)
    complexCursor = Self.lowerBound(of: first, in: segment.complexRows, from: 0)
    remappedCursor = Self.lowerBound(of: first, in: segment.remappedRows, from: 0)
  }

  /// How many matches the scan holds, in `matchRoom` and `matches`.
  var found: Int { matchRoom.used + matches.count }

  /// The segment's folded bytes.
  var buffer: UnsafeBufferPointer<UInt8> { segment.bytes }
  var rowStarts: UnsafeBufferPointer<UInt32> { segment.rowStarts }
  var rowFlags: UnsafeBufferPointer<FoldedSegment.RowFlags> { segment.rowFlags }

  /// Runs `kernel` over the starts in `from..<to` (occurrences may end past `to`, up to
  /// the scan's range) and accepts what it finds. With `probing`, unless `offsets` asks
  /// for it already, the kernel counts rows after the first ``ScanOffsets/rowCountingProbe``
  /// bytes if their matches are as frequent as ``ScanOffsets/rowCountingGap`` says.
  mutating func run(
    _ kernel: ScanKernel, from: Int, to: Int, offsets: ScanOffsets, probing: Bool = false
  ) {
    // The matches and the rows of a batch, and the kernel's output, in one allocation (the
    // allocation counts of the gate).
    let capacity = ScanKernel.outputCapacity
    let matchBytes = capacity * MemoryLayout<Match>.stride
    withUnsafeTemporaryAllocation(
      byteCount: matchBytes + 3 * capacity * MemoryLayout<UInt32>.stride,
      alignment: max(MemoryLayout<Match>.alignment, MemoryLayout<UInt32>.alignment)
    ) { raw in
      let staging = raw.baseAddress!.bindMemory(to: Match.self, capacity: capacity)
      let rowStaging = (raw.baseAddress! + matchBytes).bindMemory(
        to: UInt32.self, capacity: 3 * capacity)
      let room = rowStaging + capacity
      var offsets = offsets
      var from = from
      if probing && !offsets.countsRows && to - from > 2 * ScanOffsets.rowCountingProbe {
        let probed = from + ScanOffsets.rowCountingProbe
        let before = found
        scan(
          kernel, from: from, to: probed, offsets: offsets, room: room, staging: staging,
          rowStaging: rowStaging)
        offsets.learn(fromMatches: found - before, inBytes: ScanOffsets.rowCountingProbe)
        from = probed
      }
      scan(
        kernel, from: from, to: to, offsets: offsets, room: room, staging: staging,
        rowStaging: rowStaging)
    }
  }

  /// ``run(_:from:to:offsets:probing:)``'s work, with its buffers.
  @inline(__always)
  private mutating func scan(
    _ kernel: ScanKernel, from: Int, to: Int, offsets: ScanOffsets,
    room: UnsafeMutablePointer<UInt32>, staging: UnsafeMutablePointer<Match>,
    rowStaging: UnsafeMutablePointer<UInt32>
  ) {
    let end = min(to + key.count - 1, range.upperBound)
    guard from < end else { return }
    let request = tsb_scan(
      haystack: buffer.baseAddress, from: from, end: end, key: key.baseAddress,
      key_count: key.count, rare: offsets.rare, second: offsets.second, third: offsets.third,
      third_always: offsets.thirdAlways ? 1 : 0, dense: offsets.isDense ? 1 : 0,
      crowded: offsets.isPacked ? TSB_PACKED : offsets.isCrowded ? 1 : 0, rows: nil, row: nil,
      prefetch: ScanKernel.prefetchDistance)
    // The kernel counts rows from the one holding `from`: the row cursor moves there, as
    // no occurrence before `from` is left to accept.
    if offsets.countsRows && from >= rowEnd && from < range.upperBound {
      row = Self.row(holding: from, after: row, in: rowStarts)
      rowStart = Int(rowStarts[row])
      rowEnd = Int(rowStarts[row + 1])
    }
    let firstRow = offsets.countsRows && from >= rowStart && from < rowEnd ? row : nil
    kernel.forEachBatch(of: request, firstRow: firstRow, room: room) { starts, rows in
      accept(starts, rows: rows, staging: staging, rowStaging: rowStaging)
    }
  }

  /// Accepts, among `candidates` (ascending `segment << 32 | offset` in this segment),
  /// those where the key's bytes occur, a batch at a time. `rows`, when given, holds
  /// each candidate's row in the segment.
  /// With `alreadyVerified`, every candidate is known to hold the key (the bytes kept
  /// after a shorter key's occurrence covered the rest of it): none is read again.
  mutating func verifyAndAccept(
    _ candidates: ArraySlice<UInt64>, rows: ArraySlice<UInt32>? = nil,
    alreadyVerified: Bool = false
  ) {
    precondition(rows == nil || rows!.count == candidates.count, "A row for each candidate")
    touch(candidates, rows: rows)
    let capacity = ScanKernel.outputCapacity
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 3 * capacity) { verified in
      withUnsafeTemporaryAllocation(of: Match.self, capacity: capacity) { staging in
        // The starts verified, and after them in the same allocation, their rows and the
        // rows of the occurrences accepted.
        let verifiedRows = verified.baseAddress! + capacity
        let rowStaging = verifiedRows + capacity
        var count = 0
        var position = rows?.startIndex ?? 0
        for candidate in candidates {
          let start = Int(candidate & 0xFFFF_FFFF)
          defer { position += 1 }
          guard alreadyVerified || keyOccurs(at: start) else { continue }
          verified[count] = UInt32(start)
          if let rows { verifiedRows[count] = rows[position] }
          count += 1
          if count == capacity {
            accept(
              UnsafeBufferPointer(rebasing: verified[..<count]),
              rows: rows == nil ? nil : verifiedRows, staging: staging.baseAddress!,
              rowStaging: rowStaging)
            count = 0
          }
        }
        accept(
          UnsafeBufferPointer(rebasing: verified[..<count]),
          rows: rows == nil ? nil : verifiedRows, staging: staging.baseAddress!,
          rowStaging: rowStaging)
      }
    }
  }

  /// Reads, for each of `candidates` (places of a narrowing, not in cache), what
  /// verifying and accepting it will read: its bytes, and when the candidates are few
  /// for the segment's size, its row's entries (see `touch(at:)`). Even for one
  /// candidate, reads that wait for memory together where verifying the key, finding
  /// the row and reading its flags would wait one after another.
  @inline(__always)
  mutating func touch(_ candidates: ArraySlice<UInt64>, rows: ArraySlice<UInt32>?) {
    guard !candidates.isEmpty else { return }
    var touched: UInt32 = 0
    if let rows, candidates.count * 64 < buffer.count {
      // Rows known: the row's start and end, its flags and the bytes, no guessing.
      for (candidate, row) in zip(candidates, rows) {
        let row = Int(row)
        touched |= rowStarts[row] | rowStarts[row + 1] | UInt32(rowFlags[row].rawValue)
        touched |= touchBytes(at: Int(candidate & 0xFFFF_FFFF))
      }
    } else if candidates.count * Self.sparseGap < buffer.count {
      for candidate in candidates { touched |= touch(at: Int(candidate & 0xFFFF_FFFF)) }
    } else if candidates.count * 64 < buffer.count {
      // Closer together, but still a line of bytes or more apart: their bytes alone.
      for candidate in candidates { touched |= touchBytes(at: Int(candidate & 0xFFFF_FFFF)) }
    }
    // Never true; keeps the reads.
    if touched == UInt32.max { nextAllowed = max(nextAllowed, 0) }
  }

  /// Reads, for each of `starts` when they lie far apart (a narrowing, a rare keyword),
  /// what accepting it will read (see `touch(at:)`): memory not in cache, which the
  /// loop that accepts them would otherwise wait for one start at a time, each row
  /// lookup after the previous one. Read here, independently, the waits overlap.
  @inline(__always)
  mutating func touchIfSparse(_ starts: UnsafeBufferPointer<UInt32>) {
    guard starts.count >= 8,
      Int(starts[starts.count - 1]) - Int(starts[0]) > Self.sparseGap * starts.count
    else { return }
    var touched: UInt32 = 0
    for start in starts { touched |= touch(at: Int(start)) }
    // Never true; keeps the reads.
    if touched == UInt32.max { nextAllowed = max(nextAllowed, 0) }
  }

  /// The average distance in bytes between starts above which they are touched first: a
  /// line of row starts covers 16 rows, over a kilobyte of a transcript, so starts closer
  /// than that share lines that the accepting loop finds in cache anyway, and touching them
  /// would only add work.
  static let sparseGap = 2048

  /// Reads the key's bytes at `start` and the entries of the row tables that the row search
  /// for it reads, guessed from the segment's average row: the guessed row's start and
  /// flags, and the lines of row starts either side, where the search gallops when the
  /// guess is off. Returns the bits read, to be kept.
  @inline(__always)
  func touch(at start: Int) -> UInt32 {
    let rows = rowFlags.count
    let bytes = buffer.count
    let guess = min(rows - 1, start * rows / bytes)
    var touched = rowStarts[max(guess - 32, 0)] | rowStarts[max(guess - 16, 0)]
    touched |= rowStarts[guess] | UInt32(rowFlags[guess].rawValue)
    touched |= rowStarts[min(guess + 16, rows)] | rowStarts[min(guess + 32, rows)]
    return touched | touchBytes(at: start)
  }

  /// Reads the key's bytes at `start` and the bytes after it, on one line or two.
  @inline(__always)
  func touchBytes(at start: Int) -> UInt32 {
    let last = buffer.count - 1
    return UInt32(buffer[min(start, last)]) | UInt32(buffer[min(start + key.count, last)])
  }

  /// The two bytes at `position`, little-endian, 0xFF for those past the buffer's end
  /// (0xFF is never in a key).
  @inline(__always)
  func followingBytes(at position: Int) -> UInt16 {
    if position + 2 <= buffer.count {
      return UInt16(
        littleEndian: UnsafeRawPointer(buffer.baseAddress! + position).loadUnaligned(
          as: UInt16.self))
    }
    return position < buffer.count ? 0xFF00 | UInt16(buffer[position]) : 0xFFFF
  }

  /// Whether the key's bytes occur at `start`, within the scan's range.
  func keyOccurs(at start: Int) -> Bool {
    guard start >= range.lowerBound, start + key.count <= range.upperBound else { return false }
    for offset in 0..<key.count where buffer[start + offset] != key[offset] { return false }
    return true
  }

  /// Records the occurrences of the key's bytes at `starts` (ascending) and the matches
  /// among them. `rows`, when given, holds each start's row in the segment. The matches
  /// go to `matchRoom` in place while it has room for as many as there are starts, else
  /// to `staging`, which has that room, and are appended from there at once, not one by
  /// one; so are the rows in `rowStaging` (needed when collecting occurrences).
  @inline(__always)
  mutating func accept(
    _ starts: UnsafeBufferPointer<UInt32>, rows knownRows: UnsafePointer<UInt32>? = nil,
    staging batch: UnsafeMutablePointer<Match>, rowStaging: UnsafeMutablePointer<UInt32>? = nil
  ) {
    precondition(!collectingOccurrences || rowStaging != nil, "Occurrences need their rows")
    if starts.isEmpty { return }
    // In place while the room takes the whole batch, unless matches went past it already
    // (they come first).
    let inPlace = matches.isEmpty ? matchRoom.place(for: starts.count) : nil
    let staging = inPlace ?? batch
    // The tables in locals: for all the compiler knows, a match written through `staging`
    // may change `self`, and the loops would read each table's address from it again for
    // every start.
    let buffer = self.buffer
    let rowStarts = self.rowStarts
    let rowFlags = self.rowFlags
    // The remapped rows' cursors found by the pass that prefetches their pairs, for the
    // loop of rows known below, which searched for them again.
    var remapCursors: UnsafeMutablePointer<UInt32>? = nil
    if let knownRows {
      let cursors = collectingOccurrences ? nil : rowStaging
      if prefetchRemapsIfSparse(starts, rows: knownRows, cursors: cursors) {
        remapCursors = cursors
      }
    } else {
      touchIfSparse(starts)
    }
    if collectingOccurrences {
      let segment = UInt64(index) << 32
      occurrences.append(contentsOf: starts.lazy.map { segment | UInt64($0) })
      let keyCount = key.count
      for start in starts { following.append(followingBytes(at: Int(start) + keyCount)) }
    }
    // The cursors live in locals for the loop, so they stay in registers.
    var row = self.row
    var rowStart = self.rowStart
    var rowEnd = self.rowEnd
    var nextAllowed = self.nextAllowed
    let keyCount = key.count
    // A key that begins with an ASCII byte begins on a character boundary in any row
    // whose non-boundaries all fall on bytes that are not ASCII, and in any other row of
    // the segment unless that byte is one found inside a character (see
    // `FoldedSegment.asciiInsideCharacters`); a key that begins with another scalar,
    // unless that scalar may be found inside one (`nonASCIIInsideCharacters`). The same
    // for the scalar after the key, where an ASCII byte after it is also known to begin
    // a character unless it was found inside one right after the key's last byte
    // (`FoldedSegment.asciiInsideAfter`).
    let keyStartsASCII = key[0] < 0x80
    let inside = segment.asciiInsideCharacters
    let insideAfterKey =
      segment.asciiInsideAfter.isEmpty
      ? 0 : segment.asciiInsideAfter[min(Int(key[key.count - 1]), 128)]
    let nonASCIIInside = segment.nonASCIIInsideCharacters
    let keyStartsOutside =
      keyStartsASCII
      ? inside & 1 << UInt128(key[0]) == 0
      : !InsideCharacters.mayContain(UTF8Scalars.decode(key, at: 0).scalar, in: nonASCIIInside)
    @inline(__always) func boundariesKnown(_ flags: FoldedSegment.RowFlags, end: Int) -> Bool {
      let asciiInside = flags.contains(.hasASCIIInsideCharacters)
      guard keyStartsOutside || (keyStartsASCII && !asciiInside) else { return false }
      let following = buffer[end]
      if following < 0x80 {
        return !asciiInside || insideAfterKey & 1 << UInt128(following) == 0
      }
      return following == 0xFF
        || !InsideCharacters.mayContain(
          UTF8Scalars.decode(buffer, at: end).scalar, in: nonASCIIInside)
    }
    // Nonzero unless the key's first byte begins a character in every row without ASCII
    // bytes inside characters.
    let startUnknown: UInt32 = keyStartsOutside || keyStartsASCII ? 0 : 1
    // Both ends are boundaries in a row without flags, and in a complex row without ASCII
    // bytes inside characters when the key starts on a character and an ASCII byte follows
    // it (a case of `boundariesKnown`). Asked as one product, that is one branch the CPU
    // predicts, where asking about the flags first is a coin toss in mixed scripts.
    @inline(__always) func plainBoundaries(_ flags: FoldedSegment.RowFlags, end: Int) -> Bool {
      let unknown =
        UInt32(flags.rawValue & ~FoldedSegment.RowFlags.isComplex.rawValue)
        | UInt32(buffer[end] & 0x80) | startUnknown
      return UInt32(flags.rawValue) &* unknown == 0
    }
    let rowBase = UInt32(truncatingIfNeeded: self.rowBase)
    let checksWords = wordMatch != .contains
    var staged = 0
    var next = starts.startIndex
    while next < starts.endIndex {
      if let knownRows, !collectingOccurrences, !checksWords {
        // The path of most of a dense keyword's matches, in a loop of its own: rows known,
        // both ends known to be boundaries (as below), nothing else to record. Every start
        // that leaves it costs far more than its own work, so it takes every row whose
        // key's ends are known boundaries without its boundary table, and remapped rows
        // where both ends map to one original offset each: a twelfth of "a"'s time went to
        // the 2.5% of its matches in remapped rows.
        let keyCount32 = UInt32(truncatingIfNeeded: keyCount)
        let remappedRows = segment.remappedRows
        var remapped = remappedCursor
        defer { remappedCursor = remapped }
        while next < starts.endIndex {
          let start = Int(starts[next])
          let place = Int(knownRows[next])
          let flags = rowFlags[place]
          guard start >= nextAllowed else { break }
          let offset = UInt32(truncatingIfNeeded: start) &- rowStarts[place]
          let end = start &+ keyCount
          if plainBoundaries(flags, end: end)
            || (!flags.contains(.isRemapped) && boundariesKnown(flags, end: end))
          {
            staging[staged] = Match(
              checkedRow: rowBase &+ UInt32(truncatingIfNeeded: place), start: offset,
              end: offset &+ keyCount32)
          } else {
            // A remapped row whose ends are known boundaries and map to one original
            // offset each (so that the match cannot begin before the previous one ends,
            // as the folded offsets say); any other row takes the path below.
            guard flags.contains(.isRemapped),
              !flags.contains(.isComplex) || boundariesKnown(flags, end: end)
            else { break }
            remapped =
              remapCursors.map { Int($0[next]) }
              ?? Self.lowerBound(
                of: UInt32(truncatingIfNeeded: place), in: remappedRows, from: remapped)
            guard
              let original = segment.originalOffsets(
                Int(offset), Int(offset) &+ keyCount, remappedIndex: remapped)
            else { break }
            staging[staged] = Match(
              checkedRow: rowBase &+ UInt32(truncatingIfNeeded: place),
              start: UInt32(truncatingIfNeeded: original.start),
              end: UInt32(truncatingIfNeeded: original.end))
          }
          staged &+= 1
          nextAllowed = end
          row = place
          next &+= 1
        }
        if next == starts.endIndex {
          rowStart = Int(rowStarts[row])
          rowEnd = Int(rowStarts[row + 1])
          break
        }
      }
      let position = next
      next += 1
      let start = Int(starts[position])
      if let knownRows {
        // Without asking whether the row changed, which a dense keyword's matches (0.8 a
        // row of mixed-1m for "a") make a branch the CPU cannot predict; the row's entries
        // are in cache.
        row = Int(knownRows[position])
        rowStart = Int(rowStarts[row])
        rowEnd = Int(rowStarts[row + 1])
      } else if start >= rowEnd {
        row = Self.row(holding: start, after: row, in: rowStarts)
        rowStart = Int(rowStarts[row])
        rowEnd = Int(rowStarts[row + 1])
      }
      if collectingOccurrences {
        rowStaging.unsafelyUnwrapped[position] = UInt32(truncatingIfNeeded: row)
      }
      if start < nextAllowed { continue }
      let end = start + keyCount
      let match: Match
      let flags = rowFlags[row]
      if plainBoundaries(flags, end: end)
        || (flags.isDisjoint(with: [.isRemapped, .changesWordBreak])
          && boundariesKnown(flags, end: end))
      {
        match = Match(
          checkedRow: rowBase &+ UInt32(truncatingIfNeeded: row),
          start: UInt32(truncatingIfNeeded: start &- rowStart),
          end: UInt32(truncatingIfNeeded: end &- rowStart))
        // Neither of these rows is remapped or changesWordBreak: decide on the folded bytes.
        if checksWords && !foldedWordMatchHolds(start, end, rowStart: rowStart, rowEnd: rowEnd) {
          continue
        }
      } else {
        self.row = row
        self.rowStart = rowStart
        // Where a match in this row may start: never before the end of the previous one
        // (in original offsets, which folded offsets order only up to empty keys).
        let previous = staged > 0 ? staging[staged - 1] : matches.last ?? matchRoom.last
        let notBefore = previous?.row == Int(rowBase) + row ? previous!.end : 0
        // As above, remapped or not.
        guard
          let found = matchInComplexRow(
            start, end, notBefore: notBefore, boundariesKnown: boundariesKnown(flags, end: end))
        else { continue }
        match = found
      }
      staging[staged] = match
      staged += 1
      nextAllowed = end
    }
    self.row = row
    self.rowStart = rowStart
    self.rowEnd = rowEnd
    self.nextAllowed = nextAllowed
    if inPlace != nil {
      matchRoom.used += staged
    } else {
      matches.append(contentsOf: UnsafeBufferPointer(start: staging, count: staged))
    }
    if collectingOccurrences {
      occurrenceRows.append(contentsOf: UnsafeBufferPointer(start: rowStaging, count: starts.count))
    }
  }

  /// The match at `start..<end` in the current row, one whose characters span several
  /// scalars or whose offsets are remapped, or nil if the ends are not character
  /// boundaries (or not the word boundaries the scan asks for). Where several original
  /// offsets fold to one (characters with empty keys between them), the match starts
  /// at the first allowed, not before `notBefore`, and ends at the first allowed.
  /// `boundariesKnown`: both ends are known to be character boundaries already.
  @inline(never)
  mutating func matchInComplexRow(
    _ start: Int, _ end: Int, notBefore: Int, boundariesKnown: Bool
  ) -> Match? {
    let flags = rowFlags[row]
    if flags.contains(.isComplex) && !boundariesKnown {
      complexCursor = Self.lowerBound(of: UInt32(row), in: segment.complexRows, from: complexCursor)
      let words = Int(segment.complexRowWords[complexCursor])
      prefetchComplexRows(after: words)
      guard isBoundary(start, words: words), isBoundary(end, words: words) else { return nil }
    }
    if wordMatch != .contains && flags.isDisjoint(with: [.isRemapped, .changesWordBreak]) {
      // Offsets are the original's, and so are the word boundaries of the folded bytes.
      guard start - rowStart >= notBefore,
        foldedWordMatchHolds(start, end, rowStart: rowStart, rowEnd: Int(rowStarts[row + 1]))
      else { return nil }
      return Match(row: rowBase + row, start: start - rowStart, end: end - rowStart)
    }
    var starts = FoldedSegment.View.OriginalOffsets(start - rowStart)
    var ends = FoldedSegment.View.OriginalOffsets(end - rowStart)
    if flags.contains(.isRemapped) {
      remappedCursor = Self.lowerBound(
        of: UInt32(row), in: segment.remappedRows, from: remappedCursor)
      (starts, ends) = segment.originalOffsets(
        start - rowStart, end - rowStart, remappedIndex: remappedCursor)
    }
    let checksStart = wordMatch.checksStart
    let checksEnd = wordMatch.checksEnd
    guard
      let startOffset = starts.first(
        in: segment,
        where: {
          $0 >= notBefore && (!checksStart || isWordBoundary($0, row: row))
        }),
      let endOffset = ends.first(in: segment, where: { !checksEnd || isWordBoundary($0, row: row) })
    else { return nil }
    return Match(row: rowBase + row, start: startOffset, end: endOffset)
  }

  /// Asks for the first offset pairs of each remapped row among `rows` (the rows of
  /// `starts`), which matches there search, when the starts lie far apart: a row's pairs
  /// are rarely in cache then, and the loop that accepts the starts would wait for them one
  /// row at a time. Asked for together, the waits overlap.
  ///
  /// With `cursors`, also writes there, at the index of each start in a remapped row, the
  /// row's index in `remappedRows`, which the accepting loop would search for again; true
  /// when it did so for every such start.
  @inline(__always)
  func prefetchRemapsIfSparse(
    _ starts: UnsafeBufferPointer<UInt32>, rows: UnsafePointer<UInt32>,
    cursors: UnsafeMutablePointer<UInt32>?
  ) -> Bool {
    let remappedRows = segment.remappedRows
    guard remappedRows.count &* Self.remappedShareForPrefetch >= rowFlags.count,
      Int(starts[starts.count - 1]) - Int(starts[0]) >= Self.remapPrefetchGap * starts.count
    else { return false }
    var cursor = remappedCursor
    var previous = -1
    for index in 0..<starts.count {
      let row = Int(rows[index])
      if row == previous {
        cursors?[index] = UInt32(truncatingIfNeeded: cursor)
        continue
      }
      guard rowFlags[row].contains(.isRemapped) else { continue }
      previous = row
      cursor = Self.lowerBound(of: UInt32(row), in: remappedRows, from: cursor)
      guard cursor < remappedRows.count else { return false }
      cursors?[index] = UInt32(truncatingIfNeeded: cursor)
      let pair = UInt(segment.remapStarts[cursor])
      let address = UInt(bitPattern: segment.remapPoints.baseAddress) &+ pair &* 8
      tsb_prefetch(UnsafeRawPointer(bitPattern: address))
      // And the row's next lines of pairs, up to four, which the search for a place reads
      // in order in a row of up to 32 pairs.
      let end =
        UInt(bitPattern: segment.remapPoints.baseAddress)
        &+ UInt(segment.remapStarts[cursor + 1]) &* 8
      var line = (address | 63) &+ 1
      while line < end && line < address &+ 256 {
        tsb_prefetch(UnsafeRawPointer(bitPattern: line))
        line &+= 64
      }
    }
    return true
  }

  /// One row in this many remapped, or more, and a batch's remapped rows have their
  /// pairs asked for before its starts are accepted.
  static let remappedShareForPrefetch = 16

  /// The average distance in bytes between a batch's starts from which their remapped
  /// rows' pairs are asked for first.
  static let remapPrefetchGap = 512

  /// Asks for the boundary tables of the complex rows after the current one, whose boundary
  /// bits start at word `words`: a dense keyword visits one every few complex rows, in
  /// order, too far apart for the hardware to see the stream, and each visit waited for
  /// memory twice.
  @inline(__always)
  func prefetchComplexRows(after words: Int) {
    let bits = UInt(bitPattern: segment.nonBoundaryBits.baseAddress) &+ UInt(words &* 8)
    tsb_prefetch(UnsafeRawPointer(bitPattern: bits &+ 256))
    tsb_prefetch(UnsafeRawPointer(bitPattern: bits &+ 512))
    let cursor =
      UInt(bitPattern: segment.complexRowWords.baseAddress) &+ UInt(complexCursor &* 4)
    tsb_prefetch(UnsafeRawPointer(bitPattern: cursor &+ 128))
  }

  /// Whether the word match holds for `start..<end` (buffer offsets) of a row that is
  /// neither remapped nor `changesWordBreak` (see `FoldedSegment.RowFlags`), decided on
  /// its folded bytes, which are in cache where the original text is not.
  @inline(__always)
  func foldedWordMatchHolds(_ start: Int, _ end: Int, rowStart: Int, rowEnd: Int) -> Bool {
    // The row's bytes, without the 0xFF that ends it.
    wordMatch.holds(
      for: start - rowStart..<end - rowStart,
      in: UnsafeBufferPointer(rebasing: buffer[rowStart..<rowEnd - 1]))
  }

  /// Whether a word boundary falls at original offset `offset` of `row`.
  func isWordBoundary(_ offset: Int, row: Int) -> Bool {
    WordBoundaries.isBoundary(
      at: offset, in: originals.unsafelyUnwrapped.text(ofRow: rowBase + row))
  }

  /// Whether `offset`, at a scalar boundary of the current complex row, is a character
  /// boundary.
  @inline(__always)
  func isBoundary(_ offset: Int, words: Int) -> Bool {
    if buffer[offset] == 0xFF { return true }  // the row's end
    let relative = offset - rowStart
    return segment.nonBoundaryBits[words + relative / 64] & (1 << UInt64(relative % 64)) == 0
  }

  /// - Precondition: `starts` holds ascending row starts and the end; `offset` lies in a
  ///   row after `row`.
  @inline(__always)
  static func row(holding offset: Int, after row: Int, in starts: UnsafeBufferPointer<UInt32>)
    -> Int
  {
    let lastRow = starts.count - 2
    var low = row + 1  // starts[low] ≤ offset
    if low == lastRow || Int(starts[low + 1]) > offset { return low }
    // Near: eight starts at a time, which a frequent keyword's next match mostly is
    // (every eighth row of mixed-1m holds "zephyr"), without a branch a row.
    let target = SIMD8<UInt32>(repeating: UInt32(truncatingIfNeeded: offset))
    let base = UnsafeRawPointer(starts.baseAddress!)
    for _ in 0..<4 where low + 8 <= lastRow {
      let next = base.loadUnaligned(
        fromByteOffset: (low + 1) * MemoryLayout<UInt32>.stride, as: SIMD8<UInt32>.self)
      let atOrBefore = SIMD8<UInt32>(repeating: 0).replacing(with: 1, where: next .<= target)
      let count = Int(atOrBefore.wrappedSum())
      if count < 8 { return low + count }
      low += 8
    }
    // Farther on: guess from the average length of the rows left (a transcript's rows
    // are alike), then gallop from the guess, so that a sparse hit (a rare keyword, a
    // narrowed one) reads a few entries of a table that is not in cache, not a search's
    // worth of them.
    let bytesLeft = Int(starts[lastRow + 1]) - Int(starts[low])
    let guess = min(
      lastRow, low + (offset - Int(starts[low])) * (lastRow + 1 - low) / bytesLeft)
    var high: Int
    if Int(starts[guess]) <= offset {
      low = guess
      var step = 1
      high = min(low + step, lastRow)
      while high < lastRow && Int(starts[high]) <= offset {
        low = high
        step *= 2
        high = min(low + step, lastRow)
      }
      if Int(starts[high]) <= offset { low = high }
    } else {
      // The answer is in low..<guess: gallop down from the guess.
      high = guess - 1
      var step = 1
      while high - step > low {
        if Int(starts[high - step]) <= offset {
          low = high - step
          break
        }
        high -= step + 1
        step *= 2
      }
    }
    // The last row in low...high whose start is ≤ offset.
    while low < high {
      let mid = (low + high + 1) / 2
      if Int(starts[mid]) <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// The index of the first element ≥ `value` in ascending `array`, at or after `from`,
  /// galloping from `from` (the cursor of the previous candidate) so that nearby
  /// answers touch nearby memory.
  @inline(__always)
  static func lowerBound(of value: UInt32, in array: UnsafeBufferPointer<UInt32>, from: Int)
    -> Int
  {
    if from >= array.count || array[from] >= value { return from }
    var low = from  // array[low] < value
    var step = 1
    var high = from + 1
    while high < array.count && array[high] < value {
      low = high
      step *= 2
      high = low + step
    }
    high = min(high, array.count)
    // The answer is in low + 1 ... high.
    var first = low + 1
    while first < high {
      let mid = (first + high) / 2
      if array[mid] < value { first = mid + 1 } else { high = mid }
    }
    return first
  }
}
