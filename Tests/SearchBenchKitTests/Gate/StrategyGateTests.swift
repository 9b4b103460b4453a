import Testing
import TranscriptSearch

@testable import SearchBenchKit

@Suite("StrategyGate")
struct StrategyGateTests {
  private let gate = StrategyGate(strategy: Strategy(.oracle), reference: Strategy(.folded))

  private func baseline(passed: Int, ratios: [String: Double]) -> StrategyGate.Baseline {
    StrategyGate.Baseline(
      strategy: "oracle", reference: "folded", dataset: "d", casesPassed: passed, casesTotal: 10,
      ratios: ratios)
  }

  @Test func passesWithinTheTolerance() {
    let checks = gate.checks(
      baseline(passed: 10, ratios: ["a": 2.4, "b": 1.0]),
      against: baseline(passed: 10, ratios: ["a": 2.0, "b": 1.0]))
    #expect(checks.allSatisfy { $0.passed })
    #expect(checks.count == 3)
  }

  @Test func failsASlowerKeywordFewerCasesOrAMissingKeyword() {
    let recorded = baseline(passed: 10, ratios: ["a": 2.0, "b": 1.0])
    let slower = gate.checks(baseline(passed: 10, ratios: ["a": 2.6, "b": 1.0]), against: recorded)
    #expect(slower.filter { !$0.passed }.map(\.what) == [#""a" ÷ folded"#])
    let lessConforming = gate.checks(
      baseline(passed: 9, ratios: ["a": 2.0, "b": 1.0]), against: recorded)
    #expect(lessConforming.filter { !$0.passed }.map(\.what) == ["conformance cases passed"])
    let missing = gate.checks(baseline(passed: 10, ratios: ["a": 2.0]), against: recorded)
    #expect(missing.filter { !$0.passed }.map(\.now) == ["not measured"])
    #expect(StrategyGate.markdown(slower, title: "t").contains("**FAIL**"))
  }

  @Test func measuresSameRoundRatiosAndConformance() async throws {
    var gate = StrategyGate(strategy: Strategy(.oracle), reference: Strategy(.folded))
    gate.rounds = 3
    let corpus = Corpus((0..<300).map { TranscriptRow(start: 0, text: "row \($0) has words") })
    let measured = try await gate.measure(
      ComparisonDataset(
        name: "rows", script: nil, corpus: corpus, plainTextPath: nil,
        keywords: [("words", "frequent"), ("zzz", "absent")]),
      cases: [
        ConformanceCase(name: "c", family: "f", text: "Ab", keyword: "a", expected: [[0, 1]])
      ])
    #expect(measured.casesPassed == 1 && measured.casesTotal == 1)
    #expect(Set(measured.ratios.keys) == ["words", "zzz"])
    // The oracle is written plainly, never optimised: slower than folded on any machine.
    #expect(measured.ratios.values.allSatisfy { $0 > 1 })
  }

  @Test func aStrategyThatThrowsFailsTheGateNamingTheKeyword() async throws {
    let gate = StrategyGate(strategy: Strategy(ThrowingMatcher.self), reference: Strategy(.folded))
    let error = await #expect(throws: StrategyGate.GateError.self) {
      _ = try await gate.measure(
        ComparisonDataset(
          name: "rows", script: nil, corpus: Corpus([TranscriptRow(start: 0, text: "a bad row")]),
          plainTextPath: nil, keywords: [("bad", "frequent")]),
        cases: [])
    }
    #expect(error?.description.contains(#"throwing on "bad": failed: refused"#) == true)
  }
}
