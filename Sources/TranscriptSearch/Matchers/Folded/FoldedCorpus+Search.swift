#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// How a search works (over the folded buffer; the keyword is folded the same way)
//   1. key = the keyword's composed key. If one of its bytes never occurs in the
//      corpus (the byte histogram says so), there is no match: done.
//   2. Prefilter: rare = the key's rarest byte by the histogram, at offset k in the key.
//      If it is rare enough, glibc's memchr (vectorised, dispatched at run time) finds
//      each occurrence; otherwise a 16-lane SIMD scan tests the rarest byte and the
//      second rarest together, which rejects far more positions per step.
//   3. Verify each candidate: the whole key compares equal, the candidate does not start
//      before the end of the previous match (matches never overlap), and both ends are
//      character boundaries (a continuation byte never is; in complex rows, the
//      boundary table says).
//   4. Report the row and both offsets mapped back to the original text.

extension FoldedCorpus {
  /// Every match of `keyword` in rows `rows`, in order.
  ///
  /// - Precondition: `keyword` is not empty; `rows` lies within the corpus.
  package func matches(
    of keyword: FoldedKeyword, inRows rows: Range<Int>, prefilter: Prefilter = .automatic
  ) -> [Match] {
    precondition(rows.lowerBound >= 0 && rows.upperBound <= rowCount, "Rows out of range")
    let key = keyword.bytes
    guard !key.isEmpty, !rows.isEmpty, key.allSatisfy({ byteCounts[Int($0)] > 0 }) else {
      return []
    }
    let (rare, second) = rarestOffsets(in: key)
    let low = Int(rowStarts[rows.lowerBound])
    let high = Int(rowStarts[rows.upperBound])
    var state = SearchState(row: rows.lowerBound)
    return bytes.withUnsafeBufferPointer { buffer in
      key.withUnsafeBufferPointer { key in
        // Rare enough for one memchr call per occurrence to cost less than scanning.
        let useMemchr =
          switch prefilter {
          case .automatic: byteCounts[Int(key[rare])] * 64 < buffer.count || second == nil
          case .memchr: true
          case .pair: second == nil
          }
        if useMemchr {
          scanWithMemchr(buffer, low..<high, key: key, rare: rare, state: &state)
        } else {
          scanWithPair(buffer, low..<high, key: key, rare: rare, second: second!, state: &state)
        }
        return state.matches
      }
    }
  }

  /// How candidates are found; tests force each one.
  package enum Prefilter: Sendable {
    case automatic, memchr, pair
  }

  /// The offset in `key` of its rarest byte and of the rarest byte at another offset.
  private func rarestOffsets(in key: [UInt8]) -> (Int, Int?) {
    let order = key.indices.sorted {
      (byteCounts[Int(key[$0])], $0) < (byteCounts[Int(key[$1])], $1)
    }
    return (order[0], order.count > 1 ? order[1] : nil)
  }

  private func scanWithMemchr(
    _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, key: UnsafeBufferPointer<UInt8>,
    rare: Int, state: inout SearchState
  ) {
    let base = buffer.baseAddress!
    let rareByte = Int32(key[rare])
    var position = range.lowerBound + rare
    let end = range.upperBound
    while position < end {
      guard let hit = memchr(base + position, rareByte, end - position) else { return }
      let found = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
      verify(candidate: found - rare, in: buffer, range, key: key, state: &state)
      position = max(found + 1, state.nextAllowed + rare)
    }
  }

  private func scanWithPair(
    _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, key: UnsafeBufferPointer<UInt8>,
    rare: Int, second: Int, state: inout SearchState
  ) {
    typealias Lanes = SIMD16<UInt8>
    let raw = UnsafeRawPointer(buffer.baseAddress!)
    let first = Lanes(repeating: key[rare])
    let other = Lanes(repeating: key[second])
    let last = range.upperBound - key.count  // the last candidate start
    var start = range.lowerBound
    // In bounds: a candidate start ≤ last - 15 leaves 16 readable bytes at start +
    // rare and at start + second, both < key.count.
    while start + Lanes.scalarCount - 1 <= last {
      let a = raw.loadUnaligned(fromByteOffset: start + rare, as: Lanes.self)
      let b = raw.loadUnaligned(fromByteOffset: start + second, as: Lanes.self)
      let hits = (a .== first) .& (b .== other)
      if any(hits) {
        for lane in 0..<Lanes.scalarCount where hits[lane] {
          verify(candidate: start + lane, in: buffer, range, key: key, state: &state)
        }
      }
      start += Lanes.scalarCount
    }
    while start <= last {
      if buffer[start + rare] == key[rare] && buffer[start + second] == key[second] {
        verify(candidate: start, in: buffer, range, key: key, state: &state)
      }
      start += 1
    }
  }

