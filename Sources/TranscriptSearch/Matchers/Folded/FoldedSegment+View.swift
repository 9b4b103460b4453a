extension FoldedSegment {
  /// A segment's tables read in place, for the length of one scan.
  ///
  /// A scan holds this, not a copy of the segment: a copy retains each of the segment's
  /// arrays, an atomic write to a header that is rarely in cache, and a narrowing visits
  /// hundreds of segments for a few places each ("麒" to "麒麟" on mixed-1m: a fifth of
  /// its time went to those copies).
  struct View {
    let bytes: UnsafeBufferPointer<UInt8>
    let rowStarts: UnsafeBufferPointer<UInt32>
    let rowFlags: UnsafeBufferPointer<RowFlags>
    let complexRows: UnsafeBufferPointer<UInt32>
    let complexRowWords: UnsafeBufferPointer<UInt32>
    let nonBoundaryBits: UnsafeBufferPointer<UInt64>
    let remappedRows: UnsafeBufferPointer<UInt32>
    let remapStarts: UnsafeBufferPointer<UInt32>
    let remapPoints: UnsafeBufferPointer<UInt32>
    let asciiInsideCharacters: UInt128
    let asciiInsideAfter: UnsafeBufferPointer<UInt128>
    let nonASCIIInsideCharacters: UnsafeBufferPointer<UInt64>
  }

  /// Calls `body` with a view of the segment, valid only during the call.
  @inline(__always)
  func withView<Result>(_ body: (View) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      rowStarts.withUnsafeBufferPointer { rowStarts in
        rowFlags.withUnsafeBufferPointer { rowFlags in
          complexRows.withUnsafeBufferPointer { complexRows in
            complexRowWords.withUnsafeBufferPointer { complexRowWords in
              nonBoundaryBits.withUnsafeBufferPointer { nonBoundaryBits in
                remappedRows.withUnsafeBufferPointer { remappedRows in
                  remapStarts.withUnsafeBufferPointer { remapStarts in
                    remapPoints.withUnsafeBufferPointer { remapPoints in
                      nonASCIIInsideCharacters.withUnsafeBufferPointer { nonASCIIInside in
                        asciiInsideAfter.withUnsafeBufferPointer { asciiInsideAfter in
                          body(
                            View(
                              bytes: bytes, rowStarts: rowStarts, rowFlags: rowFlags,
                              complexRows: complexRows, complexRowWords: complexRowWords,
                              nonBoundaryBits: nonBoundaryBits, remappedRows: remappedRows,
                              remapStarts: remapStarts, remapPoints: remapPoints,
                              asciiInsideCharacters: asciiInsideCharacters,
                              asciiInsideAfter: asciiInsideAfter,
                              nonASCIIInsideCharacters: nonASCIIInside))
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
  }
}

extension FoldedSegment.View {
  /// The original offsets of the character boundaries at folded offsets `start` and
  /// `end` (`start < end`) of a remapped row (relative to the row), given the row's index
  /// in `remappedRows`.
  func originalOffsets(_ start: Int, _ end: Int, remappedIndex index: Int) -> (
    start: OriginalOffsets, end: OriginalOffsets
  ) {
    let (pairs, atStart, atEnd) = pairs(at: start, end, remappedIndex: index)
    return (
      offsets(start, from: atStart, pairs: pairs), offsets(end, from: atEnd, pairs: pairs)
    )
  }

  /// ``originalOffsets(_:_:remappedIndex:)`` where each is one offset; nil where either
  /// is several (characters whose keys are empty fold to nothing there), for that one to
  /// choose among.
  @inline(__always)
  func originalOffsets(_ start: Int, _ end: Int, remappedIndex index: Int) -> (
    start: Int, end: Int
  )? {
    let (pairs, atStart, atEnd) = pairs(at: start, end, remappedIndex: index)
    // A pair at either offset: several originals may fold there.
    if atStart < pairs.upperBound && Int(remapPoints[2 * atStart]) == start { return nil }
    if atEnd < pairs.upperBound && Int(remapPoints[2 * atEnd]) == end { return nil }
    return (
      original(start, before: atStart, pairs: pairs), original(end, before: atEnd, pairs: pairs)
    )
  }

  /// The pairs of the remapped row at `index` in `remappedRows`, and among them the first
  /// whose folded offset is ≥ `start` and the first ≥ `end`: halving a long row's pairs
  /// down to a few lines of them, then pair by pair. A row's pairs are rarely in cache, and
  /// the pairs a binary search reads next wait for the one it read last, where the loads of
  /// a pass in order go out at once.
  @inline(__always)
  private func pairs(at start: Int, _ end: Int, remappedIndex index: Int) -> (
    pairs: Range<Int>, atStart: Int, atEnd: Int
  ) {
    let first = Int(remapStarts[index])
    let last = Int(remapStarts[index + 1])
    var low = first
    var high = last
    while high - low > Self.pairsSearchedInOrder {
      let mid = (low + high) / 2
      if Int(remapPoints[2 * mid]) < start { low = mid + 1 } else { high = mid }
    }
    while low < high && Int(remapPoints[2 * low]) < start { low += 1 }
    var pair = low
    while pair < last && Int(remapPoints[2 * pair]) < end { pair += 1 }
    return (first..<last, low, pair)
  }

  /// The pairs a search for an offset reads in order rather than halving: four lines.
  static let pairsSearchedInOrder = 32

  /// The original offsets at folded offset `folded`, given `pair`, the first of the row's
  /// `pairs` whose folded offset is ≥ `folded`.
  @inline(__always)
  private func offsets(_ folded: Int, from pair: Int, pairs: Range<Int>) -> OriginalOffsets {
    var equal = pair
    while equal < pairs.upperBound && Int(remapPoints[2 * equal]) == folded { equal += 1 }
    if equal > pair { return OriginalOffsets(pairs: pair..<equal) }
    return OriginalOffsets(original(folded, before: pair, pairs: pairs))
  }

  /// The original offset at folded offset `folded`, where no pair of the row's `pairs` is
  /// and `pair` is the first after it.
  @inline(__always)
  private func original(_ folded: Int, before pair: Int, pairs: Range<Int>) -> Int {
    // Between pairs, folded and original offsets advance together.
    guard pair > pairs.lowerBound else { return folded }
    return Int(remapPoints[2 * pair - 1]) + folded - Int(remapPoints[2 * pair - 2])
  }

  /// The original offsets at one folded offset, earliest first: one offset, or the
  /// offsets of a run of pairs in `remapPoints` (several when characters whose keys are
  /// empty fold to nothing there).
  struct OriginalOffsets {
    private let offset: Int
    private let pairs: Range<Int>

    init(_ offset: Int) {
      self.offset = offset
      pairs = 0..<0
    }

    init(pairs: Range<Int>) {
      offset = 0
      self.pairs = pairs
    }

    /// The first offset that satisfies `isAllowed`, or nil.
    @inline(__always)
    func first(in segment: FoldedSegment.View, where isAllowed: (Int) -> Bool) -> Int? {
      if pairs.isEmpty { return isAllowed(offset) ? offset : nil }
      for pair in pairs {
        let original = Int(segment.remapPoints[2 * pair + 1])
        if isAllowed(original) { return original }
      }
      return nil
    }
  }
}
