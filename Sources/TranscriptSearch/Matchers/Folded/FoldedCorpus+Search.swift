import CScanKernels

// How a search works (over the folded buffer; the keyword is folded the same way)
//   1. key = the keyword's composed key. If one of its bytes never occurs in the
//      corpus (the byte histogram says so), there is no match: done.
//   2. A kernel (see ScanKernel) finds every occurrence of the key's bytes: it compares
//      the key's rarest byte and second rarest (by the histogram) at their offsets for a
//      whole vector of candidate starts at once, and verifies the whole key only where
//      both agree. It hands back a batch of starts at a time.
//   3. Each start is accepted if it does not begin before the end of the previous match
//      (matches never overlap) and both ends are character boundaries (a continuation
//      byte never is; in complex rows, the boundary table says).
//   4. Map both offsets back to the original text; with a word match, check the ends it
//      names against the original text (WordBoundaries), at these candidates only.
//   5. Report the row and both offsets.

/// What a search found: its matches and, when asked for, every place the keyword's key
/// occurs as bytes (boundaries unchecked, overlaps included), as `segment << 32 |
/// offset`. When the keyword grows so that its old key is a prefix of the new one, the
/// new matches can only start at those places.
package struct FoldedSearchResult: Sendable {
  package var matches: [Match] = []
  package var occurrences: [UInt64]?
  /// With the occurrences: the two bytes after each (0xFF past a segment's end), enough
  /// to tell a character that extends the key in most scripts apart from the others,
  /// and half the memory a narrowing reads and a search writes of four.
  package var following: [UInt16]?
  /// With the occurrences: each one's row in its segment, so that a narrowing finds the
  /// row of a place far from the last without searching the row table.
  package var occurrenceRows: [UInt32]?
  /// Whether `shouldStop` ended the search early; the result is then incomplete.
  package var stopped = false
  /// Segments scanned: the work done, for tests of cancellation.
  package var segmentsSearched = 0
}

extension FoldedCorpus {
  /// Every match of `keyword` in rows `rows`, in order: a search of part of the corpus,
  /// such as the rows on screen first. `originals` is the corpus this one was folded
  /// from, needed only when the keyword's options ask for a word match.
  ///
  /// - Precondition: `rows` lies within the corpus; the keyword ignores diacritics
  ///   exactly when this folded form does; `originals` is given for a word match.
  public func matches(
    of keyword: FoldedKeyword, inRows rows: Range<Int>, kernel: ScanKernel = .automatic,
    originals: Corpus? = nil
  ) -> [Match] {
    search(
      keyword, inRows: rows, kernel: kernel, collectingOccurrences: false, originals: originals
    ).matches
  }

