#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// How a search works (over the folded buffer; the keyword is folded the same way)
//   1. key = the keyword's composed key. If one of its bytes never occurs in the
//      corpus (the byte histogram says so), there is no match: done.
//   2. Prefilter: rare = the key's rarest byte by the histogram, at offset k in the key.
//      If it is rare enough, glibc's memchr (vectorised, dispatched at run time) finds
//      each occurrence. Otherwise a SIMD scan takes 64 candidate starts per step: it
//      compares the rarest byte and the second rarest (at their offsets in the key)
//      for all 64 at once, ORs the four 16-lane masks to test them with one branch, and
//      only on a hit turns the masks into a 64-bit set of candidates to verify.
//   3. Verify each candidate: the whole key compares equal, the candidate does not start
//      before the end of the previous match (matches never overlap), and both ends are
//      character boundaries (a continuation byte never is; in complex rows, the
//      boundary table says).
//   4. Report the row and both offsets mapped back to the original text.

/// What a search found: its matches and, when asked for, every place the keyword's key
/// occurs as bytes (boundaries unchecked, overlaps included), as `segment << 32 |
/// offset`. When the keyword grows so that its old key is a prefix of the new one, the
/// new matches can only start at those places.
package struct FoldedSearchResult: Sendable {
  package var matches: [Match] = []
  package var occurrences: [UInt64]?
  /// Whether `shouldStop` ended the search early; the result is then incomplete.
  package var stopped = false
  /// Segments scanned: the work done, for tests of cancellation.
  package var segmentsSearched = 0
}

extension FoldedCorpus {
  /// How candidates are found; tests force each one.
  package enum Prefilter: Sendable {
    case automatic, memchr, vector
  }

  /// Every match of `keyword` in rows `rows`, in order: a search of part of the corpus,
  /// such as the rows on screen first.
  ///
  /// - Precondition: `rows` lies within the corpus.
  public func matches(of keyword: FoldedKeyword, inRows rows: Range<Int>) -> [Match] {
    matches(of: keyword, inRows: rows, prefilter: .automatic)
  }

  /// Every match of `keyword` in rows `rows`, with the prefilter chosen (for tests).
  package func matches(
    of keyword: FoldedKeyword, inRows rows: Range<Int>, prefilter: Prefilter
  ) -> [Match] {
    search(keyword, inRows: rows, prefilter: prefilter, collectingOccurrences: false).matches
  }

  /// Every match of `keyword` in rows `rows`, and optionally every occurrence of its key.
  package func search(
    _ keyword: FoldedKeyword, inRows rows: Range<Int>, prefilter: Prefilter = .automatic,
    collectingOccurrences: Bool, shouldStop: () -> Bool = { false }
  ) -> FoldedSearchResult {
    precondition(rows.lowerBound >= 0 && rows.upperBound <= rowCount, "Rows out of range")
    var result = FoldedSearchResult(occurrences: collectingOccurrences ? [] : nil)
    let key = keyword.bytes
    guard !key.isEmpty, !rows.isEmpty, key.allSatisfy({ byteCounts[Int($0)] > 0 }) else {
      return result
    }
    let (rare, second) = rarestOffsets(in: key)
    let total = byteCounts.reduce(0, +)
    let useMemchr =
      switch prefilter {
      // Rare enough for one memchr call per occurrence to cost less than scanning.
      case .automatic: byteCounts[Int(key[rare])] * 1024 < total
      case .memchr: true
      case .vector: false
      }
    var segment = segmentIndex(ofRow: rows.lowerBound)
    while segment < segments.count && segmentFirstRow[segment] < rows.upperBound {
      // Between segments (a fraction of a millisecond of work each), a stale search stops.
      if shouldStop() {
        result.stopped = true
        return result
      }
      result.segmentsSearched += 1
      let first = segmentFirstRow[segment]
      let local =
        max(rows.lowerBound, first) - first..<min(rows.upperBound, segmentFirstRow[segment + 1])
        - first
      scan(segment, rows: local, key: key, into: &result) { scan in
        if useMemchr {
          scan.withMemchr(rare: rare)
        } else {
          scan.withVectors(rare: rare, second: second)
        }
      }
      segment += 1
    }
    return result
  }

  /// Every match of `keyword` that starts at one of `occurrences` (of a keyword whose
  /// key is a byte prefix of `keyword`'s), and the occurrences of `keyword`'s key among
  /// them.
  ///
  /// - Precondition: `occurrences` came from a search of this folded corpus, unchanged
  ///   since, for a key that is a prefix of `keyword`'s.
  package func search(
    _ keyword: FoldedKeyword, amongOccurrences occurrences: [UInt64],
    shouldStop: () -> Bool = { false }
  ) -> FoldedSearchResult {
    var result = FoldedSearchResult(occurrences: [])
    let key = keyword.bytes
    guard !key.isEmpty else { return result }
    var next = 0
    while next < occurrences.count {
      if shouldStop() {
        result.stopped = true
        return result
      }
      result.segmentsSearched += 1
      let segment = Int(occurrences[next] >> 32)
      scan(segment, rows: 0..<segments[segment].rowCount, key: key, into: &result) { scan in
        while next < occurrences.count && Int(occurrences[next] >> 32) == segment {
          scan.verify(Int(occurrences[next] & 0xFFFF_FFFF))
          next += 1
        }
      }
    }
    return result
  }

