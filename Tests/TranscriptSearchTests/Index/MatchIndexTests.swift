import Testing

@testable import TranscriptSearch

@Suite("MatchIndex")
struct MatchIndexTests {
  /// Matches in rows 0, 2 (two), 4097 and 9000: across three blocks, with empty rows
  /// and an empty block between.
  let matches = [
    Match(row: 0, start: 1, end: 3), Match(row: 2, start: 0, end: 2),
    Match(row: 2, start: 5, end: 9),
    Match(row: 4_097, start: 3, end: 4), Match(row: 9_000, start: 0, end: 1),
  ]
  let rowCount = 12_000

  @Test func answersEveryLookup() {
    let index = MatchIndex(matches: matches, rowCount: rowCount)
    #expect(index.count == 5)
    #expect(index.rowCount == rowCount)
    #expect((0..<5).map { index[$0] } == matches)
    #expect((0..<5).map { index.row(ofPosition: $0) } == [0, 2, 2, 4_097, 9_000])
    #expect(index.positions(inRow: 2) == 1..<3)
    #expect(index.positions(inRow: 1).isEmpty)
    #expect(index.positions(inRow: 9_000) == 4..<5)
    #expect(index.positions(inRow: -1).isEmpty)
    #expect(index.positions(inRow: rowCount).isEmpty)
    #expect(index.allMatches == matches)
  }

  @Test func findsThePositionAtOrAfterARowAndOffset() {
    let index = MatchIndex(matches: matches, rowCount: rowCount)
    #expect(index.position(atOrAfterRow: 0, offset: 0) == 0)
    #expect(index.position(atOrAfterRow: 0, offset: 2) == 1)  // none left in row 0
    #expect(index.position(atOrAfterRow: 2, offset: 1) == 2)
    #expect(index.position(atOrAfterRow: 3, offset: 0) == 3)
    #expect(index.position(atOrAfterRow: 9_000, offset: 1) == nil)
    #expect(index.position(atOrAfterRow: rowCount, offset: 0) == nil)
    #expect(index.position(atOrAfterRow: -5, offset: 0) == 0)
  }

  @Test func findsTheMatchUnderATap() {
    let index = MatchIndex(matches: matches, rowCount: rowCount)
    #expect(index.position(containingRow: 2, offset: 5) == 2)
    #expect(index.position(containingRow: 2, offset: 8) == 2)
    #expect(index.position(containingRow: 2, offset: 9) == nil)
    #expect(index.position(containingRow: 2, offset: 3) == nil)
    #expect(index.position(containingRow: 1, offset: 0) == nil)
    #expect(index.position(containingRow: 99_999, offset: 0) == nil)
  }

  @Test func appendingRowsEqualsBuildingAtOnce() {
    var index = MatchIndex(matches: Array(matches.prefix(3)), rowCount: 4_000)
    index.append(rows: rowCount - 4_000, matches: Array(matches.suffix(2)))
    #expect(index == MatchIndex(matches: matches, rowCount: rowCount))
  }

  @Test func replacingOneRowsMatchesShiftsLaterPositions() {
    var index = MatchIndex(matches: matches, rowCount: rowCount)
    let replacement = [Match(row: 2, start: 7, end: 8)]
    #expect(did { index.replaceMatches(inRow: 2, with: replacement) })
    var expected = matches
    expected.replaceSubrange(1..<3, with: replacement)
    #expect(index == MatchIndex(matches: expected, rowCount: rowCount))
    #expect(index.positions(inRow: 4_097) == 2..<3)
    #expect(!did { index.replaceMatches(inRow: rowCount, with: []) })
    #expect(index == MatchIndex(matches: expected, rowCount: rowCount))
  }

  @Test func anEmptyIndexAnswersWithoutMatches() {
    let index = MatchIndex(matches: [], rowCount: 10)
    #expect(index.isEmpty)
    #expect(index.positions(inRow: 3).isEmpty)
    #expect(index.position(atOrAfterRow: 0, offset: 0) == nil)
    #expect(MatchIndex().count == 0)
  }

  /// Ten bytes a match (a row within its block, two offsets) and a few per block of
  /// rows, with every row of a block, its last included, answered.
  @Test func costsTenBytesPerMatchAndNothingPerRow() {
    let many = (0..<100_000).map { Match(row: $0, start: $0 % 7, end: $0 % 7 + 1 + $0 % 3) }
    let index = MatchIndex(matches: many, rowCount: many.count)
    let perMatch = Double(index.retainedBytes) / Double(many.count)
    #expect(perMatch < 10.5, "\(perMatch) bytes per match")
    #expect(index.allMatches == many)
    for row in [0, 4_095, 4_096, 8_191, 99_999] {
      #expect(index.positions(inRow: row) == row..<row + 1)
      #expect(index[row] == many[row])
    }
  }
}
