import Foundation
import TranscriptCorpus

/// Whether two strategies differ, beyond the noise of their rounds.
public struct RatioEstimate: Codable, Sendable {
  /// The ratio of medians (this strategy's time ÷ the reference's).
  public var ratio: Double
  /// A 95% bootstrap confidence interval of the ratio.
  public var low: Double
  public var high: Double
  /// Set when one round on each side was all there was: no interval can be told then
  /// (nil in reports written before it was recorded, all of more rounds).
  public var singleRound: Bool?

  /// Whether an interval was estimated (more than one round on a side).
  public var hasInterval: Bool { singleRound != true }

  /// Whether the interval includes 1: the difference is inside the noise. With one round,
  /// no difference can be told, so none is claimed.
  public var isNoDifference: Bool { !hasInterval || (low <= 1 && high >= 1) }

  /// Resamples each side's rounds with replacement (seeded, so reports repeat) and takes
  /// the 2.5th and 97.5th percentiles of the ratio of medians.
  public static func bootstrap(
    _ samples: [Double], over reference: [Double], resamples: Int = 2_000, seed: UInt64 = 7
  ) -> RatioEstimate {
    var rng = SplitMix64(seed: seed)
    let ratio = Summary(samples).median / Summary(reference).median
    guard samples.count > 1 || reference.count > 1 else {
      return RatioEstimate(ratio: ratio, low: ratio, high: ratio, singleRound: true)
    }
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    for _ in 0..<resamples {
      let mine = (0..<samples.count).map { _ in samples[rng.below(samples.count)] }
      let theirs = (0..<reference.count).map { _ in reference[rng.below(reference.count)] }
      ratios.append(Summary(mine).median / Summary(theirs).median)
    }
    ratios.sort()
    return RatioEstimate(
      ratio: ratio, low: ratios[Int(Double(resamples) * 0.025)],
      high: ratios[min(resamples - 1, Int(Double(resamples) * 0.975))])
  }
}

/// The slope of a least-squares line through (log x, log y): 1 means y grows linearly
/// with x, 0 means not at all.
public func logLogSlope(_ points: [(x: Double, y: Double)]) -> Double? {
  let usable = points.filter { $0.x > 0 && $0.y > 0 }
  guard usable.count >= 2 else { return nil }
  let xs = usable.map { log($0.x) }
  let ys = usable.map { log($0.y) }
  let meanX = xs.reduce(0, +) / Double(xs.count)
  let meanY = ys.reduce(0, +) / Double(ys.count)
  let covariance = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
  let variance = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
  return variance > 0 ? covariance / variance : nil
}
