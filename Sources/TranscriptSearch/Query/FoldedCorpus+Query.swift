extension Corpus {
  /// The runs of rows in `scope`, in order. A time range is found by binary search when
  /// start times never decrease (transcripts), by a scan otherwise; speakers by a scan.
  ///
  /// - Complexity: O(log *n*) for a time range alone over ordered rows, O(*n*) otherwise.
  public func rows(in scope: SearchScope) -> [Range<Int>] {
    if scope.isEverything { return count > 0 ? [0..<count] : [] }
    var candidates = 0..<count
    if let times = scope.startTimes, startTimesAreOrdered {
      let low = partitionPoint { startTime(ofRow: $0) >= times.lowerBound }
      let high = partitionPoint { startTime(ofRow: $0) >= times.upperBound }
      candidates = low..<Swift.max(low, high)
      if scope.speakers == nil { return candidates.isEmpty ? [] : [candidates] }
    }
    var runs: [Range<Int>] = []
    var runStart: Int?
    for row in candidates {
      let inScope =
        (scope.startTimes.map { $0.contains(startTime(ofRow: row)) } ?? true)
        && (scope.speakers.map { speakers in speaker(ofRow: row).map(speakers.contains) ?? false }
          ?? true)
      if inScope, runStart == nil { runStart = row }
      if !inScope, let start = runStart {
        runs.append(start..<row)
        runStart = nil
      }
    }
    if let start = runStart { runs.append(start..<candidates.upperBound) }
    return runs
  }

  /// The first row for which `isAtOrAfter` holds, given that it holds for every later row.
  private func partitionPoint(_ isAtOrAfter: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if isAtOrAfter(mid) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}

extension FoldedCorpus {
  /// The matches of a token query over rows `runs`: every token found in one pass,
  /// then merged row by row — leftmost first, the longest where two start together,
  /// never overlapping — and, in `all` mode, kept only in rows holding every token.
  /// `originals` as for ``matches(of:inRows:kernel:originals:)``.
  ///
  /// - Precondition: this form ignores diacritics exactly when the query does.
  public func matches(
    of query: TokenQuery, inRows runs: [Range<Int>], originals: Corpus? = nil
  ) -> [TokenMatch] {
    let keys = query.tokens.map { FoldedKeyword($0, options: query.options) }
    guard !keys.isEmpty else { return [] }
    var perToken = [[Match]](repeating: [], count: keys.count)
    for run in runs where !run.isEmpty {
      for (token, matches) in matches(ofEach: keys, inRows: run, originals: originals).enumerated()
      {
        perToken[token] += matches
      }
    }
    return Self.merge(perToken, mode: query.mode)
  }

  /// Merges each token's ordered matches by the rule above.
  static func merge(_ perToken: [[Match]], mode: TokenQuery.Mode) -> [TokenMatch] {
    var all: [TokenMatch] = []
    for (token, matches) in perToken.enumerated() {
      all += matches.map { TokenMatch(match: $0, token: token) }
    }
    all.sort {
      ($0.match.row, $0.match.start, -$0.match.end, $0.token)
        < ($1.match.row, $1.match.start, -$1.match.end, $1.token)
    }
    var merged: [TokenMatch] = []
    merged.reserveCapacity(all.count)
    var lastRow = -1
    var lastEnd = 0
    for candidate in all {
      if candidate.match.row == lastRow && candidate.match.start < lastEnd { continue }
      merged.append(candidate)
      lastRow = candidate.match.row
      lastEnd = candidate.match.end
    }
    guard mode == .all, perToken.count > 1 else { return merged }
    // Rows where every token matched (by its own matches, before merging).
    var rowsPerToken = perToken.map { Set($0.map(\.row)) }
    var everyToken = rowsPerToken.removeFirst()
    for rows in rowsPerToken { everyToken.formIntersection(rows) }
    return merged.filter { everyToken.contains($0.match.row) }
  }
}
