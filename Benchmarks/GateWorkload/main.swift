// The fixed workload whose instruction count the CI gate checks under
// `valgrind --tool=callgrind` (see Scripts/bench-gate.sh): 10k mixed rows, folded
// preparation, the planted frequent, rare and absent keywords with `folded` and with
// `chunked`'s chunks, the match index, keep-current and highlighting.
//
// It is synchronous on purpose: valgrind 3.19 crashes when the Swift concurrency
// runtime starts its threads, so `chunked`'s chunks are searched one after another
// here, through the same per-chunk search the task group runs.
//
// With TSB_GATE_REGRESSION=1 in the environment, every `folded` search is done twice: the
// deliberate regression Scripts/bench-gate-demo.sh shows the gate failing, without a
// second build of the workload.
import Foundation
import TranscriptCorpus
import TranscriptSearch

let searchesTwice = ProcessInfo.processInfo.environment["TSB_GATE_REGRESSION"] == "1"

let rows = 10_000
let (corpus, planted) = TranscriptGenerator(script: .mixed, seed: DatasetSpec.standardSeed)
  .makeCorpus(rows: rows)
let folded = FoldedCorpus(corpus)
let matcher = FoldedMatcher(corpus: corpus, folded: folded)
let chunked = ChunkedMatcher(corpus: corpus, folded: folded, chunkBytes: 64 << 10)
var total = 0
// Five passes over the queries, so that searching, not generating and folding, is most of
// the count and a slower search moves it well past the gate's 2%.
for _ in 0..<5 {
  for keyword in planted.map(\.keyword) + ["a"] {
    let key = FoldedKeyword(keyword)
    if searchesTwice { _ = matcher.matches(of: key) }
    let matches = matcher.matches(of: key)
    let byChunk = chunked.chunks.flatMap { folded.matches(of: key, inRows: $0) }
    precondition(matches == byChunk, "chunked and folded disagree on \(keyword)")
    let index = MatchIndex(matches: matches, rowCount: rows)
    let current = CurrentMatchPolicy.choose(
      previous: matches.first, in: index, viewport: rows / 2..<rows / 2 + 40)
    var navigation = SearchNavigation(index: index, viewport: rows / 2..<rows / 2 + 40)
    if let current { navigation.select(position: current) }
    total += matches.count + navigation.highlightedRows(in: corpus).count
  }
}
// The kernel is part of what the count measures: valgrind's virtual CPU has AVX2 but not
// AVX-512, so the automatic choice there is avx2, a real vector kernel.
print(
  "gate workload: \(rows) rows, \(total) matches and highlighted rows, scan kernel \(ScanKernel.automatic)"
)
