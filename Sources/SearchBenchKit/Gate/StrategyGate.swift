import Foundation
import TranscriptSearch

/// A regression gate for one strategy, for a user's CI on a noisy machine: its
/// conformance score, and its speed as a ratio to a reference strategy measured in the
/// same interleaved rounds, each against a recorded baseline.
///
/// Ratios, not times: both strategies share the machine's noise, so a ratio recorded on
/// one machine still means something on another of the same kind.
public struct StrategyGate: Sendable {
  /// What a passing run recorded, to check later runs against.
  public struct Baseline: Codable, Sendable, Equatable {
    public var strategy: String
    public var reference: String
    public var dataset: String
    public var casesPassed: Int
    public var casesTotal: Int
    /// Per keyword: the strategy's time ÷ the reference's, median of same-round ratios.
    public var ratios: [String: Double]

    /// The baseline written as JSON in `data`.
    ///
    /// - Throws: `DecodingError` when it is not a baseline.
    public static func decode(_ data: Data) throws -> Baseline {
      try JSONDecoder().decode(Baseline.self, from: data)
    }

    /// Throws unless this baseline was recorded for `strategy` against `reference` on a
    /// dataset named `dataset`, and holds what a recorded run holds: at least one
    /// keyword, every ratio finite and positive, case counts that can be.
    public func check(strategy: String, reference: String, dataset: String) throws(GateError) {
      for (what, recorded, now) in [
        ("strategy", self.strategy, strategy), ("reference", self.reference, reference),
        ("dataset", self.dataset, dataset),
      ] where recorded != now {
        throw GateError(
          "it was recorded for the \(what) \"\(recorded)\", not \"\(now)\" "
            + "(record a baseline for this one with --record)")
      }
      guard !ratios.isEmpty else { throw GateError("it holds no keyword's ratio") }
      if let (keyword, ratio) = ratios.first(where: { !($0.value.isFinite && $0.value > 0) }) {
        throw GateError("the ratio of \"\(keyword)\" is \(ratio): a ratio of times is positive")
      }
      guard casesTotal > 0, (0...casesTotal).contains(casesPassed) else {
        throw GateError("\(casesPassed) of \(casesTotal) cases passed is not a count that can be")
      }
    }
  }

  /// One line of the verdict.
  public struct Check: Sendable {
    public var what: String
    public var baseline: String
    public var now: String
    public var passed: Bool
  }

  public var strategy: Strategy
  public var reference: Strategy
  public var rounds = 7
  /// How much slower than the baseline's ratio a keyword may get (0.25: 25%).
  public var tolerance = 0.25

  public init(strategy: Strategy, reference: Strategy) {
    self.strategy = strategy
    self.reference = reference
  }

  /// Measures the strategy now: its conformance on `cases` and its ratios on `dataset`.
  ///
  /// - Throws: an error naming the keyword if the strategy throws or gives invalid
  ///   matches on one (a gate fails on it rather than measuring around it).
  public func measure(
    _ dataset: ComparisonDataset, cases: [ConformanceCase],
    progress: (String) -> Void = { _ in }
  ) async throws -> Baseline {
    progress("conformance of \(strategy.name)")
    let conformance = try await ConformanceReport.run(strategy, on: cases)
    var comparison = Comparison()
    comparison.strategies = [strategy, reference]
    comparison.rounds = rounds
    comparison.full = true
    let measured = try await comparison.measure(dataset, progress: progress)
    var ratios: [String: Double] = [:]
    for (keyword, _) in dataset.keywords {
      let cells = measured.cells.filter { $0.keyword == keyword }
      guard let mine = cells.first(where: { $0.strategy == strategy.name }),
        let theirs = cells.first(where: { $0.strategy == reference.name })
      else { continue }
      for cell in [mine, theirs] where cell.samples.isEmpty {
        throw GateError(
          "\(cell.strategy) on \"\(keyword)\": \(cell.skipped ?? "not measured")")
      }
      ratios[keyword] = Summary.medianRatio(mine.samples, over: theirs.samples)
    }
    return Baseline(
      strategy: strategy.name, reference: reference.name, dataset: dataset.name,
      casesPassed: conformance.passed, casesTotal: conformance.total, ratios: ratios)
  }

  /// Compares a run with the baseline: fewer cases passed, a keyword missing, or a ratio
  /// more than `tolerance` above the baseline's fails.
  public func checks(_ now: Baseline, against baseline: Baseline) -> [Check] {
    var checks = [
      Check(
        what: "conformance cases passed",
        baseline: "\(baseline.casesPassed)/\(baseline.casesTotal)",
        now: "\(now.casesPassed)/\(now.casesTotal)", passed: now.casesPassed >= baseline.casesPassed
      )
    ]
    for (keyword, recorded) in baseline.ratios.sorted(by: { $0.key < $1.key }) {
      let limit = recorded * (1 + tolerance)
      guard let ratio = now.ratios[keyword] else {
        checks.append(
          Check(
            what: "\"\(keyword)\" ÷ \(reference.name)", baseline: Self.format(recorded),
            now: "not measured", passed: false))
        continue
      }
      checks.append(
        Check(
          what: "\"\(keyword)\" ÷ \(reference.name)",
          baseline: "\(Self.format(recorded)) (limit \(Self.format(limit)))",
          now: Self.format(ratio), passed: ratio <= limit))
    }
    return checks
  }

  /// The verdict as a Markdown table.
  public static func markdown(_ checks: [Check], title: String) -> String {
    var lines = ["# \(title)", "", "| check | baseline | now | |", "|---|---:|---:|---|"]
    for check in checks {
      lines.append(
        "| \(check.what) | \(check.baseline) | \(check.now) | \(check.passed ? "pass" : "**FAIL**") |"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A ratio as the verdict shows it: "0.95×", "117×".
  public static func format(_ ratio: Double) -> String {
    guard ratio.isFinite, ratio < 1e15 else { return "\(ratio)×" }
    return ratio >= 10 ? "\(Int(ratio.rounded()))×" : "\((ratio * 100).rounded() / 100)×"
  }

  /// Why a gate could not measure.
  public struct GateError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }
}