  /// Every match of `keyword` in rows `rows`, and optionally every occurrence of its key.
  package func search(
    _ keyword: FoldedKeyword, inRows rows: Range<Int>, kernel: ScanKernel = .automatic,
    collectingOccurrences: Bool, originals: Corpus? = nil, shouldStop: () -> Bool = { false }
  ) -> FoldedSearchResult {
    checkSearch(of: keyword, inRows: rows, originals: originals)
    let kernel = kernel.runnable
    var result = FoldedSearchResult(
      occurrences: collectingOccurrences ? [] : nil, following: collectingOccurrences ? [] : nil,
      occurrenceRows: collectingOccurrences ? [] : nil)
    let key = keyword.bytes
    guard !key.isEmpty, !rows.isEmpty else { return result }
    var progress = SearchProgress(
      offsets: rarestOffsets(in: key), segment: segmentIndex(ofRow: rows.lowerBound))
    let bound = estimatedCount(of: key[progress.offsets.rare], inRows: rows, margin: true)
    // (Matches go to the result's array.)
    var noRoom = MatchRoom()
    // A key of one scalar (a first keystroke: the densest search a session makes) occurs at
    // most as often as its rarest byte, and about as often: its matches get their room at
    // once (the byte's estimated count and a margin), not by doubling, whose copies and
    // fresh pages cost a fifth of the search. Another key's first segment tells how many
    // the rest will hold.
    var capacity: Int? = nil
    if Self.isOneScalar(key) {
      capacity = bound
    } else {
      searchSegments(
        keyword, inRows: rows, kernel: kernel, originals: originals, shouldStop: shouldStop,
        progress: &progress, room: &noRoom, into: &result, segments: 1)
      // (A stale search stops here, however `shouldStop` answers next.)
      if result.stopped { return result }
      // (When the first segment's array has the room already, as in a search of few
      // segments, the rest is appended there: a new array would cost an allocation.)
      if holdsAny(of: rows, from: progress.segment),
        let room = expectedRoom(
          afterMatches: result.matches.count, inBytes: progress.bytesSearched, rows: rows,
          atMost: bound),
        room > result.matches.capacity
      {
        capacity = room
      }
    }
    guard let capacity else {
      searchSegments(
        keyword, inRows: rows, kernel: kernel, originals: originals, shouldStop: shouldStop,
        progress: &progress, room: &noRoom, into: &result)
      return result
    }
    // The rest is written in place, not to a batch copied after it.
    let first = result.matches
    result.matches = []
    var inPlace = [Match](unsafeUninitializedCapacity: max(capacity, first.count)) {
      buffer, initialized in
      _ = buffer.initialize(fromContentsOf: first)
      Self.adviseHugePages(forRoomOf: UnsafeMutableRawBufferPointer(buffer))
      var room = MatchRoom(buffer, used: first.count)
      searchSegments(
        keyword, inRows: rows, kernel: kernel, originals: originals, shouldStop: shouldStop,
        progress: &progress, room: &room, into: &result)
      initialized = room.used
    }
    // What did not fit the room, in the rare search that finds more than expected.
    inPlace.append(contentsOf: result.matches)
    result.matches = inPlace
    return result
  }

  /// Every match of `keyword` in rows `rows`, in order: those written to `room`, where
  /// they go while a batch fits, then the ones returned; and the folded bytes searched.
  ///
  /// - Precondition: as ``matches(of:inRows:kernel:originals:)``'s.
  func search(
    _ keyword: FoldedKeyword, inRows rows: Range<Int>, kernel: ScanKernel, originals: Corpus?,
    room: inout MatchRoom
  ) -> (pastRoom: [Match], bytesSearched: Int) {
    checkSearch(of: keyword, inRows: rows, originals: originals)
    let kernel = kernel.runnable
    let key = keyword.bytes
    guard !key.isEmpty, !rows.isEmpty else { return ([], 0) }
    var result = FoldedSearchResult()
    var progress = SearchProgress(
      offsets: rarestOffsets(in: key), segment: segmentIndex(ofRow: rows.lowerBound))
    searchSegments(
      keyword, inRows: rows, kernel: kernel, originals: originals, shouldStop: { false },
      progress: &progress, room: &room, into: &result)
    return (result.matches, progress.bytesSearched)
  }

  /// Where a search is: the next segment, the bytes searched so far, and what they told
  /// of the key.
  struct SearchProgress {
    var offsets: ScanOffsets
    var segment: Int
    var bytesSearched = 0
  }

  /// Searches up to `segments` more segments of `rows` from where `progress` is, writing
  /// matches to `room` while a batch fits there, then to `result`.
  private func searchSegments(
    _ keyword: FoldedKeyword, inRows rows: Range<Int>, kernel: ScanKernel, originals: Corpus?,
    shouldStop: () -> Bool, progress: inout SearchProgress, room: inout MatchRoom,
    into result: inout FoldedSearchResult, segments limit: Int = .max
  ) {
    var searched = 0
    while searched < limit && holdsAny(of: rows, from: progress.segment) {
      // Between segments (a fraction of a millisecond of work each), a stale search stops.
      if shouldStop() {
        result.stopped = true
        return
      }
      searched += 1
      result.segmentsSearched += 1
      let segment = progress.segment
      let first = segmentFirstRow[segment]
      let local =
        max(rows.lowerBound, first) - first..<min(rows.upperBound, segmentFirstRow[segment + 1])
        - first
      scan(
        segment, rows: local, key: keyword.bytes, options: keyword.options, originals: originals,
        room: &room, into: &result
      ) { scan in
        // The first bytes a search reads (each chunk's, for a search split into chunks)
        // tell whether the rest should count rows.
        progress.offsets.learn(fromMatches: scan.found, inBytes: progress.bytesSearched)
        scan.run(
          kernel, from: scan.range.lowerBound, to: scan.range.upperBound,
          offsets: progress.offsets, probing: progress.bytesSearched == 0)
        progress.bytesSearched += scan.range.count
      }
      progress.segment += 1
    }
  }

