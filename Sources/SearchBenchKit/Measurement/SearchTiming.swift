import Foundation

/// How one timed sample of a search is taken: a short search in a batch of repeats that
/// lasts long enough for the clock and the machine's jitter not to decide it, after one
/// untimed search of the same strategy (warm), or alone after the caches were evicted
/// (cold).
///
/// The batch size is chosen once per strategy and keyword, from a calibration run, and
/// kept for every round, so that every sample of a cell measures the same thing:
///
///     let timing = SearchTiming()
///     let batch = timing.batchSize(forSearchTaking: calibration)
///     let seconds = try await timing.sample(batch: batch) { try await search() }
public struct SearchTiming: Sendable, Codable, Equatable {
  /// What the caches hold when a timed search starts.
  public enum Cache: String, Sendable, Codable, CaseIterable {
    /// The same search ran just before, untimed: what an app that searches as the user
    /// types sees.
    case warm
    /// A buffer larger than the last-level cache was read first: the first search after
    /// a pause. Each sample is one search.
    case cold
  }

  public var cache: Cache = .warm
  /// A search shorter than this is timed in batches that last about this long.
  public var batchSeconds = 0.001
  /// The largest batch: a search faster than `batchSeconds / maxBatch` is timed in a
  /// batch shorter than `batchSeconds`.
  public var maxBatch = 10_000
  public init() {}

  /// The batch size for a search that took `seconds` (the fastest of the calibration
  /// runs): 1 for a search of `batchSeconds` or longer, and in cold mode.
  public func batchSize(forSearchTaking seconds: Double) -> Int {
    guard cache == .warm, seconds < batchSeconds else { return 1 }
    return min(maxBatch, max(1, Int((batchSeconds / max(seconds, 1e-9)).rounded(.up))))
  }

  /// What calibrating a search found: its time, its batch, and what one sample costs.
  public struct Calibration: Sendable {
    /// Seconds of one search: the faster of the first run and, for a short search, a
    /// second.
    public var seconds: Double
    public var batch: Int
    /// Seconds one sample takes: its batch and, warm, the untimed search before it.
    public var sampleSeconds: Double
  }

  /// The batch of a search whose first run took `firstRun` seconds: the first run pays
  /// for first touches, so a short search (under ten batches) is timed once more with
  /// `search` and the faster of the two chooses.
  public func calibrate(
    firstRun: Double, _ search: () async throws -> Void
  ) async throws -> Calibration {
    var seconds = firstRun
    if seconds < 10 * batchSeconds {
      let clock = ContinuousClock()
      seconds = min(seconds, try await clock.measure { try await search() }.seconds)
    }
    let batch = batchSize(forSearchTaking: seconds)
    return Calibration(
      seconds: seconds, batch: batch, sampleSeconds: seconds * Double(batch + (warmsUp ? 1 : 0)))
  }

  /// Whether a sample is preceded by an untimed search: in warm mode, always, so that the
  /// two sides of every ratio are timed alike.
  public var warmsUp: Bool { cache == .warm }

  /// The seconds one search took, from `batch` searches timed together, after one untimed
  /// search in warm mode, or after the caches were evicted in cold mode.
  public func sample(batch: Int, _ search: () async throws -> Void) async throws -> Double {
    switch cache {
    case .warm:
      try await search()
    case .cold:
      CacheEviction.shared.evict()
    }
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<max(batch, 1) { try await search() }
    return (clock.now - start).seconds / Double(max(batch, 1))
  }

  /// How the report states the policy.
  public var description: String {
    switch cache {
    case .warm:
      "warm: a search shorter than \(Self.format(batchSeconds)) is timed in a batch of repeats "
        + "lasting about \(Self.format(batchSeconds)) (the batch size chosen per strategy and "
        + "keyword from a calibration run, the same in every round), and every sample follows "
        + "one untimed search of the same strategy and keyword"
    case .cold:
      "cold: every timed search is one search, right after reading "
        + "\(CacheEviction.shared.bytes >> 20) MiB (more than the last-level cache) to evict "
        + "the caches"
    }
  }

  static func format(_ seconds: Double) -> String {
    seconds >= 1e-3
      ? "\(Int((seconds * 1e3).rounded())) ms" : "\(Int((seconds * 1e6).rounded())) µs"
  }
}
