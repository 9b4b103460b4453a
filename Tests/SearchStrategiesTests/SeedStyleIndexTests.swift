import Foundation
import SearchStrategies
import Testing

@testable import TranscriptSearch

@Suite("SeedStyleIndex")
struct SeedStyleIndexTests {
  let texts = (0..<20).map { $0.isMultiple(of: 4) ? "zephyr and zephyr" : "nothing here" }
  var ids: [UUID] {
    texts.indices.map { UUID(uuid: (UInt8($0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
  }

  func matches(_ keyword: String) async throws -> [Match] {
    try await OracleMatcher(corpus: Corpus(texts.map { TranscriptRow(start: 0, text: $0) }))
      .matches(of: keyword)
  }

  @Test func holdsTheSamplesThreeTables() async throws {
    let found = try await matches("zephyr")
    let index = SeedStyleIndex(matches: found, texts: texts, rowIDs: ids)
    #expect(index.count == 10)
    #expect(index.positionsByRow[ids[4]] == [2, 3])
    #expect(index.rowByPosition[3] == ids[4])
    let range = try #require(index.rangesByRow[ids[4]]?.last?.range)
    #expect(String(texts[4][range]) == "zephyr")
  }

  /// Defect 1: the sample's selection accepts only `position < count - 1`.
  @Test func theSampleCannotSelectTheLastMatch() async throws {
    let found = try await matches("zephyr")
    var seed = SeedStyleIndex(matches: found, texts: texts, rowIDs: ids)
    seed.select(position: 9)
    #expect(seed.currentPosition != 9)
    var navigation = SearchNavigation(index: MatchIndex(matches: found, rowCount: texts.count))
    let selected = navigation.select(position: 9)
    #expect(selected)
    #expect(navigation.current == 9)
  }

  /// Defect 2: with rows 0…12 on screen (centre 6), rows 4 and 8 are equally near and
  /// row 0 is farthest, yet the sample picks row 0, the topmost.
  @Test func theSamplePicksTheTopmostVisibleRowNotTheNearestToTheCentre() async throws {
    let found = try await matches("zephyr")
    var seed = SeedStyleIndex(matches: [], texts: texts, rowIDs: ids)
    seed.onScreen = Dictionary(uniqueKeysWithValues: (0...12).map { (ids[$0], $0) })
    seed.adopt(SeedStyleIndex(matches: found, texts: texts, rowIDs: ids))
    #expect(seed.currentID == ids[0])

    var navigation = SearchNavigation(
      index: MatchIndex(matches: [], rowCount: texts.count), viewport: 0..<13)
    navigation.replaceIndex(MatchIndex(matches: found, rowCount: texts.count))
    let row = try #require(navigation.currentMatch?.row)
    #expect(abs(row - 6) == 2)  // row 4 or 8: the nearest to the centre
  }

  @Test func theSampleKeepsAnOverlappingMatch() async throws {
    var seed = SeedStyleIndex(matches: try await matches("zephyr"), texts: texts, rowIDs: ids)
    seed.select(position: 3)  // the second "zephyr" of row 4
    seed.adopt(SeedStyleIndex(matches: try await matches("zep"), texts: texts, rowIDs: ids))
    #expect(seed.currentPosition == 3)
  }
}
