/// Fits a row's cells into the columns a screen line has: a row longer than the line is
/// cut with a `…` marker, and shifted (with a `…` on the left) so that the match it must
/// show is on screen. A wide character never straddles the edge.
public enum LineFit {
  /// At most `columns` columns of `cells`, showing the cells from `focus` (a range of
  /// cell indices, such as the current match's) when the line cannot hold them all.
  public static func fit(_ cells: [Cell], columns: Int, focus: Range<Int>? = nil) -> [Cell] {
    guard columns > 0 else { return [] }
    let total = cells.reduce(0) { $0 + $1.width }
    if total <= columns { return cells }
    let marker = Cell("\u{2026}", width: 1, style: .dim)
    // Start where the focus ends within the line, with a little context before it.
    var first = 0
    if let focus, !focus.isEmpty, columns >= 3 {
      let widthThroughFocus = cells[..<focus.upperBound].reduce(0) { $0 + $1.width }
      if widthThroughFocus > columns - 1 {
        let context = max(0, min(8, (columns - 2) / 4))
        var start = focus.lowerBound
        var before = 0
        while start > 0 && before + cells[start - 1].width <= context {
          start -= 1
          before += cells[start].width
        }
        first = start
      }
    }
    var line: [Cell] = []
    var used = 0
    if first > 0 {
      line.append(marker)
      used = 1
    }
    var index = first
    while index < cells.count {
      let cell = cells[index]
      // Room for the marker is kept unless this is the last cell.
      let reserve = index == cells.count - 1 ? 0 : 1
      if used + cell.width + reserve > columns { break }
      line.append(cell)
      used += cell.width
      index += 1
    }
    if index < cells.count {
      line.append(marker)
      used += 1
    }
    while used < columns && index < cells.count {
      // A wide character did not fit before the marker: the column is left blank.
      line.insert(Cell(" ", width: 1, style: .plain), at: line.count - 1)
      used += 1
    }
    return line
  }
}
