/// The median and range of repeated measurements.
public struct Summary: Codable, Equatable, Sendable {
  public var median: Double
  public var min: Double
  public var max: Double
  public var count: Int

  /// Summarises `samples`.
  ///
  /// - Precondition: `samples` is not empty.
  public init(_ samples: [Double]) {
    precondition(!samples.isEmpty, "A summary needs at least one sample")
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    min = sorted[0]
    max = sorted[sorted.count - 1]
    count = sorted.count
  }

  /// The median of same-round ratios, `samples[i] ÷ reference[i]`: both were timed side by
  /// side in round i, so the machine's drift between rounds cancels.
  ///
  /// - Precondition: neither is empty.
  public static func medianRatio(_ samples: [Double], over reference: [Double]) -> Double {
    Summary(zip(samples, reference).map { $0 / Swift.max($1, 1e-12) }).median
  }
}
