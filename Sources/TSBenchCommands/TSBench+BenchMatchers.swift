import ArgumentParser
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch

extension TSBench {
  struct BenchMatchers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "bench-matchers",
      abstract: "Measure every matching strategy side by side on one standard dataset.",
      discussion: """
        Prepares each strategy, checks each against the oracle on the first rows, then \
        times the dataset's planted keywords (frequent, rare, absent) and a dense keyword \
        with every strategy, interleaved, and reports medians, GB/s, ns per match and \
        each strategy's time as a multiple of folded's. Writes results/matchers.md and \
        results/matchers.json. Run `tsbench datasets` first.
        """)

    @OptionGroup var keywords: PlantedKeywordOptions

    @Option(
      help: "The matchers to measure, comma-separated.",
      transform: { $0.split(separator: ",").map(String.init) })
    var matchers = ["folded", "chunked", "regex", "nsregex", "foundation", "pcre2", "icu", "fts5"]

    @Option(
      help: ArgumentHelp(
        "More scan kernels to measure folded and chunked with, comma-separated (each beside the automatic one, as \"folded (avx2)\").",
        discussion: KernelChoice.help.discussion),
      transform: { value in
        try value.split(separator: ",").map {
          guard let choice = KernelChoice(argument: String($0)) else {
            throw ValidationError(
              "unknown kernel '\($0)'; choose from "
                + KernelChoice.allValueStrings.joined(separator: ", "))
          }
          return choice
        }
      })
    var kernel: [KernelChoice] = []

    @OptionGroup(title: "Find options") var find: FindOptions

    @Option(help: "Interleaved rounds.")
    var rounds = 5

    @Option(help: "Seconds one strategy may spend on one keyword; slow ones get fewer rounds.")
    var budget = 8.0

    @OptionGroup(title: "Timing") var timing: TimingOptions

    @Option(help: "The folder the results are written to.")
    var results = "results"

    func validate() throws {
      for choice in kernel { try choice.validate() }
      guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
      guard budget > 0 else { throw ValidationError("--budget must be positive") }
      guard budget.isFinite, budget <= TSBench.Compare.largestBudget else {
        throw ValidationError(
          "--budget \(budget) is too large: at most \(Int(TSBench.Compare.largestBudget)) seconds")
      }
      for name in matchers { _ = try StrategyName.strategy(name) }
    }

    func run() async throws {
      try ResultsFolder.prepare(
        results, writing: ["matchers.md", "matchers.json"],
        inputs: [keywords.manifest])
      let (corpus, workloads) = try keywords.load()
      let dataset = keywords.dataset
      var benchmark = MatcherBenchmark(datasetName: dataset, corpus: corpus, workloads: workloads)
      benchmark.strategies = try matchers.map(StrategyName.strategy)
      benchmark.extraKernels = kernel.map(\.kernel)
      benchmark.rounds = rounds
      benchmark.options = find.searchOptions
      benchmark.timing = timing.timing
      let notOffered = benchmark.strategies.filter { !$0.offers(find.searchOptions) }
      if !notOffered.isEmpty {
        ProgressDisplay.writeError(
          "bench-matchers: \(notOffered.map(\.name).joined(separator: ", ")) not measured: "
            + "they do not offer \(find.searchOptions)\n")
      }
      benchmark.cellBudget = .milliseconds(Int(budget * 1000))
      let progress = ProgressDisplay("bench-matchers \(dataset)", total: 2 * rounds, unit: "steps")
      let result = try await benchmark.run(progress: progress)
      progress.finish()
      var command =
        "\(ProgramName.current) bench-matchers --dataset \(dataset) --rounds \(rounds)"
        + find.commandLine + timing.commandLine
      if !kernel.isEmpty {
        command += " --kernel " + kernel.map(\.description).joined(separator: ",")
      }
      let markdown = result.markdown(command: command)
      try ReportFile.write(markdown, to: "\(results)/matchers.md")
      try ReportFile.writeJSON(
        ReportWithTargets(result: result, targets: result.targets), to: "\(results)/matchers.json")
      print(markdown)
    }
  }
}
