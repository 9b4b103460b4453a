import Benchmark
import BenchmarkSupport
import Foundation
import SearchStrategies
import TranscriptCorpus
import TranscriptSearch

// Building the structures a search needs, with the heap each one retains: the match
// index and the seed-style index from the same matches (a dense keyword, "a": about a
// million matches at 1M rows), and the folded corpus from the text.
let benchmarks: @Sendable () -> Void = {
  let metrics: [BenchmarkMetric] = [
    .wallClock, .mallocCountTotal, .peakMemoryResident, ProjectMetrics.heapBytesRetained,
  ]
  for rows in [10_000, 100_000, 1_000_000] {
    let size = Workloads.size(rows)
    let dense = { () -> [Match] in
      let folded = (Workloads.matcher(.folded, .mixed, rows: rows) as! FoldedMatcher)
      return folded.matches(of: FoldedKeyword("a"))
    }
    Benchmark(
      "match-index-build-mixed-\(size)",
      configuration: .init(metrics: metrics, maxDuration: .seconds(1))
    ) {
      benchmark in
      let matches = dense()
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(MatchIndex(matches: matches, rowCount: rows))
      }
      benchmark.stopMeasurement()
      ProjectMetrics.recordHeapBytes(benchmark) { MatchIndex(matches: matches, rowCount: rows) }
    } setup: {
      _ = dense()
    }
    Benchmark(
      "seed-index-build-mixed-\(size)",
      configuration: .init(metrics: metrics, maxDuration: .seconds(2), maxIterations: 20)
    ) { benchmark in
      let matches = dense()
      let corpus = Workloads.dataset(.mixed, rows: rows).corpus
      let texts = corpus.map(\.text)
      let ids = (0..<rows).map { _ in UUID() }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(SeedStyleIndex(matches: matches, texts: texts, rowIDs: ids))
      }
      benchmark.stopMeasurement()
      ProjectMetrics.recordHeapBytes(benchmark) {
        SeedStyleIndex(matches: matches, texts: texts, rowIDs: ids)
      }
    } setup: {
      _ = dense()
    }
    Benchmark(
      "folded-prepare-mixed-\(size)",
      configuration: .init(metrics: metrics, maxDuration: .seconds(2), maxIterations: 20)
    ) { benchmark in
      let corpus = Workloads.dataset(.mixed, rows: rows).corpus
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { blackHole(FoldedCorpus(corpus)) }
      benchmark.stopMeasurement()
      ProjectMetrics.recordHeapBytes(benchmark) { FoldedCorpus(corpus) }
    } setup: {
      _ = Workloads.dataset(.mixed, rows: rows)
    }
  }
}
