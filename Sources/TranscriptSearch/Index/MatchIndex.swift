/// The corpus-wide table of matches: every match in order (the position of a match is
/// its place in that order), with the lookups a search bar needs.
///
/// Storage is flat and compact: 10 bytes per match, and a few per block of
/// ``rowsPerBlock`` rows. Each block holds the matches of its rows in order, so a row's
/// matches are found by a binary search within its block, building costs nothing per
/// row (typing in a million-row transcript does not pay a million-row table), and
/// replacing one row's matches (an edit) or adding rows (live transcription) touches
/// one block and the per-block counts, not the whole table.
public struct MatchIndex: Sendable {
  /// Rows per block: small enough that rewriting a block is cheap, large enough that
  /// the per-block tables stay tiny.
  public static let rowsPerBlock = 4096

  /// The matches of a block's rows, in order, in two columns: each match's row counted
  /// from the block's first (16 bits hold it) and its offsets. Ten bytes a match, where
  /// an array of `Match` takes twelve.
  struct Block: Sendable, Equatable {
    /// The block's first row.
    let firstRow: Int
    var rows: [UInt16] = []
    var offsets: [Offsets] = []

    struct Offsets: Sendable, Equatable {
      var start: UInt32
      var end: UInt32
    }

    init(firstRow: Int) {
      self.firstRow = firstRow
    }

    /// The number of matches.
    var count: Int { rows.count }

    /// The match at `index` of the block.
    subscript(index: Int) -> Match {
      Match(
        checkedRow: UInt32(truncatingIfNeeded: firstRow + Int(rows[index])),
        start: offsets[index].start, end: offsets[index].end)
    }

    /// The block's matches, in order.
    var matches: [Match] { (0..<count).map { self[$0] } }

    /// The indices of the matches in `row`, one of the block's.
    func range(ofRow row: Int) -> Range<Int> {
      let local = UInt16(row - firstRow)
      let first = rows.partitioningIndex { $0 >= local }
      // The first match of a later row, searched after `first`.
      var low = first
      var high = rows.count
      while low < high {
        let mid = (low + high) / 2
        if rows[mid] > local { high = mid } else { low = mid + 1 }
      }
      return first..<low
    }
  }

  var blocks: [Block] = []
  /// For each block, the position of its first match; one extra entry at the end (the
  /// total count).
  var blockFirst: [Int] = [0]

  /// The number of rows the index covers.
  public internal(set) var rowCount = 0

  /// An index of no matches over no rows.
  public init() {}

  /// An index of `matches` over a corpus of `rowCount` rows.
  ///
  /// - Precondition: `matches` is ordered by row, then start, and every row is below
  ///   `rowCount`.
  /// - Complexity: O(*m* + *r* / ``rowsPerBlock``) for *m* matches and *r* rows.
  public init(matches: [Match], rowCount: Int) {
    var next = 0
    appendRows(count: rowCount, matches: matches, from: &next)
    precondition(next == matches.count, "Matches must be ordered and within the rows")
  }

  /// The number of matches.
  ///
  /// - Complexity: O(1).
  public var count: Int { blockFirst[blockFirst.count - 1] }

  /// Whether there is no match.
  public var isEmpty: Bool { count == 0 }

  /// The match at `position`.
  ///
  /// - Precondition: `0 <= position < count`.
  /// - Complexity: O(log *b*), where *b* is the number of blocks.
  public subscript(position: Int) -> Match {
    precondition(position >= 0 && position < count, "Position \(position) out of range")
    let block = block(holdingPosition: position)
    return blocks[block][position - blockFirst[block]]
  }

  /// The row of the match at `position`.
  ///
  /// - Complexity: O(log *b*), where *b* is the number of blocks (a few hundred at a
  ///   million rows).
  public func row(ofPosition position: Int) -> Int { self[position].row }

  /// The positions of the matches in `row`; empty if it has none or does not exist.
  ///
  /// - Complexity: O(log *k*), where *k* is the number of matches in the row's block.
  public func positions(inRow row: Int) -> Range<Int> {
    guard row >= 0 && row < rowCount else { return count..<count }
    let block = row / Self.rowsPerBlock
    let local = blocks[block].range(ofRow: row)
    return blockFirst[block] + local.lowerBound..<blockFirst[block] + local.upperBound
  }

  /// The position of the first match at or after `offset` in `row`, or in a later
  /// row; nil if there is none.
  ///
  /// - Complexity: O(log *n*).
  public func position(atOrAfterRow row: Int, offset: Int) -> Int? {
    if row >= rowCount { return nil }
    let positions = positions(inRow: max(row, 0))
    var low = positions.lowerBound
    var high = positions.upperBound
    if row >= 0 {
      while low < high {
        let mid = (low + high) / 2
        if self[mid].start < offset { low = mid + 1 } else { high = mid }
      }
    }
    if low < positions.upperBound { return low }
    // None left in this row: the first match of a later row.
    return positions.upperBound < count ? positions.upperBound : nil
  }

  /// The position of the match in `row` that covers UTF-8 `offset`, if any: what a tap
  /// on a highlighted match selects.
  ///
  /// - Complexity: O(log *n*).
  public func position(containingRow row: Int, offset: Int) -> Int? {
    let positions = positions(inRow: row)
    var low = positions.lowerBound
    var high = positions.upperBound
    // The last match starting at or before `offset`.
    while low < high {
      let mid = (low + high) / 2
      if self[mid].start <= offset { low = mid + 1 } else { high = mid }
    }
    guard low > positions.lowerBound else { return nil }
    return self[low - 1].end > offset ? low - 1 : nil
  }

  /// Every match, in order.
  public var allMatches: [Match] { blocks.flatMap(\.matches) }

  /// Bytes of heap the index holds.
  public var retainedBytes: Int {
    blocks.reduce(blockFirst.capacity * 8 + blocks.capacity * MemoryLayout<Block>.stride) {
      $0 + $1.rows.capacity * 2 + $1.offsets.capacity * MemoryLayout<Block.Offsets>.stride
    }
  }

  /// The block whose matches include `position`.
  func block(holdingPosition position: Int) -> Int {
    // The last block whose first position is ≤ position and that is not empty.
    var low = 0
    var high = blocks.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if blockFirst[mid] <= position { low = mid } else { high = mid - 1 }
    }
    return low
  }
}

extension MatchIndex: Equatable {
  /// Two indexes are equal when they cover the same rows with the same matches.
  public static func == (left: MatchIndex, right: MatchIndex) -> Bool {
    left.rowCount == right.rowCount && left.blocks == right.blocks
  }
}
