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

@Suite("StrategyGate.Baseline")
struct StrategyGateBaselineTests {
  let valid = StrategyGate.Baseline(
    strategy: "chunked", reference: "folded", dataset: "d.jsonl", casesPassed: 3,
    casesTotal: 4, ratios: ["zephyr": 0.8])

  @Test func aBaselineFitsOnlyTheRunItWasRecordedFor() throws {
    try valid.check(strategy: "chunked", reference: "folded", dataset: "d.jsonl")
    for (strategy, reference, dataset) in [
      ("pcre2", "folded", "d.jsonl"), ("chunked", "oracle", "d.jsonl"),
      ("chunked", "folded", "e.jsonl"),
    ] {
      #expect(throws: StrategyGate.GateError.self) {
        try valid.check(strategy: strategy, reference: reference, dataset: dataset)
      }
    }
  }

  @Test func aBaselineHoldsWhatARunRecords() {
    var broken = [valid, valid, valid, valid, valid]
    broken[0].ratios = [:]
    broken[1].ratios = ["zephyr": -1]
    broken[2].ratios = ["zephyr": .infinity]
    broken[3].casesPassed = -1
    broken[4].casesPassed = 5
    for baseline in broken {
      #expect(throws: StrategyGate.GateError.self) {
        try baseline.check(strategy: "chunked", reference: "folded", dataset: "d.jsonl")
      }
    }
  }

  @Test func hugeRatiosAreFormattedNotTrapped() {
    #expect(StrategyGate.format(1e300) == "1e+300×")
    #expect(StrategyGate.format(.infinity) == "inf×")
    #expect(StrategyGate.format(12.4) == "12×")
  }
}
