import Foundation
import Testing

@testable import SearchBenchKit

/// A profile of a workload with a start-up, two gated phases and an exit.
func gateProfile(
  _ counts: [String: (Int, Int)], functions: [String: Int] = [:], kernel: String = "avx2"
) -> InstructionProfile {
  let order = ["startup", "fold", "folded-search", "exit"]
  return InstructionProfile(
    workload: "test",
    fingerprint: .init(
      toolchain: "Swift 6.3.1", valgrind: "valgrind-3.19.0", architecture: "x86_64", buildFlags: "",
      scanKernel: kernel),
    benchmarks: order.compactMap { name in
      counts[name].map { .init(name: name, instructions: $0.0, allocations: $0.1) }
    }, functions: functions, functionCutoff: 100)
}

@Suite("InstructionGate")
struct InstructionGateTests {
  let base = gateProfile(
    [
      "startup": (1_000_000, 50), "fold": (10_000_000, 800), "folded-search": (2_000_000, 20),
      "exit": (9_000, 3),
    ],
    functions: ["scan": 1_500_000, "fold": 9_000_000, "helper": 300])

  @Test func passesWithinTheThresholdAndFailsPastIt() {
    let within = gateProfile(
      [
        "startup": (1_000_000, 50), "fold": (10_090_000, 802), "folded-search": (2_019_000, 20),
        "exit": (9_000, 3),
      ])
    #expect(InstructionGate(base: base, head: within).verdict == .pass)
    let slower = gateProfile(
      [
        "startup": (1_000_000, 50), "fold": (10_000_000, 800), "folded-search": (2_021_000, 20),
        "exit": (9_000, 3),
      ])
    let gate = InstructionGate(base: base, head: slower)
    #expect(gate.verdict == .regression)
    #expect(gate.rows.filter { $0.outcome == .regressed }.map(\.benchmark) == ["folded-search"])
  }

  @Test func allocationsMayGrowByOnePercentOrTwo() {
    // fold's limit is 808 (1% of 800), folded-search's 22 (2 more than 20).
    let more = gateProfile(
      [
        "startup": (1_000_000, 50), "fold": (10_000_000, 808), "folded-search": (2_000_000, 23),
        "exit": (9_000, 3),
      ])
    let rows = InstructionGate(base: base, head: more).rows.filter { $0.metric == "allocations" }
    #expect(rows.first { $0.benchmark == "fold" }?.outcome == .within)
    #expect(rows.first { $0.benchmark == "folded-search" }?.outcome == .regressed)
  }

  @Test func startUpAndExitAreShownNotGated() {
    let noisyEnds = gateProfile(
      [
        "startup": (1_900_000, 90), "fold": (10_000_000, 800), "folded-search": (2_000_000, 20),
        "exit": (19_000, 9),
      ])
    let gate = InstructionGate(base: base, head: noisyEnds)
    #expect(gate.verdict == .pass)
    #expect(gate.rows.filter { $0.benchmark == "startup" }.allSatisfy { $0.outcome == .notGated })
  }

  @Test func countsFromAnotherKindOfMachineGetNoVerdict() {
    let other = gateProfile(["fold": (10_000_000, 800)], kernel: "sse2")
    let gate = InstructionGate(base: base, head: other)
    #expect(gate.verdict == .notComparable)
    #expect(gate.incomparability?.contains("scan kernel: \"avx2\" vs \"sse2\"") == true)
    #expect(gate.markdownSummary(baseLabel: "b", headLabel: "h").contains("no verdict"))
  }

  @Test func aWorkloadWhosePhasesChangedGetsNoVerdict() {
    let whole = InstructionProfile(
      workload: "old", fingerprint: base.fingerprint,
      benchmarks: [.init(name: "whole", instructions: 13_000_000, allocations: 870)])
    let gate = InstructionGate(base: whole, head: base)
    #expect(gate.verdict == .notComparable)
    #expect(gate.incomparability?.contains("share no gated phase") == true)
  }