  /// Room for as many matches as a search of `rows` finds, at the rate of the `matches`
  /// found in its first `bytes`, and an eighth more, but no more than `bound` (the
  /// estimated count of the key's rarest byte in `rows`, which every match holds, with a
  /// margin; see ``estimatedCount(of:inRows:margin:)``); nil for too few to tell. A
  /// frequent keyword's matches are then not copied to a new array at every doubling.
  func expectedRoom(
    afterMatches matches: Int, inBytes bytes: Int, rows: Range<Int>, atMost bound: Int
  )
    -> Int?
  {
    expectedMatches(afterMatches: matches, inBytes: bytes, rows: rows).map {
      Int(min($0 * 1.125, Double(bound)))
    }
  }

  /// How many matches a search of `rows` finds, at the rate of the `matches` found in its
  /// first `bytes`; nil for too few to tell.
  func expectedMatches(afterMatches matches: Int, inBytes bytes: Int, rows: Range<Int>)
    -> Double?
  {
    guard matches >= Self.matchesBeforeReserving, bytes > 0 else { return nil }
    let share = Double(rows.count) / Double(max(rowCount, 1))
    return Double(matches) * Double(byteCount) * share / Double(bytes)
  }

  /// Gives `matches`, found in the first `bytes` of a search of `rows`, the room
  /// ``expectedRoom(afterMatches:inBytes:rows:atMost:)`` says.
  func reserveRoom(
    for matches: inout [Match], afterBytes bytes: Int, rows: Range<Int>, atMost bound: Int
  ) {
    guard
      let room = expectedRoom(
        afterMatches: matches.count, inBytes: bytes, rows: rows, atMost: bound),
      room > matches.capacity
    else { return }
    matches.reserveCapacity(room)
    Self.adviseHugePages(forRoomOf: &matches)
  }

  /// Whether no segment after `segment` holds any of `rows`.
  func isLastSegment(_ segment: Int, of rows: Range<Int>) -> Bool {
    !holdsAny(of: rows, from: segment + 1)
  }

  /// Whether segment `segment` or one after it holds any of `rows` (which begin in a
  /// segment before it, or in it).
  func holdsAny(of rows: Range<Int>, from segment: Int) -> Bool {
    segment < segments.count && segmentFirstRow[segment] < rows.upperBound
  }

  /// Fewer matches than this in a search's first segment say too little of the rest to
  /// reserve room for it; doubling costs little for so few.
  static let matchesBeforeReserving = 64

