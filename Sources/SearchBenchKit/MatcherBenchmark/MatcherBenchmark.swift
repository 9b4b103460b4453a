import SearchStrategies
import TranscriptSearch

/// Measures matching strategies side by side on one corpus: preparation, then every
/// keyword with every strategy, interleaved (A B C A B C …, the order rotating each
/// round) so drift on a shared machine touches all alike; medians are reported.
///
/// Before timing, each strategy's output on the first rows is checked against the
/// oracle: a strategy that disagrees is timed all the same and reported as
/// non-conforming, never corrected.
public struct MatcherBenchmark: Sendable {
  /// A keyword and the class it was chosen for.
  public struct Workload: Codable, Sendable {
    public var keyword: String
    /// `frequent`, `rare`, `absent` (planted), or `dense` (a common word with about a
    /// million matches).
    public var label: String

    public init(keyword: String, label: String) {
      self.keyword = keyword
      self.label = label
    }
  }

  public var datasetName: String
  public var corpus: Corpus
  public var workloads: [Workload]
  /// The strategies to measure.
  public var strategies = Strategies.standard(kernel: .automatic, includingUser: false)
  /// Kernels to measure `folded` and `chunked` with, besides the automatic one: each adds
  /// a strategy named like "folded (avx2)".
  public var extraKernels: [ScanKernel] = []
  public var rounds = 5
  /// The find options every strategy searches with; strategies that do not offer them
  /// are left out.
  public var options = SearchOptions.default
  /// The most time one strategy may spend on one keyword across all rounds; a slow
  /// strategy gets fewer rounds (at least one).
  public var cellBudget: Duration = .seconds(8)
  /// Rows checked against the oracle (the oracle is too slow for a million rows).
  public var oracleSampleRows = 2_000
  /// How each sample is timed: in batches, warm or cold.
  public var timing = SearchTiming()

  public init(datasetName: String, corpus: Corpus, workloads: [Workload]) {
    self.datasetName = datasetName
    self.corpus = corpus
    self.workloads = workloads
  }

  /// The strategies measured: those that offer the options, and `folded` and `chunked`
  /// again with each extra kernel.
  var measured: [Strategy] {
    strategies.filter { $0.offers(options) }.flatMap { strategy -> [Strategy] in
      switch strategy.name {
      case FoldedMatcher.name:
        [strategy] + extraKernels.map { Strategy.folded(kernel: $0).renamed("folded (\($0))") }
      case ChunkedMatcher.name:
        [strategy] + extraKernels.map { Strategy.chunked(kernel: $0).renamed("chunked (\($0))") }
      default: [strategy]
      }
    }
  }