  @Test func theAttributionListsTheLargestChangesFirst() {
    let head = gateProfile(
      [
        "startup": (1_000_000, 50), "fold": (10_000_000, 800), "folded-search": (3_000_000, 20),
        "exit": (9_000, 3),
      ],
      functions: ["scan": 2_400_000, "fold": 8_990_000, "new": 120_000])
    let changes = InstructionGate(base: base, head: head).attribution()
    #expect(changes.map(\.name) == ["scan", "new", "fold", "helper"])
    #expect(changes.map(\.delta) == [900_000, 120_000, -10_000, -300])
    #expect(changes[1].base == nil)
    let summary = InstructionGate(base: base, head: head).markdownSummary(
      baseLabel: "main", headLabel: "pr")
    #expect(summary.hasPrefix("## Instruction gate: FAILED"))
    #expect(
      summary.contains(
        "| folded-search | instructions | 2,000,000 | 3,000,000 | +50.00% | +1% | **regressed** |"))
    #expect(summary.contains("| `scan` | 1,500,000 | 2,400,000 | +900,000 |"))
    #expect(summary.contains("| `new` | < 100 | 120,000 | +120,000 |"))
  }

  @Test func thresholdsComeFromTheSpreadOfAARuns() {
    let runs = [10_000_000, 10_004_000, 10_002_000, 10_001_000].map {
      gateProfile([
        "startup": (1_000_000, 50), "fold": ($0, 800), "folded-search": (2_000_000, 20),
        "exit": (9_000, 3),
      ])
    }
    let thresholds = GateThresholds.fromAARuns(runs, floorPercent: 0.05, spreadFactor: 3)
    #expect(abs((thresholds.aaSpreadPercent["fold"] ?? 0) - 0.04) < 1e-9)
    #expect(abs(thresholds.instructionPercent(for: "fold") - 0.12) < 1e-9)
    // No spread: the floor.
    #expect(thresholds.instructionPercent(for: "folded-search") == 0.05)
    #expect(thresholds.aaFalseAlarms == 0)
    // A run that alone moves a count is the false alarm the others' spread would raise.
    let outlier =
      runs + [
        gateProfile([
          "startup": (1_000_000, 50), "fold": (10_050_000, 800), "folded-search": (2_000_000, 20),
          "exit": (9_000, 3),
        ])
      ]
    #expect(
      GateThresholds.fromAARuns(outlier, floorPercent: 0.05, spreadFactor: 3).aaFalseAlarms == 1)
  }

  @Test func aBaselineOfTheOldFormatIsNamedAsSuch() throws {
    let old = Data(#"{"instructions": 225830085, "tolerancePercent": 2}"#.utf8)
    #expect(InstructionBaseline.isOldFormat(old))
    #expect(throws: InstructionProfileError.self) {
      try InstructionBaseline.decode(old, from: "b.json")
    }
    let encoded = try JSONEncoder().encode(
      InstructionBaseline(profile: base, thresholds: GateThresholds()))
    #expect(try InstructionBaseline.decode(encoded, from: "b.json").profile == base)
    let empty = try JSONEncoder().encode(gateProfile([:]))
    #expect(throws: InstructionProfileError("e.json holds no benchmark")) {
      try InstructionProfile.decode(empty, from: "e.json")
    }
  }

  @Test func partsPairWithTheWorkloadsPhaseNames() throws {
    let part = try CallgrindProfile(parsing: "version: 1\nevents: Ir\nfn=(1) f\n1 5\ntotals: 5\n")
    let fingerprint = base.fingerprint
    let named = try InstructionProfile(
      workload: "w", fingerprint: fingerprint, parts: [part, part], phases: ["a", "b"],
      functionShare: 0)
    #expect(named.benchmarks.map(\.name) == ["a", "b"])
    #expect(named.functions == ["f": 10])
    let whole = try InstructionProfile(
      workload: "w", fingerprint: fingerprint, parts: [part, part], phases: nil)
    #expect(whole.benchmarks.map(\.name) == ["whole"])
    #expect(throws: InstructionProfileError.self) {
      try InstructionProfile(
        workload: "w", fingerprint: fingerprint, parts: [part], phases: ["a", "b"])
    }
  }
}
