import Testing

@testable import TranscriptSearch

/// Finding the row of a hit looks at the next rows, eight at a time, then guesses from
/// the average row length and gallops from the guess: it must give the row a linear
/// search gives, whatever the rows' lengths and however far the hit is.
@Suite("Row of a hit")
struct FoldedScanRowLookupTests {
  /// Row starts (and the end) for rows of the given lengths.
  static func starts(_ lengths: [Int]) -> [UInt32] {
    var starts: [UInt32] = [0]
    for length in lengths { starts.append(starts.last! + UInt32(length)) }
    return starts
  }

  static func linearRow(holding offset: Int, in starts: [UInt32]) -> Int {
    var row = 0
    while Int(starts[row + 1]) <= offset { row += 1 }
    return row
  }

  @Test func everyOffsetFromEveryEarlierRow() {
    var random = SeededRandom(seed: 7)
    let shapes: [[Int]] = [
      Array(repeating: 100, count: 300),  // alike: the guess is right
      (0..<300).map { _ in 1 + Int(random.next() % 200) },  // varied
      (0..<300).map { $0 == 150 ? 20_000 : 1 },  // one huge row among tiny ones
      (0..<300).map { $0 < 10 ? 5_000 : 2 },  // long rows first, then tiny ones
      (0..<300).map { $0 >= 290 ? 5_000 : 2 },  // tiny rows, then long ones
      [1, 1],
    ]
    for lengths in shapes {
      let starts = Self.starts(lengths)
      starts.withUnsafeBufferPointer { table in
        let total = Int(starts.last!)
        for offset in stride(from: 0, to: total, by: max(1, total / 3_000)) {
          let expected = Self.linearRow(holding: offset, in: starts)
          for after in stride(from: -1, to: expected, by: max(1, expected / 40)) {
            let row = Scan.row(holding: offset, after: after, in: table)
            if row != expected {
              Issue.record("offset \(offset) after row \(after): \(row), not \(expected)")
              return
            }
          }
        }
      }
    }
  }
}
