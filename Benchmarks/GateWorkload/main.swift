// The fixed workload whose instruction and allocation counts the CI gate checks under
// `valgrind --tool=callgrind` (see `tsbench instructions`): 10k mixed rows, generated and
// folded, then the planted frequent, rare and absent keywords with `folded` and with
// `chunked`'s chunks, the match index, keep-current and highlighting.
//
// Each phase ends with a call to `tsb_gate_phase_end`, and its name is printed on the
// last line, so callgrind (`--dump-before=tsb_gate_phase_end`) counts every phase apart:
// a regression is then named by the phase it is in, and the start-up of the process
// (the system's shared libraries, which differ between machines) is kept out of the
// phases that are gated.
//
// It is synchronous on purpose: valgrind 3.19 crashes when the Swift concurrency
// runtime starts its threads, so `chunked`'s chunks are searched one after another
// here, through the same per-chunk search the task group runs.
//
// With TSB_GATE_REGRESSION=1 in the environment, every `folded` search is done twice: the
// deliberate regression Scripts/bench-gate-demo.sh shows the gate failing, without a
// second build of the workload.
import Foundation
import GatePhases
import TranscriptCorpus
import TranscriptSearch

var phases: [String] = []
@MainActor func endPhase(_ name: String) {
  phases.append(name)
  tsb_gate_phase_end(name)
}
endPhase("startup")

let searchesTwice = ProcessInfo.processInfo.environment["TSB_GATE_REGRESSION"] == "1"
let rows = 10_000
// Five passes over the queries, so that searching, not generating and folding, is most of
// the count and a slower search moves it well past the gate's threshold.
let passes = 5

let (corpus, planted) = TranscriptGenerator(script: .mixed, seed: DatasetSpec.standardSeed)
  .makeCorpus(rows: rows)
endPhase("generate")

let folded = FoldedCorpus(corpus)
let matcher = FoldedMatcher(corpus: corpus, folded: folded)
let chunked = ChunkedMatcher(corpus: corpus, folded: folded, chunkBytes: 64 << 10)
endPhase("fold")

let keywords = planted.map(\.keyword) + ["a"]
var found: [[Match]] = []
for _ in 0..<passes {
  found = keywords.map { keyword in
    let key = FoldedKeyword(keyword)
    if searchesTwice { _ = matcher.matches(of: key) }
    return matcher.matches(of: key)
  }
}
endPhase("folded-search")

for _ in 0..<passes {
  for (keyword, matches) in zip(keywords, found) {
    let key = FoldedKeyword(keyword)
    let byChunk = chunked.chunks.flatMap { folded.matches(of: key, inRows: $0) }
    precondition(matches == byChunk, "chunked and folded disagree on \(keyword)")
  }
}
endPhase("chunked-search")

var total = 0
for _ in 0..<passes {
  for matches in found {
    let index = MatchIndex(matches: matches, rowCount: rows)
    let current = CurrentMatchPolicy.choose(
      previous: matches.first, in: index, viewport: rows / 2..<rows / 2 + 40)
    var navigation = SearchNavigation(index: index, viewport: rows / 2..<rows / 2 + 40)
    if let current { navigation.select(position: current) }
    total += matches.count + navigation.highlightedRows(in: corpus).count
  }
}
endPhase("index-and-highlight")

// The kernel is part of what the count measures: valgrind's virtual CPU has AVX2 but not
// AVX-512, so the automatic choice there is avx2, a real vector kernel.
print(
  "gate workload: \(rows) rows, \(total) matches and highlighted rows, scan kernel \(ScanKernel.automatic)"
)
print("gate phases: \(phases.joined(separator: " ")) exit")
