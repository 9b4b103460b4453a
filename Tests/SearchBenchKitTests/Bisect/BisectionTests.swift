import Testing

@testable import SearchBenchKit

@Suite("Bisection")
struct BisectionTests {
  let commits = (0..<16).map { "c\($0)" }

  /// A repository whose count doubles at `step`; `unbuildable` commits do not build.
  func measure(
    step: Int, unbuildable: Set<Int> = [], fingerprint: String = "f"
  ) -> (String) -> Bisection.Measurement {
    { [commits] commit in
      let index = commits.firstIndex(of: commit)!
      if unbuildable.contains(index) { return .skipped(reason: "did not build") }
      return .counted(
        ["search": index < step ? 1_000 : 2_000, "fold": 5_000 + index], fingerprint: fingerprint)
    }
  }

  @Test func findsTheStepWhereverItIsInFewBuilds() throws {
    for step in 1..<16 {
      let result = try Bisection(commits: commits).run(measure: measure(step: step))
      #expect(result.firstBad == "c\(step)")
      #expect(result.benchmark == "search")
      // Both ends and ⌈log₂ 15⌉ commits between.
      #expect(result.builds <= 2 + 4, "step at \(step): \(result.builds) builds")
    }
  }

  @Test func withBothEndsRecordedItTakesAtMostLogPlusOneBuilds() throws {
    for step in 1..<16 {
      var bisection = Bisection(commits: commits)
      bisection.history = [
        "c0": (["search": 1_000, "fold": 5_000], "f"),
        "c15": (["search": 2_000, "fold": 5_015], "f"),
      ]
      let result = try bisection.run(measure: measure(step: step))
      #expect(result.firstBad == "c\(step)")
      #expect(result.builds <= 5, "step at \(step): \(result.builds) builds")
    }
  }

  @Test func aHistoryFromAnotherMachineKindIsNotUsed() throws {
    var bisection = Bisection(commits: commits)
    bisection.history = ["c0": (["search": 2_000], "other"), "c15": (["search": 2_000], "other")]
    let result = try bisection.run(measure: measure(step: 6))
    #expect(result.firstBad == "c6")
    #expect(result.probes.allSatisfy { $0.source == .built })
  }

  @Test func skipsCommitsThatDoNotBuild() throws {
    let result = try Bisection(commits: commits).run(
      measure: measure(step: 9, unbuildable: [11, 12]))
    #expect(result.firstBad == "c9")
    #expect(result.probes.filter { $0.skipped != nil }.map(\.commit) == ["c11"])
    // Neither c7 nor c8 builds: c9 is bad, but either of them could be the first.
    let unknown = try Bisection(commits: commits).run(
      measure: measure(step: 9, unbuildable: [7, 8]))
    #expect(unknown.firstBad == nil)
    #expect(unknown.candidates == ["c7", "c8", "c9"])
  }

  @Test func refusesEndsThatDoNotDifferAndEndsThatDoNotBuild() {
    #expect(throws: BisectError.self) {
      try Bisection(commits: commits).run(measure: measure(step: 99))
    }
    #expect(throws: BisectError.self) {
      try Bisection(commits: commits).run(
        measure: measure(step: 5, unbuildable: [0]))
    }
    var named = Bisection(commits: commits)
    named.benchmark = "missing"
    #expect(throws: BisectError.self) { try named.run(measure: measure(step: 5)) }
    #expect(throws: BisectError.self) {
      try Bisection(commits: ["c0"]).run(measure: measure(step: 5))
    }
  }

  @Test func followsTheNamedBenchmark() throws {
    var bisection = Bisection(commits: commits)
    bisection.benchmark = "fold"
    bisection.thresholdPercent = 0.1
    // fold grows by one instruction a commit: 0.1% of 5,000 is passed at c5.
    let result = try bisection.run(measure: measure(step: 9))
    #expect(result.firstBad == "c5")
  }
}
