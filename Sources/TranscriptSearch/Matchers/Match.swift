/// One match: a half-open range of UTF-8 byte offsets inside one row's original text.
///
/// Stored in 12 bytes, so millions of matches stay small.
public struct Match: Hashable, Sendable, Comparable, CustomStringConvertible {
  private let _row: UInt32
  private let _start: UInt32
  private let _end: UInt32

  /// The row's index in the corpus.
  public var row: Int { Int(_row) }
  /// The UTF-8 offset of the match's first byte in the row's text.
  public var start: Int { Int(_start) }
  /// The UTF-8 offset just past the match's last byte.
  public var end: Int { Int(_end) }

  /// - Precondition: `0 <= start < end`, and all three fit in 32 bits.
  public init(row: Int, start: Int, end: Int) {
    precondition(0 <= start && start < end, "A match is a non-empty range")
    _row = UInt32(row)
    _start = UInt32(start)
    _end = UInt32(end)
  }

  /// A match the caller has already checked: the search's hot path.
  @inline(__always)
  init(checkedRow row: UInt32, start: UInt32, end: UInt32) {
    _row = row
    _start = start
    _end = end
  }

  /// The match covering `range` of `text`, the text of row `row`.
  ///
  /// - Precondition: `range` is a non-empty range of `text`.
  public init(row: Int, range: Range<String.Index>, in text: String) {
    self.init(
      row: row, start: text.utf8.distance(from: text.startIndex, to: range.lowerBound),
      end: text.utf8.distance(from: text.startIndex, to: range.upperBound))
  }

  /// Orders by row, then start: the order of positions in a match index.
  public static func < (left: Match, right: Match) -> Bool {
    (left._row, left._start, left._end) < (right._row, right._start, right._end)
  }

  public var description: String { "(\(row), \(start)..<\(end))" }
}
