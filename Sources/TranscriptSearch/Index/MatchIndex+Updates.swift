extension MatchIndex {
  /// Adds `count` rows at the end, with their matches taken from `matches` starting at
  /// `next` (rows are numbered from the current ``rowCount``); advances `next` past
  /// the matches used.
  mutating func appendRows(count: Int, matches: [Match], from next: inout Int) {
    precondition(count >= 0, "Cannot append a negative number of rows")
    var remaining = count
    while remaining > 0 {
      if rowCount % Self.rowsPerBlock == 0 {
        blocks.append(Block(firstRow: rowCount))
        blockFirst.append(blockFirst[blockFirst.count - 1])
      }
      let block = blocks.count - 1
      let take = min(remaining, Self.rowsPerBlock - rowCount % Self.rowsPerBlock)
      let added = blocks[block].appendRows(
        startingAt: rowCount, count: take, matches: matches, from: &next)
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
  /// Appends `count` rows starting at global row `newRow`, with their matches taken
  /// from `matches` at `next`; returns the matches added.
  mutating func appendRows(
    startingAt newRow: Int, count: Int, matches: [Match], from next: inout Int
  ) -> Int {
    let end = newRow + count
    var last = next
    while last < matches.count && matches[last].row < end { last += 1 }
    precondition(
      next == last
        || (matches[next].row >= newRow && (rows.isEmpty || self[rows.count - 1] < matches[next])),
      "Matches must be ordered by row")
    let added = matches[next..<last]
    defer { next = last }
    let firstRow = self.firstRow
    if rows.isEmpty && added.count >= 64 {
      // A block built whole (a search's index): each column allocated once, exactly,
      // and both filled in one pass.
      var offsets: [Offsets] = []
      rows = Array(unsafeUninitializedCapacity: added.count) { rows, initialized in
        offsets = Array(unsafeUninitializedCapacity: added.count) { offsets, filled in
          added.withUnsafeBufferPointer { added in
            for index in added.indices {
              rows[index] = UInt16(truncatingIfNeeded: added[index].row - firstRow)
              offsets[index] = Offsets(
                start: UInt32(truncatingIfNeeded: added[index].start),
                end: UInt32(truncatingIfNeeded: added[index].end))
            }
          }
          filled = added.count
        }
        initialized = added.count
      }
      self.offsets = offsets
    } else {
      // A few matches (a rare keyword's block), or rows appended live: appended one by
      // one. (`Array(unsafeUninitializedCapacity:)` allocates through an unspecialized
      // call that looks the storage's type up at run time, in a locked table: as much
      // as filling a few dozen matches, and a rare keyword's index has hundreds of
      // blocks of a few matches each.)
      if rows.isEmpty {
        rows.reserveCapacity(added.count)
        offsets.reserveCapacity(added.count)
      }
      for match in added {
        rows.append(UInt16(truncatingIfNeeded: match.row - firstRow))
        offsets.append(
          Offsets(
            start: UInt32(truncatingIfNeeded: match.start),
            end: UInt32(truncatingIfNeeded: match.end)))
      }
    }
    return last - next
  }

  /// Replaces the matches of `row`; returns the change in count.
  mutating func replaceMatches(row: Int, with new: [Match]) -> Int {
    let range = range(ofRow: row)
    rows.replaceSubrange(range, with: new.map { UInt16(truncatingIfNeeded: $0.row - firstRow) })
    offsets.replaceSubrange(
      range, with: new.map { Offsets(start: UInt32($0.start), end: UInt32($0.end)) })
    return new.count - range.count
  }
}
