import Benchmark
import BenchmarkSupport
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch

// Every strategy × script × size × keyword class, with the heap each prepared matcher
// retains (jemalloc's statistics under jemalloc, glibc's otherwise). The stock engines
// (regex, nsregex, foundation, pcre2, icu) stop at 100k rows: at 1M rows one query takes
// most of them seconds (see results/matchers.md for their 1M-row numbers from
// `tsbench bench-matchers`).
let benchmarks: @Sendable () -> Void = {
  let stockLimit = 100_000
  for script in [Script.english, .chinese, .mixed] {
    for rows in [1_000, 10_000, 100_000, 1_000_000] {
      for kind in Strategies.standard(kernel: .automatic, includingUser: false) {
        if !kind.followsContract && rows > stockLimit { continue }
        for keywordClass in KeywordClass.allCases {
          let name =
            "\(kind.name)-\(script.rawValue)-\(Workloads.size(rows))-\(keywordClass.rawValue)"
          Benchmark(
            name,
            configuration: .init(
              metrics: [
                .wallClock, .mallocCountTotal, .peakMemoryResident,
                ProjectMetrics.textMegabytesPerSecond,
                ProjectMetrics.heapBytesRetained,
              ],
              maxDuration: .seconds(1), maxIterations: 200)
          ) { benchmark in
            let dataset = Workloads.dataset(script, rows: rows)
            let (matcher, heapBytes) = Workloads.prepared(kind, script, rows: rows)
            let keyword = dataset.keywords[keywordClass]!
            // What the prepared matcher holds, measured once when it was prepared.
            if let heapBytes { benchmark.measurement(ProjectMetrics.heapBytesRetained, heapBytes) }
            let clock = ContinuousClock()
            for _ in benchmark.scaledIterations {
              let elapsed = try await clock.measure {
                blackHole(try await matcher.matches(of: keyword))
              }
              let megabytes = Double(dataset.corpus.utf8TextCount) / 1e6
              benchmark.measurement(
                ProjectMetrics.textMegabytesPerSecond, Int(megabytes / max(elapsed.seconds, 1e-9)))
            }
          } setup: {
            _ = Workloads.prepared(kind, script, rows: rows)
          }
        }
      }
    }
  }
}

extension Duration {
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
