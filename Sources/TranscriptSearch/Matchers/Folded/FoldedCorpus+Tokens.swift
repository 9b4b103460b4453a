// How several keywords are searched in one pass
//   The rows are taken in blocks small enough to stay in the first-level cache; each
//   keyword's kernel scans a block in turn (see ScanKernel), with its own scan state, so
//   each keyword keeps its leftmost, non-overlapping matches. Memory is read from RAM
//   once, whatever the number of keywords; only the cache is read once per keyword.

extension FoldedCorpus {
  /// Every match of each keyword in rows `rows` (each keyword's list ordered and
  /// non-overlapping, as if searched alone), reading the corpus once. `originals` as
  /// for ``matches(of:inRows:kernel:originals:)``.
  ///
  /// - Precondition: `rows` lies within the corpus; as for
  ///   ``matches(of:inRows:kernel:originals:)`` for each keyword.
  public func matches(
    ofEach keywords: [FoldedKeyword], inRows rows: Range<Int>, kernel: ScanKernel = .automatic,
    originals: Corpus? = nil
  ) -> [[Match]] {
    precondition(rows.lowerBound >= 0 && rows.upperBound <= rowCount, "Rows out of range")
    for keyword in keywords { checkForm(of: keyword, originals: originals) }
    var results = [[Match]](repeating: [], count: keywords.count)
    // Keywords that cannot match (empty, or with a byte the corpus never holds) are
    // left out of the scan.
    let live = keywords.indices.filter { index in
      !keywords[index].bytes.isEmpty && keywords[index].bytes.allSatisfy { byteCounts[Int($0)] > 0 }
    }
    guard !live.isEmpty, !rows.isEmpty else { return results }
    let offsets = live.map { rarestOffsets(in: keywords[$0].bytes) }
    // All keys in one buffer, so each scan can hold a pointer into it.
    var storage: [UInt8] = []
    var ranges: [Range<Int>] = []
    for index in live {
      ranges.append(storage.count..<storage.count + keywords[index].bytes.count)
      storage += keywords[index].bytes
    }
    var segment = segmentIndex(ofRow: rows.lowerBound)
    let checksWords = keywords.contains { $0.options.wordMatch != .contains }
    Self.withTexts(of: originals, if: checksWords) { texts in
      storage.withUnsafeBufferPointer { keys in
        while segment < segments.count && segmentFirstRow[segment] < rows.upperBound {
          let first = segmentFirstRow[segment]
          let local =
            max(rows.lowerBound, first) - first..<min(rows.upperBound, segmentFirstRow[segment + 1])
            - first
          let folded = segments[segment]
          let found = folded.withBuffers(key: []) { buffer, rowStarts, rowFlags, _ in
            var scans = zip(live, ranges).map { index, range in
              Scan(
                segment: folded, index: segment, rowBase: first, buffer: buffer,
                rowStarts: rowStarts, rowFlags: rowFlags, rows: local,
                key: UnsafeBufferPointer(rebasing: keys[range]), collectingOccurrences: false,
                wordMatch: keywords[index].options.wordMatch, originals: texts)
            }
            Self.scanTogether(&scans, offsets: offsets, kernel: kernel)
            return scans.map(\.matches)
          }
          for (position, index) in live.enumerated() { results[index] += found[position] }
          segment += 1
        }
      }
    }
    return results
  }

  /// Runs every scan over their common range, a block at a time.
  private static func scanTogether(
    _ scans: inout [Scan], offsets: [(rare: Int, second: Int)], kernel: ScanKernel
  ) {
    guard let range = scans.first?.range else { return }
    // A block and the keys' tails fit in the first-level cache with room to spare.
    let blockBytes = 16 * 1024
    var block = range.lowerBound
    while block < range.upperBound {
      let next = min(block + blockBytes, range.upperBound)
      for index in scans.indices {
        scans[index].run(
          kernel, from: block, to: next, rare: offsets[index].rare, second: offsets[index].second)
      }
      block = next
    }
  }
}
