/// One measured value of one benchmark, as the standard exports carry it: the results
/// model's counts and times flattened, so Bencher Metric Format, Google Benchmark JSON and
/// github-action-benchmark's format all render the same numbers.
public struct ExportedMetric: Sendable, Equatable {
  /// What a value measures.
  public enum Measure: String, Sendable {
    /// Time, in nanoseconds: Bencher's built-in `latency` measure.
    case latency
    /// Instructions counted by callgrind.
    case instructions
    /// Heap allocations (calls to the C library's allocation functions).
    case allocations

    /// The unit a reader shows.
    public var unit: String {
      switch self {
      case .latency: "ns"
      case .instructions: "instructions"
      case .allocations: "allocations"
      }
    }
  }

  /// The benchmark's name, `/`-separated from general to particular
  /// (`gate/folded-search`, `compare/mixed-10k/rare/folded`).
  public var benchmark: String
  public var measure: Measure
  public var value: Double
  /// The range the value comes from (the fastest and slowest round), when there is one.
  public var lower: Double?
  public var upper: Double?
  /// How many samples the value summarises (rounds of a comparison; 1 for a count).
  public var samples: Int

  public init(
    benchmark: String, measure: Measure, value: Double, lower: Double? = nil, upper: Double? = nil,
    samples: Int = 1
  ) {
    self.benchmark = benchmark
    self.measure = measure
    self.value = value
    self.lower = lower
    self.upper = upper
    self.samples = samples
  }
}

extension InstructionProfile {
  /// The profile's counts, one metric per phase and measure, and its wall clock.
  public var exportedMetrics: [ExportedMetric] {
    benchmarks.flatMap { benchmark in
      [
        ExportedMetric(
          benchmark: "gate/\(benchmark.name)", measure: .instructions,
          value: Double(benchmark.instructions)),
        ExportedMetric(
          benchmark: "gate/\(benchmark.name)", measure: .allocations,
          value: Double(benchmark.allocations)),
      ]
    }
      + (wallClockSeconds.map {
        [ExportedMetric(benchmark: "gate/workload", measure: .latency, value: $0 * 1e9)]
      } ?? [])
  }
}

extension CompareReport {
  /// Every timed cell and peer: the median time of each strategy on each keyword of each
  /// dataset, with the fastest and slowest round.
  public var exportedMetrics: [ExportedMetric] {
    datasets.flatMap { dataset in
      let cells = dataset.cells.compactMap { cell in
        cell.seconds.map {
          ExportedMetric(
            benchmark: "compare/\(dataset.name)/\(cell.label)/\(cell.strategy)", measure: .latency,
            value: $0.median * 1e9, lower: $0.min * 1e9, upper: $0.max * 1e9, samples: $0.count)
        }
      }
      let peers = dataset.peers.compactMap { peer in
        peer.seconds.map {
          ExportedMetric(
            benchmark: "compare/\(dataset.name)/\(peer.label)/\(peer.peer)", measure: .latency,
            value: $0.median * 1e9, lower: $0.min * 1e9, upper: $0.max * 1e9, samples: $0.count)
        }
      }
      return cells + peers
    }
  }
}
