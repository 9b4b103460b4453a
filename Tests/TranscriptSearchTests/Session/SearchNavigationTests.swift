import Testing

@testable import TranscriptSearch

@Suite("SearchNavigation")
struct SearchNavigationTests {
  /// Three matches in row 1, one in row 5, one in row 9.
  static let index = MatchIndex(
    matches: [
      Match(row: 1, start: 0, end: 2), Match(row: 1, start: 4, end: 6),
      Match(row: 1, start: 8, end: 9),
      Match(row: 5, start: 2, end: 3), Match(row: 9, start: 0, end: 4),
    ], rowCount: 12)

  @Test func nextAndPreviousWrapAroundTheEdges() {
    var navigation = SearchNavigation(index: Self.index, viewport: 0..<4)
    #expect(navigation.current == nil)
    #expect(did { navigation.next() })
    #expect(navigation.current == 0)
    #expect(did { navigation.previous() })
    #expect(navigation.current == 4)  // wrapped to the last
    #expect(did { navigation.next() })
    #expect(navigation.current == 0)  // wrapped to the first
  }

  @Test func withoutWrappingTheEdgesStay() {
    var navigation = SearchNavigation(index: Self.index, viewport: 0..<4, wrapsAround: false)
    #expect(did { navigation.previous() })
    #expect(navigation.current == 4)
    #expect(!did { navigation.next() })
    #expect(navigation.current == 4)
    #expect(did { navigation.select(position: 0) })
    #expect(!did { navigation.previous() })
    #expect(navigation.current == 0)
  }

  @Test func everyPositionCanBeSelectedTheLastIncluded() {
    var navigation = SearchNavigation(index: Self.index)
    for position in 0..<5 {
      #expect(did { navigation.select(position: position) })
      #expect(navigation.current == position)
    }
    #expect(!did { navigation.select(position: 5) })
    #expect(!did { navigation.select(position: -1) })
    #expect(navigation.current == 4)
  }

  @Test func aTapSelectsTheMatchUnderIt() {
    var navigation = SearchNavigation(index: Self.index)
    #expect(did { navigation.select(row: 1, offset: 5) })
    #expect(navigation.current == 1)
    #expect(!did { navigation.select(row: 1, offset: 3) })  // between matches
    #expect(!did { navigation.select(row: 7, offset: 0) })  // a row without matches
    #expect(navigation.current == 1)
  }

  @Test func anEmptyIndexHasNothingToStepTo() {
    var navigation = SearchNavigation(index: MatchIndex(matches: [], rowCount: 3))
    #expect(!did { navigation.next() })
    #expect(!did { navigation.previous() })
    #expect(navigation.current == nil)
    #expect(navigation.status(hasKeyword: true) == .noResults)
    #expect(navigation.status(hasKeyword: true).description == "No results")
    #expect(navigation.status(hasKeyword: false).description == "")
  }

  @Test func statusCountsFromOne() {
    var navigation = SearchNavigation(index: Self.index)
    #expect(navigation.status(hasKeyword: true).description == "5 matches")
    navigation.select(position: 2)
    #expect(navigation.status(hasKeyword: true).description == "3 of 5")
  }

  @Test func scrollsOnlyWhenTheCurrentMatchChangesRow() {
    var navigation = SearchNavigation(index: Self.index)
    navigation.select(position: 0)
    #expect(navigation.scrollTarget == 1)
    navigation.next()
    #expect(navigation.scrollTarget == nil)  // still row 1
    navigation.select(position: 3)
    #expect(navigation.scrollTarget == 5)
  }

  @Test func viewportsOutsideTheCorpusAreClamped() {
    var navigation = SearchNavigation(index: Self.index, viewport: -5..<3)
    #expect(navigation.viewport == 0..<3)
    navigation.setViewport(10..<50)
    #expect(navigation.viewport == 10..<12)
    navigation.setViewport(40..<50)
    #expect(navigation.viewport == 12..<12)
  }
}

/// Runs a mutating call outside `#expect`, which cannot mutate its operands.
func did(_ body: () -> Bool) -> Bool { body() }
