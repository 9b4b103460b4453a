/// Which match becomes current when the matches change (the keyword changed, or the
/// current row was edited).
///
/// In order: the new match in the same row that overlaps the old current match (the one
/// starting nearest the old start); else the match nearest the viewport's centre row, by
/// true distance in rows (a tie goes to the match at or after the centre); else, with no
/// viewport, the first match; else none.
public enum CurrentMatchPolicy {
  /// The position to make current in `index`.
  ///
  /// - Complexity: O(log *n* + *k*), where *k* is the number of new matches overlapping
  ///   the old one (at most its length in bytes).
  public static func choose(
    previous: Match?, in index: MatchIndex, viewport: Range<Int>
  ) -> Int? {
    guard !index.isEmpty else { return nil }
    if let previous, let kept = overlapping(previous, in: index) { return kept }
    guard !viewport.isEmpty else { return 0 }
    return nearest(toRow: viewport.lowerBound + (viewport.count - 1) / 2, in: index)
  }

  /// The match in `previous`'s row that overlaps it and starts nearest its start.
  static func overlapping(_ previous: Match, in index: MatchIndex) -> Int? {
    let positions = index.positions(inRow: previous.row)
    // The first match in the row that ends after the old start.
    var low = positions.lowerBound
    var high = positions.upperBound
    while low < high {
      let mid = (low + high) / 2
      if index[mid].end <= previous.start { low = mid + 1 } else { high = mid }
    }
    var best: Int?
    var position = low
    while position < positions.upperBound && index[position].start < previous.end {
      let distance = abs(index[position].start - previous.start)
      if best.map({ distance < abs(index[$0].start - previous.start) }) ?? true { best = position }
      position += 1
    }
    return best
  }

  /// The match whose row is nearest `row`: the first at or after it, or the last
  /// before it, whichever is closer.
  static func nearest(toRow row: Int, in index: MatchIndex) -> Int {
    let after = index.position(atOrAfterRow: row, offset: 0)
    let before = (after ?? index.count) - 1
    guard let after else { return before }
    guard before >= 0 else { return after }
    return row - index[before].row < index[after].row - row ? before : after
  }
}