  /// Every match of `keyword` that starts at one of `occurrences` (of a keyword whose
  /// key is a byte prefix of `keyword`'s), and the occurrences of `keyword`'s key among
  /// them. With `following` (the bytes after each occurrence of the shorter key, whose
  /// length is `shorterKeyCount`), places where the next bytes differ are passed over
  /// without reading the corpus; with `rows` (each occurrence's row in its segment),
  /// rows are not searched for.
  ///
  /// - Precondition: `occurrences` (and `following` and `rows`) came from a search of
  ///   this folded corpus, unchanged since, for a key that is a prefix of `keyword`'s.
  package func search(
    _ keyword: FoldedKeyword, amongOccurrences occurrences: [UInt64],
    following: (bytes: [UInt16], shorterKeyCount: Int)? = nil, rows: [UInt32]? = nil,
    kernel: ScanKernel = .automatic, originals: Corpus? = nil, shouldStop: () -> Bool = { false }
  ) -> FoldedSearchResult {
    let kernel = kernel.runnable
    checkForm(of: keyword, originals: originals)
    var result = FoldedSearchResult(occurrences: [], following: [], occurrenceRows: [])
    let key = keyword.bytes
    guard !key.isEmpty else { return result }
    let rows = rows?.count == occurrences.count ? rows : nil
    var candidates = occurrences
    var candidateRows = rows
    // Whether the following bytes cover the rest of the key: the places kept then hold it.
    var alreadyVerified = false
    if let following, following.bytes.count == occurrences.count,
      following.shorterKeyCount < key.count, occurrences.count <= UInt32.max
    {
      alreadyVerified = key.count - following.shorterKeyCount <= 2
      // The next bytes the longer key needs, as the following bytes hold them.
      let extra = key[following.shorterKeyCount...].prefix(2)
      var wanted: UInt16 = 0
      var mask: UInt16 = 0
      for (offset, byte) in extra.enumerated() {
        wanted |= UInt16(byte) << (8 * UInt16(offset))
        mask |= 0xFF << (8 * UInt16(offset))
      }
      // One pass over the following bytes (megabytes when the shorter key is common),
      // keeping the indices of the places that pass; then the places themselves are
      // read from `occurrences` at those indices alone, loads that do not wait for each
      // other. (Reading each kept place in the filter's loop waited for memory one
      // place at a time; reading ahead in the occurrences to avoid that streamed all of
      // them, four times the filter's bytes, for the few kept: narrowing "the" to
      // "them" on mixed-1m keeps 0.5%.)
      let keptIndices = following.bytes.withUnsafeBufferPointer {
        Self.indices(of: $0, masked: mask, equalTo: wanted, kernel: kernel)
      }
      let kept = occurrences.withUnsafeBufferPointer { occurrences in
        keptIndices.map { occurrences[Int($0)] }
      }
      candidateRows = rows?.withUnsafeBufferPointer { rows in
        keptIndices.map { rows[Int($0)] }
      }
      candidates = kept
    }
    var next = 0
    var room = MatchRoom()
    while next < candidates.count {
      if shouldStop() {
        result.stopped = true
        return result
      }
      result.segmentsSearched += 1
      let segment = Int(candidates[next] >> 32)
      var end = next
      while end < candidates.count && Int(candidates[end] >> 32) == segment { end += 1 }
      scan(
        segment, rows: 0..<segmentFirstRow[segment + 1] - segmentFirstRow[segment], key: key,
        options: keyword.options, originals: originals, room: &room, into: &result
      ) { scan in
        scan.verifyAndAccept(
          candidates[next..<end], rows: candidateRows?[next..<end], alreadyVerified: alreadyVerified
        )
      }
      next = end
    }
    return result
  }

  /// The indices of the places among `following` whose bytes, under `mask`, are `wanted`:
  /// with a C kernel, 16 or 32 places a step, one bit each taken by a byte movemask; with
  /// the portable kernel, 16 a step in Swift's vector lanes, whose mask of lanes compiles
  /// to a word extracted per lane.
  static func indices(
    of following: UnsafeBufferPointer<UInt16>, masked mask: UInt16, equalTo wanted: UInt16,
    kernel: ScanKernel
  ) -> [UInt32] {
    // (Not even an empty array through `unsafeUninitializedCapacity`: with no room it
    // writes its count into the storage all empty arrays share, a data race.)
    guard let base = following.baseAddress, !following.isEmpty else { return [] }
    if let native = kernel.native {
      return [UInt32](unsafeUninitializedCapacity: following.count) { out, written in
        written = tsb_filter_following(
          native, base, following.count, mask, wanted, out.baseAddress)
      }
    }
    var indices: [UInt32] = []
    let raw = UnsafeRawPointer(base)
    let wantedLanes = SIMD16<UInt16>(repeating: wanted)
    let maskLanes = SIMD16<UInt16>(repeating: mask)
    let laneBits = SIMD16<UInt16>(
      1 << 0, 1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 5, 1 << 6, 1 << 7,
      1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14, 1 << 15)
    var index = 0
    while index + 16 <= following.count {
      let lanes = raw.loadUnaligned(fromByteOffset: 2 * index, as: SIMD16<UInt16>.self)
      let hits = (lanes & maskLanes) .== wantedLanes
      var bits = SIMD16<UInt16>().replacing(with: laneBits, where: hits).wrappedSum()
      while bits != 0 {
        indices.append(UInt32(truncatingIfNeeded: index + bits.trailingZeroBitCount))
        bits &= bits - 1
      }
      index += 16
    }
    while index < following.count {
      if following[index] & mask == wanted { indices.append(UInt32(truncatingIfNeeded: index)) }
      index += 1
    }
    return indices
  }

