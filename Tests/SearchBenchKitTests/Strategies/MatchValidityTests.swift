import SearchStrategies
import Testing
import TranscriptSearch

@testable import SearchBenchKit

@Suite("MatchValidity")
struct MatchValidityTests {
  let corpus = Corpus([
    TranscriptRow(start: 0, text: "abc abc"), TranscriptRow(start: 1, text: "été"),
  ])

  @Test func theOraclesMatchesAreValid() async throws {
    let matches = try await OracleMatcher(corpus: corpus).matches(of: "t")
    #expect(MatchValidity.problem(with: matches, in: corpus) == nil)
  }

  @Test(arguments: [
    ([Match(row: 0, start: 4, end: 7), Match(row: 0, start: 0, end: 3)], "out of order"),
    ([Match(row: 0, start: 0, end: 3), Match(row: 0, start: 2, end: 5)], "overlaps"),
    ([Match(row: 0, start: 5, end: 9)], "outside the row"),
    ([Match(row: 2, start: 0, end: 1)], "no such row"),
    // "é" is two bytes: offset 1 is inside it.
    ([Match(row: 1, start: 1, end: 3)], "inside a character"),
    ([Match(row: 1, start: 0, end: 4)], "inside a character"),
  ])
  func namesWhatIsWrong(_ matches: [Match], _ problem: String) {
    let found = MatchValidity.problem(with: matches, in: corpus)
    #expect(found?.contains(problem) == true, "\(found ?? "nil")")
  }
}
