import ArgumentParser
import SearchBenchKit

extension SearchTiming.Cache: ExpressibleByArgument {}

/// How `compare` and `bench-matchers` time a search: batches and the cache policy.
struct TimingOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The caches before a timed search: warm or cold. (default: warm)",
      discussion: """
        warm: a short search is timed in a batch of repeats, after one untimed search of the \
        same strategy and keyword (what typing sees). cold: each timed search is one search, \
        right after reading a buffer larger than the last-level cache (the first search \
        after a pause).
        """))
  var cache: SearchTiming.Cache = .warm

  @Option(
    help: """
      Seconds a batch of repeated searches should last: a search shorter than this is timed \
      in a batch, its size chosen per strategy and keyword from a calibration run and kept \
      for every round (0: every sample is one search).
      """)
  var batchTime = 0.001

  func validate() throws {
    guard batchTime.isFinite, (0...1).contains(batchTime) else {
      throw ValidationError("--batch-time must be between 0 and 1 second (got \(batchTime))")
    }
  }

  var timing: SearchTiming {
    var timing = SearchTiming()
    timing.cache = cache
    timing.batchSeconds = batchTime
    return timing
  }

  /// The options as given, for a report's command line ("" for the defaults).
  var commandLine: String {
    (cache == .warm ? "" : " --cache \(cache.rawValue)")
      + (batchTime == 0.001 ? "" : " --batch-time \(batchTime)")
  }
}