  /// Runs `body` on a scan of rows `rows` of segment `segment`, and adds what it found
  /// to `result`.
  private func scan(
    _ segment: Int, rows: Range<Int>, key: [UInt8], options: SearchOptions, originals: Corpus?,
    room: inout MatchRoom, into result: inout FoldedSearchResult, _ body: (inout Scan) -> Void
  ) {
    let rowBase = segmentFirstRow[segment]
    Self.withTexts(of: originals, if: options.wordMatch != .contains) { texts in
      // Read in place: a copy of the segment would retain each of its arrays.
      segments.withUnsafeBufferPointer { segments in
        segments[segment].withView { view in
          key.withUnsafeBufferPointer { key in
            var scan = Scan(
              segment: view, index: segment, rowBase: rowBase, rows: rows, key: key,
              collectingOccurrences: result.occurrences != nil, wordMatch: options.wordMatch,
              originals: texts)
            // The result's arrays move into the scan and back, so matches are appended once,
            // never copied.
            swap(&scan.matches, &result.matches)
            swap(&scan.matchRoom, &room)
            if result.occurrences != nil {
              swap(&scan.occurrences, &result.occurrences!)
              swap(&scan.following, &result.following!)
              swap(&scan.occurrenceRows, &result.occurrenceRows!)
            }
            body(&scan)
            swap(&scan.matches, &result.matches)
            swap(&scan.matchRoom, &room)
            if result.occurrences != nil {
              swap(&scan.occurrences, &result.occurrences!)
              swap(&scan.following, &result.following!)
              swap(&scan.occurrenceRows, &result.occurrenceRows!)
            }
          }
        }
      }
    }
  }

  /// Calls `body` with `corpus`'s texts when `needed`, else with nil.
  static func withTexts<Result>(
    of corpus: Corpus?, if needed: Bool, _ body: (OriginalTexts?) -> Result
  ) -> Result {
    guard needed, let corpus else { return body(nil) }
    return corpus.withTextStorage { body($0) }
  }

  /// Checks a search's rows and form.
  private func checkSearch(of keyword: FoldedKeyword, inRows rows: Range<Int>, originals: Corpus?) {
    precondition(rows.lowerBound >= 0 && rows.upperBound <= rowCount, "Rows out of range")
    checkForm(of: keyword, originals: originals)
  }

  /// Checks that `keyword` was folded for this form and that a word match has the text
  /// it is decided on.
  func checkForm(of keyword: FoldedKeyword, originals: Corpus?) {
    precondition(
      keyword.options.ignoresDiacritics == ignoresDiacritics,
      "A keyword is searched in the folded form of its own diacritics option")
    // (Rows folded so far in the background are the first rows of their corpus.)
    precondition(
      keyword.options.wordMatch == .contains || (originals?.count ?? -1) >= rowCount,
      "A word match needs the corpus this one was folded from")
  }

