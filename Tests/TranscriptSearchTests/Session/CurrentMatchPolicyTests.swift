import Testing

@testable import TranscriptSearch

@Suite("CurrentMatchPolicy")
struct CurrentMatchPolicyTests {
  let index = MatchIndex(
    matches: [
      Match(row: 2, start: 0, end: 3), Match(row: 10, start: 0, end: 4),
      Match(row: 10, start: 6, end: 8),
      Match(row: 10, start: 9, end: 12), Match(row: 30, start: 1, end: 2),
    ], rowCount: 40)

  @Test func keepsTheOverlappingMatchStartingNearestTheOldStart() {
    // The old current match covered 5..<11 of row 10: it overlaps 6..<8 and 9..<12;
    // 6 is nearest to 5.
    let kept = CurrentMatchPolicy.choose(
      previous: Match(row: 10, start: 5, end: 11), in: index, viewport: 0..<40)
    #expect(kept == 2)
    let other = CurrentMatchPolicy.choose(
      previous: Match(row: 10, start: 10, end: 11), in: index, viewport: 0..<40)
    #expect(other == 3)
  }

  @Test func elseTakesTheMatchNearestTheViewportCentre() {
    // Centre of 20..<29 is row 24: row 30 is 6 away, row 10 is 14 away.
    #expect(CurrentMatchPolicy.choose(previous: nil, in: index, viewport: 20..<29) == 4)
    // Centre of 12..<21 is row 16: row 10 is 6 away, row 30 is 14 away; the nearest
    // before the centre is the last match of row 10.
    #expect(CurrentMatchPolicy.choose(previous: nil, in: index, viewport: 12..<21) == 3)
    // A previous match in a row without new matches falls through to the viewport.
    #expect(
      CurrentMatchPolicy.choose(
        previous: Match(row: 5, start: 0, end: 1), in: index, viewport: 28..<33) == 4)
  }

  @Test func aTieGoesToTheMatchAtOrAfterTheCentre() {
    // Centre of 16..<25 is row 20: rows 10 and 30 are both 10 away.
    #expect(CurrentMatchPolicy.choose(previous: nil, in: index, viewport: 16..<25) == 4)
  }

  @Test func withoutAViewportTheFirstMatchAndWithoutMatchesNone() {
    #expect(CurrentMatchPolicy.choose(previous: nil, in: index, viewport: 0..<0) == 0)
    #expect(
      CurrentMatchPolicy.choose(
        previous: Match(row: 1, start: 0, end: 1), in: MatchIndex(matches: [], rowCount: 40),
        viewport: 0..<10) == nil)
  }
}
