import CScanKernels

// How several keywords are searched in one pass
//   With a kernel that searches several keys at once (AVX2), up to eight keys are found
//   in one pass over each segment, and each occurrence goes to its keyword's scan state,
//   so each keyword keeps its leftmost, non-overlapping matches. More keywords take a
//   pass per eight.
//   Otherwise the rows are taken in blocks small enough to stay in the first-level
//   cache, and each keyword's kernel scans a block in turn (see ScanKernel). Memory is
//   read from RAM once, whatever the number of keywords; only the cache is read once per
//   keyword.

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
    // Empty keywords, which never match, are left out of the scan.
    let live = keywords.indices.filter { !keywords[$0].bytes.isEmpty }
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
    let firstSegment = segment
    let checksWords = keywords.contains { $0.options.wordMatch != .contains }
    Self.withTexts(of: originals, if: checksWords) { texts in
      storage.withUnsafeBufferPointer { keys in
        while holdsAny(of: rows, from: segment) {
          let first = segmentFirstRow[segment]
          let local =
            max(rows.lowerBound, first) - first..<min(rows.upperBound, segmentFirstRow[segment + 1])
            - first
          segments.withUnsafeBufferPointer { segments in
            segments[segment].withView { view in
              var scans = zip(live, ranges).map { index, range in
                Scan(
                  segment: view, index: segment, rowBase: first, rows: local,
                  key: UnsafeBufferPointer(rebasing: keys[range]), collectingOccurrences: false,
                  wordMatch: keywords[index].options.wordMatch, originals: texts)
              }
              // Each keyword's matches move into its scan and back, so they are appended
              // once, never copied segment by segment.
              for (position, index) in live.enumerated() {
                swap(&scans[position].matches, &results[index])
              }
              Self.scanTogether(&scans, offsets: offsets, kernel: kernel)
              for (position, index) in live.enumerated() {
                swap(&scans[position].matches, &results[index])
              }
            }
          }
          // After the first segment: room for each keyword's matches at the rate found.
          if segment == firstSegment && !isLastSegment(segment, of: rows) {
            let bytes =
              Int(segments[segment].rowStarts[local.upperBound])
              - Int(segments[segment].rowStarts[local.lowerBound])
            for (position, index) in live.enumerated() {
              let key = keywords[index].bytes
              reserveRoom(
                for: &results[index], afterBytes: bytes, rows: rows,
                atMost: estimatedCount(of: key[offsets[position].rare], inRows: rows, margin: true))
            }
          }
          segment += 1
        }
      }
    }
    return results
  }

  /// Runs every scan over their common range, a block at a time.
  private static func scanTogether(
    _ scans: inout [Scan], offsets: [ScanOffsets], kernel: ScanKernel
  ) {
    guard let range = scans.first?.range else { return }
    if kernel.searchesSeveralKeysAtOnce && scans.count > 1 {
      var first = 0
      while first < scans.count {
        let group = first..<min(first + ScanKernel.keysPerPass, scans.count)
        scanInOnePass(&scans, group, range: range, kernel: kernel)
        first = group.upperBound
      }
      return
    }
    // A block and the keys' tails fit in the first-level cache with room to spare.
    let blockBytes = 16 * 1024
    var block = range.lowerBound
    while block < range.upperBound {
      let next = min(block + blockBytes, range.upperBound)
      for index in scans.indices {
        scans[index].run(kernel, from: block, to: next, offsets: offsets[index])
      }
      block = next
    }
  }

  /// Runs the scans `group` (at most ``ScanKernel/keysPerPass``) over `range` in one pass
  /// of `kernel`, handing each scan its own key's occurrences in order.
  private static func scanInOnePass(
    _ scans: inout [Scan], _ group: Range<Int>, range: Range<Int>, kernel: ScanKernel
  ) {
    let keys = group.map { tsb_key(bytes: scans[$0].key.baseAddress, count: scans[$0].key.count) }
    let capacity = ScanKernel.outputCapacity
    keys.withUnsafeBufferPointer { keys in
      let request = tsb_multi_scan(
        haystack: scans[group.lowerBound].buffer.baseAddress, from: range.lowerBound,
        to: range.upperBound, end: range.upperBound, keys: keys.baseAddress,
        key_count: keys.count)
      // A batch's starts, sorted out by key: key k's from k × capacity on.
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity * keys.count) { starts in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: keys.count) { counts in
          withUnsafeTemporaryAllocation(of: Match.self, capacity: capacity) { staging in
            kernel.forEachBatch(ofEach: request) { batch in
              counts.initialize(repeating: 0)
              for entry in batch {
                let key = Int(truncatingIfNeeded: entry >> 32)
                starts[key &* capacity &+ counts[key]] = UInt32(truncatingIfNeeded: entry)
                counts[key] &+= 1
              }
              for key in 0..<keys.count where counts[key] > 0 {
                scans[group.lowerBound + key].accept(
                  UnsafeBufferPointer(
                    rebasing: starts[key * capacity..<key * capacity + counts[key]]),
                  staging: staging.baseAddress!)
              }
            }
          }
        }
      }
    }
  }
}