  /// The offsets in `key` of the bytes a scan compares first: its rarest byte, the
  /// rarest byte of another scalar (in a key of one scalar, at another offset; the same
  /// offset for a one-byte key), and the rarest byte of a third scalar (`rare` itself
  /// when there is none).
  ///
  /// Bytes of one scalar come together: in Chinese text the two continuation bytes of
  /// 是 are each rarer than any byte of 了 or 的, yet every 是 holds both, so testing them
  /// as a pair kept 1.15 million candidates for the 17,586 matches of 了是的 in
  /// chinese-1m; one byte of 是 and one of 了 keep 199,000, and one of 的 besides 35,000.
  func rarestOffsets(in key: [UInt8]) -> ScanOffsets {
    // The counts, not `self`, in the comparator: the sort copies its closure's context at
    // every step, and a copy of the corpus retains each of its buffers (half the cost of a
    // search of a one-row corpus).
    let byteCounts = byteCounts
    let order = key.indices.sorted {
      (byteCounts[Int(key[$0])], $0) < (byteCounts[Int(key[$1])], $1)
    }
    let rare = order[0]
    let total = Double(max(Self.sum(of: byteCounts), 1))
    let rareShare = Double(byteCounts[Int(key[rare])]) / total
    let first = Self.scalarBounds(around: rare, in: key)
    guard let second = order.first(where: { !first.contains($0) }) else {
      return ScanOffsets(
        rare: rare, second: order.count > 1 ? order[1] : rare, third: rare,
        candidateShare: rareShare)
    }
    // How often the first two bytes agree by chance, as if independent: the share of
    // starts where the kernel would branch to its candidates.
    let pairShare = rareShare * Double(byteCounts[Int(key[second])]) / total
    let other = Self.scalarBounds(around: second, in: key)
    guard let third = order.first(where: { !first.contains($0) && !other.contains($0) }) else {
      return ScanOffsets(rare: rare, second: second, third: rare, candidateShare: pairShare)
    }
    let thirdAlways = pairShare > Self.thirdAlwaysPairShare
    let candidateShare =
      thirdAlways ? pairShare * Double(byteCounts[Int(key[third])]) / total : pairShare
    return ScanOffsets(
      rare: rare, second: second, third: third, thirdAlways: thirdAlways,
      candidateShare: candidateShare)
  }

  /// The sum of the 256 byte counts, four lanes at a time: `reduce` added them one by one,
  /// a sixth of a one-row search.
  static func sum(of counts: [Int]) -> Int {
    counts.withUnsafeBufferPointer { counts in
      var lanes = SIMD4<Int>()
      var index = 0
      while index + 4 <= counts.count {
        lanes &+= SIMD4(counts[index], counts[index + 1], counts[index + 2], counts[index + 3])
        index += 4
      }
      var total = lanes.wrappedSum()
      while index < counts.count {
        total &+= counts[index]
        index += 1
      }
      return total
    }
  }

  /// Where this range holds the share of starts that are candidates, a kernel's step of 128
  /// starts holds one about as often as not (in 40% to 98% of steps), so a branch on
  /// whether it does is mispredicted often, and the kernel writes them without it.
  static let denseCandidateShares = 0.004...0.03

  /// From this share of starts that are candidates (0.64 a kernel's step of 128 starts),
  /// the AVX2 kernel writes a step's candidates a word at a time (one, or four from
  /// `packedCandidateShare`), where it writes fewer two at a time over both words.
  static let crowdedCandidateShare = 0.005

  /// From this share of starts that are candidates (1.6 a word of 64 starts), the AVX2
  /// kernel writes a crowded key's candidates four at a time a word; below it, one at a
  /// time, the first whether the word has one or not (see `write_short_single` in
  /// `ScanTemplate.h`): below it, keys were faster one at a time; from about this share
  /// on, four at a time.
  static let packedCandidateShare = 0.025

  /// Above this share of starts where a key's first two bytes agree by chance (one step of
  /// 128 starts in about 50), the kernel compares its third byte at every start.
  static let thirdAlwaysPairShare = 1.5e-4

  /// Whether `key` (valid UTF-8, not empty) is one scalar.
  static func isOneScalar(_ key: [UInt8]) -> Bool {
    scalarBounds(around: 0, in: key).count == key.count
  }

