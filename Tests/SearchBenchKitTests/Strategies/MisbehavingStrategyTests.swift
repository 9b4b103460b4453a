import Foundation
import Testing
import TranscriptSearch

@testable import SearchBenchKit

/// A user's strategy that throws, or gives matches no highlight could use, is reported as
/// failing with the keyword and what was wrong; the other strategies and keywords go on.
@Suite("Misbehaving strategies")
struct MisbehavingStrategyTests {
  private let dataset = ComparisonDataset(
    name: "rows", script: nil,
    corpus: Corpus((0..<50).map { TranscriptRow(start: Int64($0), text: "a badété, bad \($0)") }),
    plainTextPath: nil, keywords: [("bad", "frequent"), ("été", "frequent")])

  @Test(arguments: [
    (Strategy(ThrowingMatcher.self), "failed: refused"),
    (Strategy(UnsortedMatcher.self), "failed: invalid matches: match 2 (row 49"),
    (Strategy(SplittingMatcher.self), "inside a character"),
  ])
  func compareReportsTheFailureAndMeasuresTheRest(_ strategy: Strategy, _ expected: String)
    async throws
  {
    var comparison = Comparison()
    comparison.rounds = 2
    comparison.strategies = [Strategy(.folded), strategy]
    let measured = try await comparison.measure(dataset)
    let bad = try #require(
      measured.cells.first { $0.strategy == strategy.name && $0.keyword == "bad" })
    #expect(bad.skipped?.contains(expected) == true, "\(bad.skipped ?? "nil")")
    #expect(bad.samples.isEmpty)
    // The same strategy on another keyword, and folded on both, are measured.
    let other = try #require(
      measured.cells.first { $0.strategy == strategy.name && $0.keyword == "été" })
    #expect(other.samples.count == 2 && other.oracle?.agrees == true)
    #expect(measured.cells.filter { $0.strategy == "folded" }.allSatisfy { $0.samples.count == 2 })
  }

  @Test func aStrategyOfYoursPastTheBudgetFails() async throws {
    var comparison = Comparison()
    comparison.rounds = 1
    comparison.cellBudget = 0.001
    comparison.strategies = [Strategy(SlowMatcher.self)]
    let measured = try await comparison.measure(dataset)
    #expect(
      measured.cells.allSatisfy { $0.skipped?.contains("ran past the budget") == true },
      "\(measured.cells.map(\.skipped))")
  }

  @Test func conformanceCountsAThrowingCaseAsFailedAndNamesIt() async throws {
    let cases = [
      ConformanceCase(name: "good", family: "f", text: "a b", keyword: "a", expected: [[0, 1]]),
      ConformanceCase(
        name: "refused", family: "g", text: "a bad", keyword: "bad", expected: [[2, 5]]),
    ]
    let report = try await ConformanceReport.run(Strategy(ThrowingMatcher.self), on: cases)
    #expect(report.passed == 1 && report.total == 2)
    #expect(report.failures.first?.case == "refused")
    #expect(report.failures.first?.problem == "threw refused")
    let markdown = ConformanceReport.markdown([report], caseCount: 2, command: "test")
    #expect(markdown.contains("threw refused"))
  }

  @Test func conformanceNamesInvalidMatches() async throws {
    let cases = [
      ConformanceCase(
        name: "split", family: "f", text: "badé", keyword: "bad", expected: [[0, 3]])
    ]
    let report = try await ConformanceReport.run(Strategy(SplittingMatcher.self), on: cases)
    #expect(report.passed == 0)
    #expect(report.failures.first?.problem?.contains("invalid matches") == true)
  }

  @Test func aTrapNamesTheStrategyAndTheKeyword() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      CrashContext.install()
      let corpus = Corpus([TranscriptRow(start: 0, text: "x")])
      _ = try? await ConformanceReport.run(
        Strategy(TrappingMatcher.self),
        on: [ConformanceCase(name: "t", family: "f", text: "x", keyword: "boom", expected: [])])
      _ = corpus
    }.map { result in
      let text = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        text.contains(#"the strategy "trapping" trapped while searching for "boom""#), "\(text)")
    }
  }
}

/// Traps on every keyword.
struct TrappingMatcher: Matcher {
  static let name = "trapping"
  init(corpus: Corpus) {}
  func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    fatalError("a strategy that traps")
  }
}
