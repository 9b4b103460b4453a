extension MatchIndex {
  /// Adds `count` rows at the end, with their matches taken from `matches` starting at
  /// `next` (rows are numbered from the current ``rowCount``); advances `next` past
  /// the matches used.
  mutating func appendRows(count: Int, matches: [Match], from next: inout Int) {
    precondition(count >= 0, "Cannot append a negative number of rows")
    var remaining = count
    while remaining > 0 {
      if rowCount % Self.rowsPerBlock == 0 {
        blocks.append(Block())
        blockFirst.append(blockFirst[blockFirst.count - 1])
      }
      let block = blocks.count - 1
      let take = min(remaining, Self.rowsPerBlock - rowCount % Self.rowsPerBlock)
      let added = blocks[block].appendRows(
        firstRow: rowCount, count: take, matches: matches, from: &next)
      blockFirst[block + 1] += added
      rowCount += take
      remaining -= take
    }
  }

  /// Appends rows at the end (live transcription), with their matches.
  ///
  /// - Precondition: `matches` are ordered and lie in the new rows, which are numbered
  ///   from the current ``rowCount``.
  /// - Complexity: O(*m* + *b*) for the *m* new matches and *b* new blocks.
  public mutating func append(rows count: Int, matches: [Match]) {
    var next = 0
    appendRows(count: count, matches: matches, from: &next)
    precondition(next == matches.count, "Appended matches must lie in the appended rows")
  }

  /// Replaces the matches of one row (after its text was edited).
  ///
  /// Returns false, and changes nothing, if the row does not exist.
  /// - Precondition: `matches` are ordered and all in `row`.
  /// - Complexity: O(*k* + *b*): the matches of the row's block and the number of blocks.
  @discardableResult
  public mutating func replaceMatches(inRow row: Int, with matches: [Match]) -> Bool {
    guard row >= 0 && row < rowCount else { return false }
    precondition(matches.allSatisfy { $0.row == row }, "Matches must lie in the edited row")
    let block = row / Self.rowsPerBlock
    let delta = blocks[block].replaceMatches(row: row, with: matches)
    if delta != 0 {
      for later in (block + 1)..<blockFirst.count { blockFirst[later] += delta }
    }
    return true
  }
}

extension MatchIndex.Block {
  /// Appends `count` rows starting at global row `firstRow`, with their matches taken
  /// from `matches` at `next`; returns the matches added.
  mutating func appendRows(
    firstRow: Int, count: Int, matches: [Match], from next: inout Int
  ) -> Int {
    let end = firstRow + count
    var last = next
    while last < matches.count && matches[last].row < end { last += 1 }
    precondition(
      next == last
        || (matches[next].row >= firstRow && self.matches.last.map { $0 < matches[next] } ?? true),
      "Matches must be ordered by row")
    self.matches.append(contentsOf: matches[next..<last])
    defer { next = last }
    return last - next
  }

  /// Replaces the matches of `row`; returns the change in count.
  mutating func replaceMatches(row: Int, with new: [Match]) -> Int {
    let range = range(ofRow: row)
    matches.replaceSubrange(range, with: new)
    return new.count - range.count
  }
}