  /// The offsets of the scalar of `key` (valid UTF-8) that holds offset `offset`.
  static func scalarBounds(around offset: Int, in key: [UInt8]) -> Range<Int> {
    var start = offset
    while start > 0 && key[start] & 0xC0 == 0x80 { start -= 1 }
    var end = offset + 1
    while end < key.count && key[end] & 0xC0 == 0x80 { end += 1 }
    return start..<end
  }
}

/// The offsets in a key of the bytes a scan kernel compares first (see
/// `FoldedCorpus.rarestOffsets(in:)` and `tsb_scan`).
struct ScanOffsets: Sendable {
  var rare: Int
  var second: Int
  var third: Int
  var thirdAlways = false
  /// Whether a kernel's steps are expected to hold a candidate about as often as not
  /// (see `FoldedCorpus.denseCandidateShares`).
  var isDense = false
  /// Whether a kernel's steps are expected to hold several candidates often enough that
  /// it writes them a word at a time (see `FoldedCorpus.crowdedCandidateShare`).
  var isCrowded = false
  /// Whether a crowded key's words of 64 starts are expected to hold 1.6 candidates or
  /// more (see `FoldedCorpus.packedCandidateShare`).
  var isPacked = false
  /// The offsets of a key in which a share `candidateShare` of starts are expected to be
  /// candidates (see `FoldedCorpus.rarestOffsets(in:)`).
  init(rare: Int, second: Int, third: Int, thirdAlways: Bool = false, candidateShare: Double) {
    self.rare = rare
    self.second = second
    self.third = third
    self.thirdAlways = thirdAlways
    isDense = FoldedCorpus.denseCandidateShares.contains(candidateShare)
    isCrowded = candidateShare >= FoldedCorpus.crowdedCandidateShare
    isPacked = candidateShare >= FoldedCorpus.packedCandidateShare
  }

  /// Whether the kernel counts rows as it scans, so that no match needs a row search:
  /// for a keyword found every ``rowCountingGap`` bytes or more often so far (the first
  /// ``rowCountingProbe`` bytes, and a search of few matches, go without).
  var countsRows = false

  /// The bytes a search reads before it decides whether to count rows.
  static let rowCountingProbe = 64 * 1024

  static let rowCountingGap = 4096

  /// Whether a search that found `matches` in its first `bytes` counts rows from there on.
  static func countsRows(afterMatches matches: Int, inBytes bytes: Int) -> Bool {
    bytes > 0 && matches * rowCountingGap >= bytes
  }

  /// Decides, from the `matches` a search found in its first `bytes`, whether it counts
  /// rows from there on, and marks the key dense, crowded or packed if its matches alone
  /// are: the estimate from the byte histogram takes a key's bytes as independent, and so
  /// misses a word's ("the" on mixed-1m: 0.6% of starts, estimated 0.06%).
  mutating func learn(fromMatches matches: Int, inBytes bytes: Int) {
    countsRows = Self.countsRows(afterMatches: matches, inBytes: bytes)
    guard bytes > 0 else { return }
    let share = Double(matches) / Double(bytes)
    isDense = isDense || FoldedCorpus.denseCandidateShares.contains(share)
    isCrowded = isCrowded || share >= FoldedCorpus.crowdedCandidateShare
    isPacked = isPacked || share >= FoldedCorpus.packedCandidateShare
  }
}

/// A keyword folded once with its options, ready to search any number of times.
public struct FoldedKeyword: Hashable, Sendable {
  /// The keyword's composed key, as UTF-8.
  public let bytes: [UInt8]
  /// The options it is searched with.
  public let options: SearchOptions

  /// `keyword` with the default options.
  public init(_ keyword: String) {
    self.init(keyword, options: .default)
  }

  /// `keyword` folded for a search with `options` (ignoring diacritics folds them away).
  public init(_ keyword: String, options: SearchOptions) {
    bytes = MatchKey.composedKey(keyword, ignoringDiacritics: options.ignoresDiacritics)
    self.options = options
  }
}