  /// Runs `body` on a scan of rows `rows` of segment `segment`, and adds what it found
  /// to `result`.
  private func scan(
    _ segment: Int, rows: Range<Int>, key: [UInt8], into result: inout FoldedSearchResult,
    _ body: (inout Scan) -> Void
  ) {
    let folded = segments[segment]
    let collecting = result.occurrences != nil
    let found = folded.bytes.withUnsafeBufferPointer { buffer in
      key.withUnsafeBufferPointer { key in
        var scan = Scan(
          segment: folded, index: segment, rowBase: segmentFirstRow[segment], buffer: buffer,
          range: Int(folded.rowStarts[rows.lowerBound])..<Int(folded.rowStarts[rows.upperBound]),
          key: key, row: rows.lowerBound, collectingOccurrences: collecting)
        body(&scan)
        return (scan.matches, scan.occurrences)
      }
    }
    result.matches += found.0
    if collecting { result.occurrences! += found.1 }
  }

  /// The offset in `key` of its rarest byte and of the rarest byte at another offset
  /// (the same offset for a one-byte key).
  private func rarestOffsets(in key: [UInt8]) -> (Int, Int) {
    let order = key.indices.sorted {
      (byteCounts[Int(key[$0])], $0) < (byteCounts[Int(key[$1])], $1)
    }
    return (order[0], order.count > 1 ? order[1] : order[0])
  }
}

extension FoldedSegment {
  /// Maps a folded offset at a character boundary of a remapped row to the original,
  /// given the row's index in `remappedRows`.
  func originalOffset(_ folded: Int, remappedIndex index: Int) -> Int {
    let first = Int(remapStarts[index])
    let end = Int(remapStarts[index + 1])
    // The last pair whose folded offset is ≤ `folded`.
    var low = first
    var high = end
    while low < high {
      let mid = (low + high) / 2
      if Int(remapPoints[2 * mid]) <= folded { low = mid + 1 } else { high = mid }
    }
    guard low > first else { return folded }
    let pair = low - 1
    return Int(remapPoints[2 * pair + 1]) + folded - Int(remapPoints[2 * pair])
  }
}

/// One search of one segment in progress: where it is, what it found, and cursors into
/// the per-row tables that only move forward, since candidates arrive in order.
struct Scan {
  let corpus: FoldedSegment
  let index: Int
  let rowBase: Int
  let buffer: UnsafeBufferPointer<UInt8>
  let range: Range<Int>
  let key: UnsafeBufferPointer<UInt8>
  var row: Int
  var complexCursor = 0
  var remappedCursor = 0
  var matches: [Match] = []
  let collectingOccurrences: Bool
  var occurrences: [UInt64] = []
  /// Where the next match may start: the end of the previous one.
  var nextAllowed = 0

  init(
    segment: FoldedSegment, index: Int, rowBase: Int, buffer: UnsafeBufferPointer<UInt8>,
    range: Range<Int>, key: UnsafeBufferPointer<UInt8>, row: Int, collectingOccurrences: Bool
  ) {
    self.corpus = segment
    self.index = index
    self.rowBase = rowBase
    self.collectingOccurrences = collectingOccurrences
    self.buffer = buffer
    self.range = range
    self.key = key
    self.row = row
    let first = UInt32(row)
    complexCursor = Self.lowerBound(of: first, in: corpus.complexRows, from: 0)
    remappedCursor = Self.lowerBound(of: first, in: corpus.remappedRows, from: 0)
  }

  mutating func withMemchr(rare: Int) {
    let base = buffer.baseAddress!
    let rareByte = Int32(key[rare])
    var position = range.lowerBound + rare
    let end = range.upperBound
    while position < end {
      guard let hit = memchr(base + position, rareByte, end - position) else { return }
      let found = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
      verify(found - rare)
      // Positions a match covers cannot start another, but are still occurrences.
      position = collectingOccurrences ? found + 1 : max(found + 1, nextAllowed + rare)
    }
  }

