import Benchmark
import BenchmarkSupport
import TranscriptCorpus
import TranscriptSearch

// The CI gate's allocation check: small, fixed workloads (10k mixed rows) whose malloc
// counts are deterministic, checked against Thresholds/ by `make bench-check`. They
// measure no OS metrics and no time, so the verdict does not depend on how busy the
// machine is: wall clock is reported by the gate script beside the counts, as a warning.
let benchmarks: @Sendable () -> Void = {
  let rows = 10_000
  let configuration = Benchmark.Configuration(
    metrics: [.mallocCountTotal],
    maxDuration: .seconds(1), maxIterations: 50,
    thresholds: [
      .mallocCountTotal: .init(relative: [.p90: 1.0], absolute: [.p90: 2])
    ])
  let corpus = { Workloads.dataset(.mixed, rows: rows).corpus }
  Benchmark("gate-folded-prepare", configuration: configuration) { benchmark in
    let text = corpus()
    benchmark.startMeasurement()
    blackHole(FoldedCorpus(text))
  }
  for keywordClass in KeywordClass.allCases {
    Benchmark("gate-folded-\(keywordClass.rawValue)", configuration: configuration) { benchmark in
      let matcher = Workloads.matcher(.folded, .mixed, rows: rows) as! FoldedMatcher
      let keyword = FoldedKeyword(Workloads.dataset(.mixed, rows: rows).keywords[keywordClass]!)
      benchmark.startMeasurement()
      blackHole(matcher.matches(of: keyword))
    }
  }
  Benchmark("gate-index-build", configuration: configuration) { benchmark in
    let matches = (Workloads.matcher(.folded, .mixed, rows: rows) as! FoldedMatcher)
      .matches(of: FoldedKeyword("a"))
    benchmark.startMeasurement()
    blackHole(MatchIndex(matches: matches, rowCount: rows))
  }
  Benchmark("gate-session-keyword-and-highlight", configuration: configuration) { benchmark in
    var session = SearchSession(corpus: corpus(), viewport: 5_000..<5_040)
    benchmark.startMeasurement()
    session.setKeyword("zephyr")
    session.next()
    blackHole(session.highlightedRows())
  }
}
