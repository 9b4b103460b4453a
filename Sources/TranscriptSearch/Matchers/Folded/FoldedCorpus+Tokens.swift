// How several keywords are searched in one pass (a shared rarest-byte prefilter)
//   for each keyword: rare_j = its rarest byte by the histogram, at offset k_j in its key
//   for each 16-byte block at p: one load V; hits = OR over j of (V .== splat(rare_j))
//     (one load serves every keyword: each compares its own byte)
//   where a lane matches rare_j, keyword j is verified at p + lane - k_j with its own scan
//   state (so each keyword keeps its leftmost, non-overlapping matches)
// Memory is read once, whatever the number of keywords.

extension FoldedCorpus {
  /// Every match of each keyword in rows `rows` (each keyword's list ordered and
  /// non-overlapping, as if searched alone), reading the corpus once.
  ///
  /// - Precondition: `rows` lies within the corpus.
  public func matches(ofEach keywords: [FoldedKeyword], inRows rows: Range<Int>) -> [[Match]] {
    precondition(rows.lowerBound >= 0 && rows.upperBound <= rowCount, "Rows out of range")
    var results = [[Match]](repeating: [], count: keywords.count)
    // Keywords that cannot match (empty, or with a byte the corpus never holds) are
    // left out of the scan.
    let live = keywords.indices.filter { index in
      !keywords[index].bytes.isEmpty && keywords[index].bytes.allSatisfy { byteCounts[Int($0)] > 0 }
    }
    guard !live.isEmpty, !rows.isEmpty else { return results }
    let rare = live.map { index -> Int in
      let key = keywords[index].bytes
      return key.indices.min { (byteCounts[Int(key[$0])], $0) < (byteCounts[Int(key[$1])], $1) }!
    }
    // All keys in one buffer, so each scan can hold a pointer into it.
    var storage: [UInt8] = []
    var ranges: [Range<Int>] = []
    for index in live {
      ranges.append(storage.count..<storage.count + keywords[index].bytes.count)
      storage += keywords[index].bytes
    }
    var segment = segmentIndex(ofRow: rows.lowerBound)
    storage.withUnsafeBufferPointer { keys in
      while segment < segments.count && segmentFirstRow[segment] < rows.upperBound {
        let first = segmentFirstRow[segment]
        let local =
          max(rows.lowerBound, first) - first..<min(rows.upperBound, segmentFirstRow[segment + 1])
          - first
        let folded = segments[segment]
        let found = folded.bytes.withUnsafeBufferPointer { buffer in
          var scans = ranges.map { range in
            Scan(
              segment: folded, index: segment, rowBase: first, buffer: buffer,
              range: Int(
                folded.rowStarts[local.lowerBound])..<Int(folded.rowStarts[local.upperBound]),
              key: UnsafeBufferPointer(rebasing: keys[range]), row: local.lowerBound,
              collectingOccurrences: false)
          }
          Self.scanTogether(&scans, rare: rare, buffer: buffer)
          return scans.map(\.matches)
        }
        for (position, index) in live.enumerated() { results[index] += found[position] }
        segment += 1
      }
    }
    return results
  }

  /// One pass over the scans' common range: a block is loaded once and compared with
  /// every keyword's rarest byte.
  private static func scanTogether(
    _ scans: inout [Scan], rare: [Int], buffer: UnsafeBufferPointer<UInt8>
  ) {
    typealias Lanes = SIMD16<UInt8>
    guard let range = scans.first?.range else { return }
    let raw = UnsafeRawPointer(buffer.baseAddress!)
    let splats = scans.indices.map { Lanes(repeating: scans[$0].key[rare[$0]]) }
    var position = range.lowerBound
    // In bounds: position + 15 < range.upperBound ≤ buffer.count.
    while position + Lanes.scalarCount <= range.upperBound {
      let block = raw.loadUnaligned(fromByteOffset: position, as: Lanes.self)
      var any = block .== splats[0]
      for index in 1..<splats.count { any .|= block .== splats[index] }
      if Scan.bits(any) != 0 {
        for index in scans.indices {
          var lanes = Scan.bits(block .== splats[index])
          while lanes != 0 {
            scans[index].verify(position + lanes.trailingZeroBitCount - rare[index])
            lanes &= lanes - 1
          }
        }
      }
      position += Lanes.scalarCount
    }
    while position < range.upperBound {
      for index in scans.indices where buffer[position] == scans[index].key[rare[index]] {
        scans[index].verify(position - rare[index])
      }
      position += 1
    }
  }
}
