import Foundation

/// Google Benchmark's JSON output (`--benchmark_format=json`), which github-action-benchmark
/// (`tool: googlecpp`) and many dashboards read: a `context` describing the machine and a
/// `benchmarks` array, one object per benchmark with `name`, `run_name`, `run_type`,
/// `repetitions`, `repetition_index`, `threads`, `iterations`, `real_time`, `cpu_time` and
/// `time_unit`. Counts (instructions, allocations) are user counters: extra number fields
/// of the benchmark object, as Google Benchmark writes `state.counters`.
///
/// A benchmark with no time measured (a phase of the instruction gate) has `real_time` and
/// `cpu_time` 0 and says so in its `label`; track its counts through Bencher or the
/// github-action-benchmark export instead.
public enum GoogleBenchmarkJSON {
  struct Document: Encodable {
    var context: Context
    var benchmarks: [Entry]
  }

  struct Context: Encodable {
    var date: String
    var hostName: String
    var executable: String
    var numCPUs: Int
    var mhzPerCPU: Int
    var cpuScalingEnabled: Bool
    var caches: [String]
    var loadAverage: [Double]
    var libraryBuildType: String

    enum CodingKeys: String, CodingKey {
      case date, executable, caches
      case hostName = "host_name"
      case numCPUs = "num_cpus"
      case mhzPerCPU = "mhz_per_cpu"
      case cpuScalingEnabled = "cpu_scaling_enabled"
      case loadAverage = "load_avg"
      case libraryBuildType = "library_build_type"
    }
  }

  struct Entry: Encodable {
    var name: String
    var runName: String
    var runType = "iteration"
    var repetitions = 1
    var repetitionIndex = 0
    var threads = 1
    var iterations: Int
    var realTime: Double
    var cpuTime: Double
    var timeUnit = "ns"
    var label: String?
    var counters: [String: Double]

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: AnyKey.self)
      try container.encode(name, forKey: AnyKey("name"))
      try container.encode(runName, forKey: AnyKey("run_name"))
      try container.encode(runType, forKey: AnyKey("run_type"))
      try container.encode(repetitions, forKey: AnyKey("repetitions"))
      try container.encode(repetitionIndex, forKey: AnyKey("repetition_index"))
      try container.encode(threads, forKey: AnyKey("threads"))
      try container.encode(iterations, forKey: AnyKey("iterations"))
      try container.encode(realTime, forKey: AnyKey("real_time"))
      try container.encode(cpuTime, forKey: AnyKey("cpu_time"))
      try container.encode(timeUnit, forKey: AnyKey("time_unit"))
      try container.encodeIfPresent(label, forKey: AnyKey("label"))
      for (counter, value) in counters { try container.encode(value, forKey: AnyKey(counter)) }
    }
  }

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// `metrics` as Google Benchmark JSON, one entry per benchmark name in first-seen order;
  /// `executable` and `date` fill the context, the machine's CPU count too.
  public static func json(_ metrics: [ExportedMetric], executable: String, date: Date = Date())
    -> String
  {
    var order: [String] = []
    var grouped: [String: [ExportedMetric]] = [:]
    for metric in metrics {
      if grouped[metric.benchmark] == nil { order.append(metric.benchmark) }
      grouped[metric.benchmark, default: []].append(metric)
    }
    let entries = order.map { name -> Entry in
      let group = grouped[name]!
      let time = group.first { $0.measure == .latency }
      var counters: [String: Double] = [:]
      for metric in group where metric.measure != .latency {
        counters[metric.measure.rawValue] = metric.value
      }
      return Entry(
        name: name, runName: name, iterations: time?.samples ?? 1, realTime: time?.value ?? 0,
        cpuTime: time?.value ?? 0,
        label: time == nil ? "counted by callgrind; no time measured" : nil, counters: counters)
    }
    let formatter = ISO8601DateFormatter()
    let context = Context(
      date: formatter.string(from: date), hostName: ProcessInfo.processInfo.hostName,
      executable: executable, numCPUs: ProcessInfo.processInfo.activeProcessorCount,
      mhzPerCPU: 0,
      cpuScalingEnabled: false, caches: [], loadAverage: [], libraryBuildType: "release")
    return ExportJSON.render(Document(context: context, benchmarks: entries))
  }
}