  @inline(__always)
  private func verify(
    candidate start: Int, in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    key: UnsafeBufferPointer<UInt8>, state: inout SearchState
  ) {
    let end = start + key.count
    guard start >= state.nextAllowed, start >= range.lowerBound, end <= range.upperBound,
      memcmp(buffer.baseAddress! + start, key.baseAddress!, key.count) == 0
    else { return }
    let row = state.advanceRow(to: start, rowStarts: rowStarts)
    let rowStart = Int(rowStarts[row])
    let flags = rowFlags[row]
    guard isBoundary(start, row: row, rowStart: rowStart, flags: flags, in: buffer),
      isBoundary(end, row: row, rowStart: rowStart, flags: flags, in: buffer)
    else { return }
    var startOffset = start - rowStart
    var endOffset = end - rowStart
    if flags.contains(.isRemapped) {
      startOffset = originalOffset(startOffset, row: row)
      endOffset = originalOffset(endOffset, row: row)
    }
    state.matches.append(Match(row: row, start: startOffset, end: endOffset))
    state.nextAllowed = end
  }

  @inline(__always)
  private func isBoundary(
    _ offset: Int, row: Int, rowStart: Int, flags: RowFlags, in buffer: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    let byte = buffer[offset]
    if byte == 0xFF { return true }  // the row's end
    if byte & 0xC0 == 0x80 { return false }  // inside a scalar
    guard flags.contains(.isComplex) else { return true }
    let index = Self.lowerBound(of: UInt32(row), in: complexRows)
    let relative = offset - rowStart
    let word = nonBoundaryBits[Int(complexRowWords[index]) + relative / 64]
    return word & (1 << UInt64(relative % 64)) == 0
  }

  /// Maps a folded offset at a character boundary of a remapped row to the original.
  package func originalOffset(_ folded: Int, row: Int) -> Int {
    let index = Self.lowerBound(of: UInt32(row), in: remappedRows)
    let first = Int(remapStarts[index])
    let end = Int(remapStarts[index + 1])
    // The last pair whose folded offset is ≤ `folded`.
    var low = first
    var high = end
    while low < high {
      let mid = (low + high) / 2
      if Int(remapPoints[2 * mid]) <= folded { low = mid + 1 } else { high = mid }
    }
    guard low > first else { return folded }
    let pair = low - 1
    return Int(remapPoints[2 * pair + 1]) + folded - Int(remapPoints[2 * pair])
  }

  /// The index of the first element ≥ `value` in ascending `array`.
  static func lowerBound(of value: UInt32, in array: [UInt32]) -> Int {
    var low = 0
    var high = array.count
    while low < high {
      let mid = (low + high) / 2
      if array[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }
}

/// Where a scan is: the row of the last candidate, the matches so far, and where the
/// next match may start.
struct SearchState {
  var row: Int
  var matches: [Match] = []
  var nextAllowed = 0

  /// The row holding byte `offset`. Candidates only move forward, so the search
  /// starts from the current row.
  mutating func advanceRow(to offset: Int, rowStarts: [UInt32]) -> Int {
    if Int(rowStarts[row + 1]) > offset { return row }
    // The last row whose start is ≤ offset.
    var low = row + 1
    var high = rowStarts.count - 2
    while low < high {
      let mid = (low + high + 1) / 2
      if Int(rowStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
    }
    row = low
    return row
  }
}

/// A keyword folded once, ready to search any number of times.
public struct FoldedKeyword: Hashable, Sendable {
  /// The keyword's composed key, as UTF-8.
  public let bytes: [UInt8]

  public init(_ keyword: String) {
    bytes = MatchKey.composedKey(keyword)
  }
}