  public func run(progress: ProgressDisplay? = nil) async throws -> MatcherBenchmarkResult {
    let clock = ContinuousClock()
    let kinds = measured
    // Preparation, interleaved across strategies.
    var preparationSamples: [String: [Double]] = [:]
    var prepared: [String: any Matcher] = [:]
    for _ in 0..<3 {
      for kind in kinds {
        // Each preparation is timed alone: not while the kernel still copies the forms
        // prepared before it into 2 MB pages, holding the memory map that this fold's
        // page faults wait for.
        FoldedCorpus.waitUntilHugePagesAdvised()
        var matcher: (any Matcher)?
        let elapsed = clock.measure { matcher = kind.prepare(corpus) }
        prepared[kind.name] = matcher
        preparationSamples[kind.name, default: []].append(elapsed.seconds)
      }
    }
    // Searches are timed once the prepared forms sit in 2 MB pages, as they do for the
    // rest of an app's life, not while the kernel still copies them there.
    FoldedCorpus.waitUntilHugePagesAdvised()
    let folded = prepared.values.lazy.compactMap { ($0 as? FoldedMatcher)?.folded }.first

    let sampleChecks = try await checkAgainstOracle()

    // Queries: one warm-up run per cell gives the match count and the round budget.
    var counts: [String: Int] = [:]
    var allowedRounds: [String: Int] = [:]
    var samples: [String: [Double]] = [:]
    var batches: [String: Int] = [:]
    let cells = workloads.count * kinds.count
    var done = 0
    for workload in workloads {
      for kind in kinds {
        let key = Self.cellKey(kind, workload)
        var count = 0
        let elapsed = try await clock.measure {
          count = try await CrashContext.searching(kind.name, workload.keyword) {
            try await prepared[kind.name]!.matches(of: workload.keyword, options: options).count
          }
        }.seconds
        let calibration = try await timing.calibrate(firstRun: elapsed) {
          _ = try await prepared[kind.name]!.matches(of: workload.keyword, options: options)
        }
        counts[key] = count
        batches[key] = calibration.batch
        let sampleCost = calibration.sampleSeconds
        let fit = Int(cellBudget.seconds / max(sampleCost, 1e-9))
        allowedRounds[key] = max(1, min(rounds, fit))
        done += 1
        progress?.update(done * rounds / max(cells, 1))
      }
    }
    var ceilingSamples: [(oneCore: Double, twoCores: Double)] = []
    for round in 0..<rounds {
      // Memory read on one core and on two, among the searches, so that the machine's
      // pace touches these and the searches alike.
      if let folded {
        var oneCore = 0.0
        var twoCores = 0.0
        if round.isMultiple(of: 2) {
          oneCore = MemoryCeiling.oneCore(folded)
          twoCores = MemoryCeiling.twoCores(folded)
        } else {
          twoCores = MemoryCeiling.twoCores(folded)
          oneCore = MemoryCeiling.oneCore(folded)
        }
        ceilingSamples.append((oneCore, twoCores))
      }
      for workload in workloads {
        let order = (0..<kinds.count).map { kinds[($0 + round) % kinds.count] }
        for kind in order {
          let key = Self.cellKey(kind, workload)
          guard round < allowedRounds[key]! else { continue }
          let matcher = prepared[kind.name]!
          let seconds = try await timing.sample(batch: batches[key]!) {
            _ = try await matcher.matches(of: workload.keyword, options: options)
          }
          samples[key, default: []].append(seconds)
        }
      }
      progress?.update(rounds + round + 1)
    }

    let results = workloads.flatMap { workload in
      kinds.map { kind in
        let key = Self.cellKey(kind, workload)
        return MatcherBenchmarkResult.Cell(
          matcher: kind.name, keyword: workload.keyword, label: workload.label,
          matches: counts[key]!, seconds: Summary(samples[key]!),
          agreesWithOracleOnSample: sampleChecks[key]!, roundSeconds: samples[key]!,
          batch: batches[key]!)
      }
    }
    return MatcherBenchmarkResult(
      dataset: datasetName, rows: corpus.count, textBytes: corpus.utf8TextCount,
      rounds: rounds, oracleSampleRows: min(oracleSampleRows, corpus.count),
      preparation: kinds.map {
        .init(matcher: $0.name, seconds: Summary(preparationSamples[$0.name]!))
      },
      kernel: ScanKernel.automatic.rawValue,
      foldedRetainedBytes: folded?.retainedBytes, timing: timing,
      memory: ceilingSamples.isEmpty
        ? nil
        : MatcherBenchmarkResult.Memory(
          oneCore: Summary(ceilingSamples.map(\.oneCore)),
          twoCores: Summary(ceilingSamples.map(\.twoCores)),
          speedup: Summary(ceilingSamples.map { $0.oneCore / $0.twoCores }).median),
      cells: results)
  }

  /// For each cell, whether the strategy's matches on the first rows equal the
  /// oracle's.
  private func checkAgainstOracle() async throws -> [String: Bool] {
    let sample = Corpus(corpus.prefix(oracleSampleRows))
    let oracle = OracleMatcher(corpus: sample)
    var agreement: [String: Bool] = [:]
    for workload in workloads {
      let expected = try await oracle.matches(of: workload.keyword, options: options)
      for kind in measured {
        let got = try await kind.prepare(sample).matches(of: workload.keyword, options: options)
        agreement[Self.cellKey(kind, workload)] = got == expected
      }
    }
    return agreement
  }

  static func cellKey(_ kind: Strategy, _ workload: Workload) -> String {
    "\(kind.name)\u{0}\(workload.keyword)"
  }
}
