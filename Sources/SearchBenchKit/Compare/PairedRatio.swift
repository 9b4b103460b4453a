import TranscriptCorpus

/// The ratio of two entrants' times on one keyword (a strategy or a peer each), from the
/// rounds in which both searched, and whether its 95% interval is as tight as asked.
///
/// Each round gives one ratio, of two searches made moments apart, so a change in the
/// machine's pace between rounds touches both sides alike; the estimate is the median of
/// those ratios, its interval a bootstrap over rounds.
public struct PairedRatio: Codable, Sendable {
  public var numerator: String
  public var denominator: String
  public var keyword: String
  public var label: String
  public var estimate: RatioEstimate
  /// Rounds in which both searched.
  public var rounds: Int
  /// Whether the 95% interval lies within ± the precision asked of the estimate.
  public var precise: Bool
  /// Why it is not precise, or how it was reached.
  public var note: String?

  /// How far apart the slowest and the fastest round of one entrant may be before its
  /// times are called unstable: beyond it, a ratio is not ranked on.
  public static let unstableSpread = 10.0

  /// The ratio of `numerator` ÷ `denominator` from their samples, round by round (the
  /// first rounds of the longer side when one ran more).
  public init(
    numerator: String, _ mine: [Double], denominator: String, _ theirs: [Double],
    keyword: String, label: String, precision: Double
  ) {
    self.numerator = numerator
    self.denominator = denominator
    self.keyword = keyword
    self.label = label
    let count = min(mine.count, theirs.count)
    rounds = count
    estimate = RatioEstimate.paired(Array(mine.prefix(count)), over: Array(theirs.prefix(count)))
    precise = estimate.isWithin(precision)
    if let unstable = Self.unstable(numerator, mine) ?? Self.unstable(denominator, theirs) {
      precise = false
      note = unstable
    } else if count < 2 {
      precise = false
      note = "one round only: no interval"
    }
  }

  /// Says so when `samples` spread more than ``unstableSpread``×, the fastest and the
  /// slowest tenth of the rounds left out (one each from five rounds): one round that a
  /// busy machine slowed is noise the median of the ratios already discounts, not a
  /// search whose time changes.
  static func unstable(_ name: String, _ samples: [Double]) -> String? {
    let sorted = samples.sorted()
    let trimmed = sorted.count >= 5 ? max(1, sorted.count / 10) : 0
    guard sorted.count > 2 * trimmed, let low = sorted.dropFirst(trimmed).first,
      let high = sorted.dropLast(trimmed).last, low > 0, high / low > unstableSpread
    else { return nil }
    let spread = high / low
    let shown = spread >= 100 ? "\(Int(spread))" : "\(Double(Int(spread * 10)) / 10)"
    return trimmed == 0
      ? "unstable: \(name)'s rounds differ by \(shown)×"
      : "unstable: \(name)'s rounds differ by \(shown)×, the fastest and slowest tenth left out"
  }

  /// Whether more rounds could make it precise: it is not precise yet, and neither
  /// unstable nor held by a side's budget (both say so in the note).
  public var wantsRounds: Bool { !precise && (note == nil || note!.hasPrefix("one round")) }
}

extension RatioEstimate {
  /// The median of the per-round ratios `samples[i] / reference[i]`, with a 95% bootstrap
  /// interval over rounds (seeded, so reports repeat).
  public static func paired(
    _ samples: [Double], over reference: [Double], resamples: Int = 2_000, seed: UInt64 = 7
  ) -> RatioEstimate {
    let ratios = zip(samples, reference).map { $0 / max($1, 1e-12) }
    guard ratios.count > 1 else {
      let only = ratios.first ?? .nan
      return RatioEstimate(ratio: only, low: only, high: only, singleRound: true)
    }
    var rng = SplitMix64(seed: seed)
    var medians: [Double] = []
    medians.reserveCapacity(resamples)
    for _ in 0..<resamples {
      medians.append(
        Summary((0..<ratios.count).map { _ in ratios[rng.below(ratios.count)] }).median)
    }
    medians.sort()
    return RatioEstimate(
      ratio: Summary.medianRatio(samples, over: reference),
      low: medians[Int(Double(resamples) * 0.025)],
      high: medians[min(resamples - 1, Int(Double(resamples) * 0.975))])
  }

  /// Whether the interval lies within ±`precision` (0.10 for ±10%) of the estimate.
  public func isWithin(_ precision: Double) -> Bool {
    hasInterval && low >= ratio * (1 - precision) && high <= ratio * (1 + precision)
  }
}
