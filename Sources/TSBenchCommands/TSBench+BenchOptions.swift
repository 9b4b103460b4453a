import ArgumentParser
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch

extension TSBench {
  struct BenchOptions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-options",
      abstract: "Measure what each find option costs folded and chunked on one standard dataset.",
      discussion: """
        Times the dataset's planted keywords (frequent, rare, absent) and a dense keyword \
        under contains, start, end, whole, ignoring diacritics, and whole ignoring \
        diacritics, every option in turn on the same keyword each round, and reports each \
        as a multiple of contains; measures the build and memory of the folded form \
        without diacritics against the default form's; checks every option against the \
        oracle on the first rows. Writes results/options.md and results/options.json. Run \
        `tsbench datasets` first.
        """)

    @OptionGroup var keywords: PlantedKeywordOptions

    @Option(help: "Rounds (each option's ratio to contains is the median over rounds).")
    var rounds = 11

    @Option(help: "The folder the results are written to.")
    var results = "results"

    func validate() throws {
      guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
    }

    func run() async throws {
      try ResultsFolder.prepare(
        results, writing: ["options.md", "options.json"], inputs: [keywords.manifest])
      let (corpus, workloads) = try keywords.load()
      let dataset = keywords.dataset
      var benchmark = OptionsBenchmark(datasetName: dataset, corpus: corpus, workloads: workloads)
      benchmark.rounds = rounds
      let progress = ProgressDisplay("bench-options \(dataset)", total: rounds, unit: "rounds")
      let result = try await benchmark.run(progress: progress)
      progress.finish()
      let markdown = result.markdown(
        command: "tsbench bench-options --dataset \(dataset) --rounds \(rounds)")
      try ReportFile.write(markdown, to: "\(results)/options.md")
      try ReportFile.writeJSON(
        ReportWithTargets(result: result, targets: result.targets), to: "\(results)/options.json")
      print(markdown)
    }
  }
}
