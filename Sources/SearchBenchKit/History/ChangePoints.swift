import Foundation

/// The steps in a series of measurements, one per commit: where its level changed, found
/// by fitting the series with the piecewise-constant function that best trades fit for
/// the number of pieces.
///
/// How: optimal partitioning (Jackson et al., 2005; the exact search that PELT prunes)
/// over the logarithms of the values, so a step is a ratio whatever the series' scale.
/// A segment costs its squared deviations from its mean, and each new segment a penalty
/// `max(δ², 3 σ² ln n)`: δ = ln(1 + `minimumStep`), the smallest step worth naming, and σ
/// the series' noise, estimated robustly from the median absolute difference between
/// neighbours (the way asv estimates it), so one outlier does not raise it. A step of δ or
/// more at the newest commit is then found at once, and noise alone finds no step.
/// Steps the fit leaves under δ are not reported. The dynamic programme is O(n²) in the
/// number of records, milliseconds for the thousand a history file keeps.
///
/// Why not a library: none of the packages this project may use fits steps, asv and
/// `ruptures` are Python, and the results model is Swift; this is thirty lines.
public enum ChangePoints {
  /// One change of level.
  public struct Step: Sendable, Equatable {
    /// The index of the first value after the step.
    public var index: Int
    /// The median of the segment before and of the segment after.
    public var before: Double
    public var after: Double
    public var percent: Double { (after - before) / before * 100 }
  }

  /// The steps in `values` of at least `minimumStep` (0.01 is 1%), oldest first, between
  /// levels that each last at least `minimumLength` values: 1 for counts, which repeat
  /// exactly, so a commit that is undone by the next is two steps; more for times, so one
  /// outlier is none. Values must be positive.
  public static func steps(in values: [Double], minimumStep: Double, minimumLength: Int = 1)
    -> [Step]
  {
    precondition(values.allSatisfy { $0 > 0 }, "a series of counts or ratios is positive")
    precondition(minimumLength >= 1, "a level lasts at least one value")
    let count = values.count
    guard count >= 2 * minimumLength else { return [] }
    let logs = values.map { log($0) }
    let delta = log1p(minimumStep)
    let penalty = max(delta * delta, 3 * pow(noise(logs), 2) * log(Double(count)))
    // Prefix sums give any segment's cost in O(1).
    var sum = [0.0]
    var squares = [0.0]
    for value in logs {
      sum.append(sum.last! + value)
      squares.append(squares.last! + value * value)
    }
    func cost(_ start: Int, _ end: Int) -> Double {
      let length = Double(end - start)
      let total = sum[end] - sum[start]
      return max(0, squares[end] - squares[start] - total * total / length)
    }
    var best = [-penalty] + Array(repeating: Double.infinity, count: count)
    var previous = Array(repeating: 0, count: count + 1)
    for end in minimumLength...count {
      for start in stride(from: 0, through: end - minimumLength, by: 1)
      where start == 0 || start >= minimumLength {
        let candidate = best[start] + cost(start, end) + penalty
        if candidate < best[end] {
          best[end] = candidate
          previous[end] = start
        }
      }
    }
    var bounds: [Int] = []
    var end = count
    while end > 0 {
      bounds.append(end)
      end = previous[end]
    }
    let segments = zip([0] + bounds.reversed().dropLast(), bounds.reversed()).map { $0..<$1 }
    var steps: [Step] = []
    for (left, right) in zip(segments, segments.dropFirst()) {
      let step = Step(
        index: right.lowerBound, before: median(values[left]), after: median(values[right]))
      if abs(log(step.after / step.before)) >= delta * (1 - 1e-9) { steps.append(step) }
    }
    return steps
  }

  /// The noise of `logs`: the median absolute difference between neighbours, scaled to a
  /// standard deviation for normal noise (÷ 0.6745 for the median, ÷ √2 for a difference).
  static func noise(_ logs: [Double]) -> Double {
    let differences = zip(logs, logs.dropFirst()).map { abs($1 - $0) }
    guard !differences.isEmpty else { return 0 }
    return median(differences[...]) / 0.6745 / 2.0.squareRoot()
  }

  static func median(_ values: ArraySlice<Double>) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
