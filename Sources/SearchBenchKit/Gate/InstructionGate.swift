/// The instruction gate's verdict on a head measured against a base: each gated phase's
/// instructions and allocations, with its threshold, and when something grew, the
/// functions where the instructions went.
///
///     let gate = InstructionGate(base: baseline.profile, head: head, thresholds: baseline.thresholds)
///     if gate.verdict == .regression { print(gate.attribution.prefix(10)) }
public struct InstructionGate: Sendable {
  public enum Verdict: String, Sendable, Equatable {
    /// No gated count grew past its threshold (an improvement passes too).
    case pass
    /// Some gated count grew past its threshold.
    case regression
    /// The two were measured on different kinds of machine: no verdict.
    case notComparable = "not comparable"
  }

  /// One count of one phase, base against head.
  public struct Row: Sendable, Equatable {
    public enum Outcome: String, Sendable {
      case within, regressed, improved
      /// A phase only one side has, or one the gate does not judge (start-up, exit).
      case notGated = "not gated"
    }
    public var benchmark: String
    public var metric: String
    public var base: Int?
    public var head: Int?
    /// The limit the head had to stay within, as text ("+1%", "+2 allocations").
    public var limit: String
    public var outcome: Outcome

    /// The change from base to head in percent, when both exist.
    public var changePercent: Double? {
      guard let base, let head, base > 0 else { return nil }
      return Double(head - base) / Double(base) * 100
    }
  }

  /// One function's own instructions, base against head.
  public struct FunctionChange: Sendable, Equatable {
    public var name: String
    /// nil when the function spent less than the profile's cutoff on that side.
    public var base: Int?
    public var head: Int?
    /// The change, counting a function under the cutoff as 0.
    public var delta: Int { (head ?? 0) - (base ?? 0) }
  }

  public var base: InstructionProfile
  public var head: InstructionProfile
  public var thresholds: GateThresholds

  public init(
    base: InstructionProfile, head: InstructionProfile,
    thresholds: GateThresholds = GateThresholds()
  ) {
    self.base = base
    self.head = head
    self.thresholds = thresholds
  }

  /// Why the two cannot be compared, or nil when they can.
  public var incomparability: String? {
    if let difference = base.fingerprint.difference(from: head.fingerprint) {
      return
        "the base was measured on another kind of machine (\(difference)): instruction counts are not comparable"
    }
    let shared = Set(base.gatedBenchmarks.map(\.name)).intersection(
      head.gatedBenchmarks.map(\.name))
    guard !shared.isEmpty else {
      return "the base and the head share no gated phase (the base has "
        + "\(base.benchmarks.map(\.name).joined(separator: ", ")), the head "
        + "\(head.benchmarks.map(\.name).joined(separator: ", "))): the workload itself changed"
    }
    return nil
  }

  public var rows: [Row] {
    var rows: [Row] = []
    let names =
      base.benchmarks.map(\.name) + head.benchmarks.map(\.name).filter { base.benchmark($0) == nil }
    for name in names {
      let before = base.benchmark(name)
      let after = head.benchmark(name)
      let gated = before != nil && after != nil && !InstructionProfile.ungatedPhases.contains(name)
      let percent = thresholds.instructionPercent(for: name)
      var outcome = Row.Outcome.notGated
      if gated, let before, let after {
        let change =
          Double(after.instructions - before.instructions) / Double(before.instructions) * 100
        outcome = change > percent ? .regressed : change < -percent ? .improved : .within
      }
      rows.append(
        Row(
          benchmark: name, metric: "instructions", base: before?.instructions,
          head: after?.instructions,
          limit: gated ? "+\(Self.percent(percent))" : "", outcome: outcome))
      var allocationOutcome = Row.Outcome.notGated
      var limit = ""
      if gated, let before, let after {
        let most = thresholds.allocationLimit(base: before.allocations)
        limit = "≤ \(most)"
        allocationOutcome =
          after.allocations > most
          ? .regressed
          : after.allocations < before.allocations - (most - before.allocations)
            ? .improved : .within
      }
      rows.append(
        Row(
          benchmark: name, metric: "allocations", base: before?.allocations,
          head: after?.allocations,
          limit: limit, outcome: allocationOutcome))
    }
    return rows
  }

  public var verdict: Verdict {
    if incomparability != nil { return .notComparable }
    return rows.contains { $0.outcome == .regressed } ? .regression : .pass
  }

  /// Whether some gated count fell past its threshold: the baseline is then worth
  /// refreshing.
  public var improved: Bool { rows.contains { $0.outcome == .improved } }

  /// The functions whose own instructions changed most between base and head, largest
  /// change first.
  public func attribution(count: Int = 10) -> [FunctionChange] {
    let names = Set(base.functions.keys).union(head.functions.keys)
    return
      names.map { FunctionChange(name: $0, base: base.functions[$0], head: head.functions[$0]) }
      .filter { $0.delta != 0 }
      .sorted { (abs($0.delta), $1.name) > (abs($1.delta), $0.name) }
      .prefix(count).map { $0 }
  }

  static func percent(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? "\(Int(rounded))%" : "\(rounded)%"
  }
}
