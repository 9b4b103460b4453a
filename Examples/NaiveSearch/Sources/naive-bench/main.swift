import NaiveSearch
import SearchBenchKit
import TSBenchCommands

// Every tsbench command, with "naive" among the strategies.
await TSBench.main(registering: [
  Strategy(NaiveMatcher.self, summary: "lowercased() + range(of:), row by row, as many apps ship")
])
