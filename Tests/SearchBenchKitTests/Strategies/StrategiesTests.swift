import Testing
import TranscriptSearch

@testable import SearchBenchKit

@Suite("Strategies")
struct StrategiesTests {
  @Test func builtInStrategiesAreFoundByName() {
    for name in ["oracle", "folded", "chunked", "regex", "nsregex", "foundation", "pcre2", "icu"] {
      #expect(Strategies.named(name)?.name == name)
    }
    #expect(Strategies.named("no such strategy") == nil)
    #expect(Strategies.named("pcre2")?.origin == .stock)
    #expect(Strategies.named("folded")?.followsContract == true)
  }

  @Test func theStandardComparisonLeavesTheOracleOut() {
    let names = Strategies.standard(kernel: .automatic).map(\.name)
    #expect(!names.contains("oracle"))
    #expect(names.prefix(2) == ["folded", "chunked"])
    #expect(names.contains("pcre2") && names.contains("icu"))
  }

  @Test func aNameCannotBeRegisteredTwice() throws {
    #expect(throws: Strategies.DuplicateNameError.self) {
      try Strategies.register(Strategy(ThrowingMatcher.self).renamed("folded"))
    }
  }

  @Test func aRegisteredStrategyJoinsTheStandardComparison() throws {
    let name = "registered-\(UInt32.random(in: 0...UInt32.max))"
    try Strategies.register(Strategy(UnsortedMatcher.self).renamed(name))
    #expect(Strategies.named(name)?.origin == .user)
    #expect(Strategies.standard(kernel: .automatic).last?.name == name)
  }
}