  mutating func withVectors(rare: Int, second: Int) {
    typealias Lanes = SIMD16<UInt8>
    let raw = UnsafeRawPointer(buffer.baseAddress!)
    let first = Lanes(repeating: key[rare])
    let other = Lanes(repeating: key[second])
    let last = range.upperBound - key.count  // the last candidate start
    var start = range.lowerBound
    // In bounds: while start + 63 ≤ last, the loads at start + rare + 48 and
    // start + second + 48 end at most at last + key.count - 1 < range.upperBound.
    while start + 63 <= last {
      @inline(__always) func hits(_ offset: Int) -> SIMDMask<SIMD16<Int8>> {
        (raw.loadUnaligned(fromByteOffset: start + offset + rare, as: Lanes.self) .== first)
          .& (raw.loadUnaligned(fromByteOffset: start + offset + second, as: Lanes.self) .== other)
      }
      let (m0, m1, m2, m3) = (hits(0), hits(16), hits(32), hits(48))
      if Self.bits(m0 .| m1 .| m2 .| m3) != 0 {
        var candidates =
          Self.bits(m0) | Self.bits(m1) << 16 | Self.bits(m2) << 32 | Self.bits(m3) << 48
        while candidates != 0 {
          verify(start + candidates.trailingZeroBitCount)
          candidates &= candidates - 1
        }
      }
      start += 64
    }
    while start <= last {
      if buffer[start + rare] == key[rare] && buffer[start + second] == key[second] {
        verify(start)
      }
      start += 1
    }
  }

  /// The lanes of `mask` as bits, lane 0 lowest: the sign bit of each byte, gathered
  /// by a multiply (SSE2 has no portable byte-mask extraction in Swift).
  @inline(__always)
  static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
    let bytes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask)
    let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
    let low = ((words[0] & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
    let high = ((words[1] & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
    return low | high << 8
  }

  @inline(__always)
  mutating func verify(_ start: Int) {
    let end = start + key.count
    guard start >= range.lowerBound, end <= range.upperBound,
      collectingOccurrences || start >= nextAllowed
    else { return }
    let base = buffer.baseAddress!
    // The last byte rejects most near misses before a call to memcmp.
    guard base[end - 1] == key[key.count - 1],
      key.count == 1 || memcmp(base + start, key.baseAddress!, key.count) == 0
    else { return }
    if collectingOccurrences {
      occurrences.append(UInt64(index) << 32 | UInt64(start))
      guard start >= nextAllowed else { return }
    }
    advanceRow(to: start)
    let rowStart = Int(corpus.rowStarts[row])
    let flags = corpus.rowFlags[row]
    var complexWords = 0
    if flags.contains(.isComplex) {
      complexCursor = Self.lowerBound(of: UInt32(row), in: corpus.complexRows, from: complexCursor)
      complexWords = Int(corpus.complexRowWords[complexCursor])
    }
    guard isBoundary(start, rowStart: rowStart, flags: flags, words: complexWords),
      isBoundary(end, rowStart: rowStart, flags: flags, words: complexWords)
    else { return }
    var startOffset = start - rowStart
    var endOffset = end - rowStart
    if flags.contains(.isRemapped) {
      remappedCursor = Self.lowerBound(
        of: UInt32(row), in: corpus.remappedRows, from: remappedCursor)
      startOffset = corpus.originalOffset(startOffset, remappedIndex: remappedCursor)
      endOffset = corpus.originalOffset(endOffset, remappedIndex: remappedCursor)
    }
    matches.append(Match(row: rowBase + row, start: startOffset, end: endOffset))
    nextAllowed = end
  }

  @inline(__always)
  func isBoundary(_ offset: Int, rowStart: Int, flags: FoldedSegment.RowFlags, words: Int) -> Bool {
    let byte = buffer[offset]
    if byte == 0xFF { return true }  // the row's end
    if byte & 0xC0 == 0x80 { return false }  // inside a scalar
    guard flags.contains(.isComplex) else { return true }
    let relative = offset - rowStart
    return corpus.nonBoundaryBits[words + relative / 64] & (1 << UInt64(relative % 64)) == 0
  }

  /// Moves `row` forward to the row holding byte `offset`, galloping: steps of 1, 2,
  /// 4, … rows until past it, then a binary search within the last step. The next match
  /// is usually a few rows on, so this touches a few nearby cache lines where a binary
  /// search over the whole table would miss the cache at every probe.
  @inline(__always)
  mutating func advanceRow(to offset: Int) {
    let starts = corpus.rowStarts
    if Int(starts[row + 1]) > offset { return }
    let lastRow = starts.count - 2
    var low = row + 1  // starts[low] ≤ offset
    var step = 1
    var high = min(low + step, lastRow)
    while high < lastRow && Int(starts[high]) <= offset {
      low = high
      step *= 2
      high = min(low + step, lastRow)
    }
    if Int(starts[high]) <= offset { low = high }
    // The last row in low...high whose start is ≤ offset.
    while low < high {
      let mid = (low + high + 1) / 2
      if Int(starts[mid]) <= offset { low = mid } else { high = mid - 1 }
    }
    row = low
  }

  /// The index of the first element ≥ `value` in ascending `array`, at or after `from`,
  /// galloping from `from` (the cursor of the previous candidate) so that nearby
  /// answers touch nearby memory.
  @inline(__always)
  static func lowerBound(of value: UInt32, in array: [UInt32], from: Int) -> Int {
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

/// A keyword folded once, ready to search any number of times.
public struct FoldedKeyword: Hashable, Sendable {
  /// The keyword's composed key, as UTF-8.
  public let bytes: [UInt8]

  public init(_ keyword: String) {
    bytes = MatchKey.composedKey(keyword)
  }
}
