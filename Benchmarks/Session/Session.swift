import Benchmark
import BenchmarkSupport
import TranscriptCorpus
import TranscriptSearch

// What a search bar does besides scanning, at 1k and 1M mixed rows: keep the current
// match, highlight the visible rows, step, edit a row, append rows, type one more
// character. The session works on a dense keyword ("a": about a million matches at 1M).
let benchmarks: @Sendable () -> Void = {
  let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal]
  for rows in [1_000, 1_000_000] {
    let size = Workloads.size(rows)
    let viewport = rows / 2..<rows / 2 + 40
    let session = { () -> SearchSession in
      var session = SearchSession(
        corpus: Workloads.dataset(.mixed, rows: rows).corpus, viewport: viewport)
      session.setKeyword("a")
      return session
    }
    Benchmark(
      "keep-current-mixed-\(size)", configuration: .init(metrics: metrics, scalingFactor: .kilo)
    ) {
      benchmark in
      let index = session().navigation.index
      let previous = index[index.count / 2]
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(CurrentMatchPolicy.choose(previous: previous, in: index, viewport: viewport))
      }
    }
    Benchmark("highlight-40-rows-mixed-\(size)", configuration: .init(metrics: metrics)) {
      benchmark in
      var navigation = session().navigation
      navigation.select(
        position: navigation.index.position(atOrAfterRow: viewport.lowerBound, offset: 0) ?? 0)
      let corpus = Workloads.dataset(.mixed, rows: rows).corpus
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { blackHole(navigation.highlightedRows(in: corpus)) }
    }
    // The same rows again, their texts kept from the highlight before (a keystroke, a
    // step to the next match).
    Benchmark("highlight-40-rows-again-mixed-\(size)", configuration: .init(metrics: metrics)) {
      benchmark in
      let navigation = session().navigation
      let corpus = Workloads.dataset(.mixed, rows: rows).corpus
      let texts = VisibleRowTexts()
      blackHole(navigation.highlightedRows(in: corpus, reusing: texts))
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(navigation.highlightedRows(in: corpus, reusing: texts))
      }
    }
    Benchmark(
      "next-previous-mixed-\(size)", configuration: .init(metrics: metrics, scalingFactor: .kilo)
    ) {
      benchmark in
      var navigation = session().navigation
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        navigation.next()
        navigation.previous()
      }
      blackHole(navigation)
    }
    Benchmark(
      "edit-row-mixed-\(size)", configuration: .init(metrics: metrics, maxIterations: 2_000)
    ) {
      benchmark in
      var editing = session()
      let row = rows / 2
      let original = editing.corpus[row].text
      let reversed = String(original.reversed())
      try editing.replaceText(ofRow: row, with: reversed)  // the first edit copies the corpus
      benchmark.startMeasurement()
      for iteration in benchmark.scaledIterations {
        try editing.replaceText(ofRow: row, with: iteration.isMultiple(of: 2) ? original : reversed)
      }
    }
    Benchmark(
      "append-row-mixed-\(size)", configuration: .init(metrics: metrics, maxIterations: 2_000)
    ) {
      benchmark in
      var live = session()
      let row = TranscriptRow(start: 0, speaker: "Ada", text: "a live row about zephyr")
      live.append([row])  // the first append copies the corpus
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { live.append([row]) }
    }
    Benchmark("type-one-more-character-mixed-\(size)", configuration: .init(metrics: metrics)) {
      benchmark in
      var typing = SearchSession(
        corpus: Workloads.dataset(.mixed, rows: rows).corpus, viewport: viewport)
      typing.finishFolding()
      typing.setKeyword("麒")
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        var next = typing
        next.setKeyword("麒麟")
        blackHole(next)
      }
    }
  }
}
