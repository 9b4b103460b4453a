/// How far an instruction count may move before the gate calls it a regression, derived
/// from A/A runs: the same code measured several times, in different working folders and
/// with environments of different sizes (what differs between a CI run of the base and
/// one of the head), recorded with the baseline.
///
/// A benchmark's threshold is `spreadFactor` times the largest relative difference its
/// A/A runs showed, and never less than `floorPercent`: callgrind counts repeat to the
/// instruction on one machine, so the floor covers what A/A runs on one machine cannot
/// see, a rebuilt system library on another machine of the same fingerprint.
public struct GateThresholds: Codable, Sendable, Equatable {
  public var floorPercent: Double
  public var spreadFactor: Double
  /// How many A/A runs were made, and in how many of them some gated benchmark moved
  /// past its threshold (a false alarm).
  public var aaRuns: Int
  public var aaFalseAlarms: Int
  /// Per benchmark, the largest relative difference between two A/A runs, in percent.
  public var aaSpreadPercent: [String: Double]
  /// Allocations may grow by this many, or by `allocationPercent`, whichever is more.
  public var allocationSlack: Int
  public var allocationPercent: Double

  public init(
    floorPercent: Double = 1, spreadFactor: Double = 3, aaRuns: Int = 0, aaFalseAlarms: Int = 0,
    aaSpreadPercent: [String: Double] = [:], allocationSlack: Int = 2, allocationPercent: Double = 1
  ) {
    self.floorPercent = floorPercent
    self.spreadFactor = spreadFactor
    self.aaRuns = aaRuns
    self.aaFalseAlarms = aaFalseAlarms
    self.aaSpreadPercent = aaSpreadPercent
    self.allocationSlack = allocationSlack
    self.allocationPercent = allocationPercent
  }

  /// The threshold of `benchmark`'s instruction count, in percent.
  public func instructionPercent(for benchmark: String) -> Double {
    max(floorPercent, spreadFactor * (aaSpreadPercent[benchmark] ?? 0))
  }

  /// The most allocations `benchmark` may make when its base made `base`.
  public func allocationLimit(base: Int) -> Int {
    base + max(allocationSlack, Int((Double(base) * allocationPercent / 100).rounded(.up)))
  }

  /// Thresholds from A/A `runs` of one build: the spread per benchmark, and how many of
  /// the runs would have failed against the first run with those thresholds (a leave-one-
  /// out check: each run's spread is taken from the others, so a run that alone moves a
  /// count is counted as the false alarm it would have raised).
  public static func fromAARuns(
    _ runs: [InstructionProfile], floorPercent: Double = 1, spreadFactor: Double = 3
  ) -> GateThresholds {
    func spread(_ runs: ArraySlice<InstructionProfile>) -> [String: Double] {
      var result: [String: Double] = [:]
      guard let first = runs.first else { return result }
      for benchmark in first.benchmarks {
        let counts = runs.compactMap { $0.benchmark(benchmark.name)?.instructions }
        guard let low = counts.min(), let high = counts.max(), low > 0 else { continue }
        result[benchmark.name] = Double(high - low) / Double(low) * 100
      }
      return result
    }
    var thresholds = GateThresholds(
      floorPercent: floorPercent, spreadFactor: spreadFactor, aaRuns: runs.count,
      aaSpreadPercent: spread(runs[...]))
    if runs.count > 2 {
      for index in runs.indices.dropFirst() {
        var others = runs
        let run = others.remove(at: index)
        var leaveOneOut = thresholds
        leaveOneOut.aaSpreadPercent = spread(others[...])
        let gate = InstructionGate(base: runs[0], head: run, thresholds: leaveOneOut)
        if gate.verdict == .regression { thresholds.aaFalseAlarms += 1 }
      }
    }
    return thresholds
  }
}
