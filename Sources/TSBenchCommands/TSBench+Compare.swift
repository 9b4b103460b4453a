import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch

extension TSBench {
  struct Compare: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare every strategy and its peers, with conformance, scaling and a report.",
      discussion: """
        By default: the standard english, chinese and mixed datasets at 1k, 10k, 100k and \
        1M rows and every other script at 10k (run `tsbench datasets` first), their planted \
        frequent, rare and absent keywords, every strategy interleaved in rounds, ripgrep \
        and StringZilla on the same bytes, and the memchr ceiling. A strategy estimated to \
        need more than --budget seconds a query is skipped with its estimate (--full runs \
        everything). Writes results/REPORT.md and results/report.json (atomically: an \
        interrupted run leaves the previous report). With --dataset, compares on your own \
        JSON Lines transcript.
        """)

    @Option(
      help: "Your own transcript (JSON Lines, SubRip, WebVTT, text) instead of the standard set.")
    var dataset: String?

    @OptionGroup var options: DatasetOptions

    @Option(
      help: "Keywords for --dataset, comma-separated (default: chosen from the text).",
      transform: { $0.split(separator: ",").map(String.init) })
    var keywords: [String]?

    @Option(
      help: ArgumentHelp(
        "The strategies to compare, comma-separated (default: every one but the oracle).",
        discussion: "Choose from \(Strategies.namesList)."),
      transform: { $0.split(separator: ",").map(String.init) })
    var matchers: [String]?

    @OptionGroup(title: "Find options") var find: FindOptions

    @Flag(help: "Run every strategy on every dataset, however long it takes.")
    var full = false

    @Option(help: KernelChoice.help)
    var kernel = KernelChoice(argument: "auto")!

    @Flag(
      inversion: .prefixedNo,
      help: "Draw the report's charts (needs Python with matplotlib; --no-charts skips them).")
    var charts = true

    @Option(help: "Interleaved rounds, at least; more follow for precision.")
    var rounds = 5

    @OptionGroup(title: "Timing") var timing: TimingOptions

    @Option(
      help: """
        The half-width asked of every ratio of folded to pcre2, StringZilla and chunked:         rounds go on until each one's 95% interval is within this share of its estimate, or         the precision budget runs out.
        """)
    var precision = 0.10

    @Option(
      help: """
        Seconds each dataset's rounds may go on, after --rounds, for precision (0: the set         rounds only).
        """)
    var precisionBudget = 10.0

    @Option(help: "The most rounds a dataset gets in all (default: 200, or --rounds if more).")
    var maxRounds: Int?

    @Option(help: "Seconds a strategy may take for one query before it is skipped.")
    var budget = 3.0

    @Option(help: "The folder holding the standard datasets.")
    var directory = "datasets"

    @Option(help: "The dataset manifest.")
    var manifest = "datasets/manifest.json"

    @Option(help: "The conformance cases (default: the ones installed with tsbench).")
    var cases = BundledFiles.conformanceCases

    @Option(
      help: ArgumentHelp(
        "The folder the report is written to (created if missing).",
        discussion:
          "Default: results for the standard run; for --dataset FILE, tsbench-compare-NAME in the current folder, so a comparison of your file never replaces the project's report."
      ))
    var results: String?

    @Option(
      help: """
        Seconds the oracle may take for one keyword over a whole dataset; over it, only the \
        first 1,000 rows are checked (and the report says so).
        """)
    var oracleBudget = 10.0

    @Option(
      help: """
        Seconds a strategy other than the project's may take to prepare (build an index), \
        estimated from the previous size of the same script; over it, it is skipped there \
        (and the report says so).
        """)
    var preparationBudget = 60.0

    @Option(help: "Also write every median time as Bencher Metric Format JSON here.")
    var bmf: String?

    @Option(help: "Also write every median time as Google Benchmark JSON here.")
    var googleBenchmark: String?

    /// The folder the report goes to.
    var resultsFolder: String {
      if let results { return results }
      guard let dataset else { return "results" }
      let name = URL(fileURLWithPath: dataset).deletingPathExtension().lastPathComponent
      return "tsbench-compare-\(name)"
    }

    func validate() throws {
      try kernel.validate()
      guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
      if let maxRounds, maxRounds < rounds {
        throw ValidationError("--max-rounds (\(maxRounds)) must be at least --rounds (\(rounds))")
      }
      guard precision > 0, precision < 1 else {
        throw ValidationError(
          "--precision must be between 0 and 1, as 0.10 for ±10% (got \(precision))")
      }
      guard precisionBudget >= 0 else {
        throw ValidationError("--precision-budget must not be negative")
      }
      guard budget > 0 else { throw ValidationError("--budget must be positive") }
      guard oracleBudget >= 0 else { throw ValidationError("--oracle-budget must not be negative") }
      guard preparationBudget > 0 else {
        throw ValidationError("--preparation-budget must be positive")
      }
      for (option, seconds) in [
        ("--budget", budget), ("--oracle-budget", oracleBudget),
        ("--preparation-budget", preparationBudget), ("--precision-budget", precisionBudget),
      ]
      where !(seconds.isFinite && seconds <= Self.largestBudget) {
        throw ValidationError(
          "\(option) \(seconds) is too large: at most \(Int(Self.largestBudget)) seconds")
      }
      if let matchers {
        guard !matchers.isEmpty else { throw ValidationError("--matchers is empty") }
        for name in matchers { _ = try StrategyName.strategy(name) }
      }
      if let keywords {
        guard dataset != nil else { throw ValidationError("--keywords needs --dataset") }
        guard !keywords.isEmpty, keywords.allSatisfy({ !$0.isEmpty }) else {
          throw ValidationError("--keywords is empty: give one or more, comma-separated")
        }
      }
    }

    /// A day: a budget is converted to whole nanoseconds, which a larger one overflows.
    static let largestBudget = 86_400.0

    func run() async throws {
      let results = resultsFolder
      try ResultsFolder.prepare(
        results, writing: ["report.json", "REPORT.md"] + Self.chartFiles,
        inputs: [cases] + (dataset.map { [$0] } ?? [manifest]))
      try OutputPath.check(
        outputs: [bmf, googleBenchmark].compactMap { $0 },
        inputs: [cases] + (dataset.map { [$0] } ?? [manifest]))
      var comparison = Comparison()
      comparison.strategies =
        try matchers.map { try $0.map(StrategyName.strategy) }
        ?? Strategies.standard(kernel: kernel.kernel)
      comparison.rounds = rounds
      comparison.cellBudget = budget
      comparison.oracleBudget = oracleBudget
      comparison.preparationBudget = preparationBudget
      comparison.full = full
      comparison.options = find.searchOptions
      comparison.timing = timing.timing
      comparison.precision = precision
      comparison.precisionBudget = precisionBudget
      comparison.maxRounds = maxRounds ?? max(200, rounds)
      // The peers have no word matching or diacritics option: they run only without options.
      comparison.peers =
        find.searchOptions.isDefault ? PeerRunner(scriptsDirectory: Self.scriptsDirectory()) : nil
      let plan = try datasets()
      let progress = ProgressDisplay("compare", total: plan.count, unit: "datasets")
      var measured: [CompareReport.Dataset] = []
      for (index, load) in plan.enumerated() {
        let dataset = try load()
        ProgressDisplay.writeError("compare: \(dataset.name) (\(dataset.corpus.count) rows)\n")
        defer {
          if self.dataset != nil, let export = dataset.plainTextPath {
            TemporaryFile.remove(export)
          }
        }
        measured.append(try await comparison.measure(dataset))
        progress.update(index + 1)
      }
      progress.finish()
      let conformance = try await conformanceScores(comparison.strategies)
      var command = "\(ProgramName.current) compare"
      if let dataset { command += " --dataset \(dataset)" }
      if let keywords { command += " --keywords \(keywords.joined(separator: ","))" }
      if let matchers { command += " --matchers \(matchers.joined(separator: ","))" }
      if full { command += " --full" }
      if kernel.description != "auto" { command += " --kernel \(kernel)" }
      command += find.commandLine
      command += " --rounds \(rounds) --budget \(budget)" + timing.commandLine
      if precision != 0.10 { command += " --precision \(precision)" }
      if precisionBudget != 10 { command += " --precision-budget \(precisionBudget)" }
      if self.results != nil { command += " --results \(results)" }
      var result = CompareReport(
        command: command,
        machine: Self.machine()
          + "; `folded` and `chunked` ran the \(kernel.kernel.reportName) scan kernel"
          + (kernel.description == "auto" ? " (auto)" : "")
          + (find.searchOptions.isDefault
            ? "" : "; every strategy searched with the find options \(find.searchOptions)"),
        rounds: rounds, cellBudgetSeconds: budget,
        conformance: conformance, datasets: measured,
        scaling: scaling(measured, sessionResults: dataset == nil ? results : nil),
        peerSemantics: Dictionary(
          uniqueKeysWithValues: Peer.allCases.map { ($0.rawValue, $0.semantics) }))
      result.timing = comparison.timing
      result.precision = precision
      result.precisionBudgetSeconds = precisionBudget
      // The standard run's report repeats the allocator and replay tables measured by
      // other commands on the same datasets; a report on a user's file holds that file only.
      let standard = dataset == nil
      let allocators =
        standard ? try? String(contentsOfFile: "\(results)/ALLOCATORS.md", encoding: .utf8) : nil
      let summary = allocators.flatMap(Self.allocatorSummary)
      let replay =
        standard
        ? (try? String(contentsOfFile: "\(results)/replay.md", encoding: .utf8))
          .flatMap(Self.replaySummary) : nil
      try ReportFile.writeJSON(result, to: "\(results)/report.json")
      if let bmf { try ReportFile.write(BencherMetricFormat.json(result.exportedMetrics), to: bmf) }
      if let googleBenchmark {
        try ReportFile.write(
          GoogleBenchmarkJSON.json(result.exportedMetrics, executable: ProgramName.current),
          to: googleBenchmark)
      }
      // The charts are drawn from report.json before REPORT.md, which links them only if
      // they were drawn.
      let charts =
        self.charts ? Self.drawCharts(in: results) : .unavailable("--no-charts was given")
      let markdown = result.markdown(
        allocatorSummary: summary, replaySummary: replay, withCharts: charts.wereDrawn)
      try ReportFile.write(markdown, to: "\(results)/REPORT.md")
      print("wrote \(results)/REPORT.md and \(results)/report.json")
      switch charts {
      case .drawn: break
      case .unavailable(let reason): print("charts not drawn: \(reason)")
      case .failed(let reason):
        ProgressDisplay.writeError("compare: charts not drawn: \(reason)\n")
        throw ExitCode.failure
      }
    }

    /// Loaders of the datasets to compare, in order: by script, smallest first, so each
    /// size's speeds estimate the next size's cost.
    private func datasets() throws -> [() throws -> ComparisonDataset] {
      if let dataset {
        return [{ try Self.ownDataset(dataset, keywords: keywords, options: options) }]
      }
      let entries = try DatasetManifest.load(from: manifest).datasets
      let big: [Script] = [.english, .chinese, .mixed]
      let chosen = entries.filter { big.contains($0.script) || $0.rows == 10_000 }
        .sorted { ($0.script.rawValue, $0.rows) < ($1.script.rawValue, $1.rows) }
      return chosen.map { entry in
        {
          let path = "\(directory)/\(entry.jsonLines.file)"
          guard FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("\(path) is missing: run `tsbench datasets` (or `make datasets`)")
          }
          let corpus = try JSONLinesReader(path: path).read().corpus
          return ComparisonDataset(
            name: entry.name, script: entry.script, corpus: corpus,
            plainTextPath: "\(directory)/\(entry.plainText.file)",
            keywords: entry.plantedKeywords.sorted { $0.frequencyClass < $1.frequencyClass }
              .map { ($0.keyword, $0.frequencyClass.rawValue) })
        }
      }
    }

    /// A user's dataset: its keywords, or a frequent word, a rare one and an absent one
    /// chosen from its text; a plain-text export is written for the peers.
    static func ownDataset(
      _ path: String, keywords: [String]?, options: DatasetOptions
    ) throws -> ComparisonDataset {
      let corpus = try options.load(path).corpus
      guard !corpus.isEmpty else { throw ValidationError("\(path) holds no rows") }
      // A private copy of the user's text, removed when the comparison ends (run()'s
      // defer), is interrupted or a strategy traps.
      let export = try TemporaryFile(prefix: "tsbench-compare-", suffix: ".txt").path
      let writer = try PlainTextWriter(path: export)
      var failure: (any Error)?
      for row in corpus.indices where failure == nil {
        corpus.withUTF8Text(ofRow: row) { text in
          do { try writer.write(utf8Text: text) } catch { failure = error }
        }
      }
      if let failure { throw failure }
      try writer.finish()
      let chosen = keywords.map { $0.map { ($0, "given") } } ?? KeywordChoice.choose(in: corpus)
      return ComparisonDataset(
        name: URL(fileURLWithPath: path).lastPathComponent, script: nil, corpus: corpus,
        plainTextPath: export, keywords: chosen)
    }

    private func conformanceScores(
      _ strategies: [Strategy]
    ) async throws -> [CompareReport.Conformance] {
      let loaded = try ConformanceCase.load(from: cases)
      var scores: [CompareReport.Conformance] = []
      for strategy in strategies {
        let report = try await ConformanceReport.run(strategy, on: loaded)
        scores.append(
          .init(
            strategy: strategy.name, passed: report.passed, total: report.total,
            failingFamilies: report.failingFamilies.map(\.family), byOptions: report.byOptions,
            origin: strategy.origin))
      }
      return scores
    }

    /// Slopes of time against rows per strategy and class, for scripts measured at
    /// several sizes, and for the session's costs from results/session.json.
    private func scaling(
      _ measured: [CompareReport.Dataset], sessionResults: String?
    ) -> [CompareReport.Scaling] {
      var lines: [CompareReport.Scaling] = []
      for script in Set(measured.compactMap(\.script)).sorted() {
        let sizes = measured.filter { $0.script == script }.sorted { $0.rows < $1.rows }
        guard sizes.count > 1 else { continue }
        for strategy in sizes[0].strategies {
          for label in ["frequent", "rare", "absent"] {
            let points = sizes.compactMap { dataset -> [Double]? in
              guard
                let cell = dataset.cells.first(where: {
                  $0.strategy == strategy && $0.label == label
                }),
                let seconds = cell.seconds
              else { return nil }
              return [Double(dataset.rows), seconds.median]
            }
            if let slope = logLogSlope(points.map { ($0[0], $0[1]) }) {
              lines.append(
                .init(what: "\(strategy) (\(label))", script: script, slope: slope, points: points))
            }
          }
        }
      }
      struct SessionFile: Decodable { var result: SessionBenchmarkResult }
      if let sessionResults,
        let data = FileManager.default.contents(atPath: "\(sessionResults)/session.json"),
        let session = try? JSONDecoder().decode(SessionFile.self, from: data).result
      {
        for (key, what) in [
          ("indexBuild", "match index build"), ("keepCurrentOverlap", "keep current"),
          ("highlight", "highlight visible rows"), ("seedBuild", "seed-style index build"),
        ] {
          let points = session.sizes.compactMap { size in
            size.seconds[key].map { [Double(size.rows), $0.median] }
          }
          if let slope = logLogSlope(points.map { ($0[0], $0[1]) }) {
            lines.append(.init(what: what, script: session.script, slope: slope, points: points))
          }
        }
      }
      return lines
    }

    /// The per-strategy table of results/ALLOCATORS.md, to repeat in the report.
    static func allocatorSummary(_ text: String) -> String? {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      guard let start = lines.firstIndex(where: { $0.hasPrefix("| strategy |") }) else {
        return nil
      }
      let table = lines[start...].prefix { $0.hasPrefix("|") }
      return "From [ALLOCATORS.md](ALLOCATORS.md) (`make bench-alloc`):\n\n"
        + table.joined(separator: "\n")
    }

    /// The description and table of results/replay.md, to repeat in the report.
    static func replaySummary(_ text: String) -> String? {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      guard let generated = lines.first(where: { $0.hasPrefix("Generated by") }),
        let start = lines.firstIndex(where: { $0.hasPrefix("| policy |") })
      else { return nil }
      let table = lines[start...].prefix { $0.hasPrefix("|") }
      return "From [replay.md](replay.md). " + generated + "\n\n" + table.joined(separator: "\n")
    }

    static func machine() -> String {
      let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
      let memory = ProcessInfo.processInfo.physicalMemory / (1 << 30)
      return "\(cpu ?? "an unknown CPU"), \(ProcessInfo.processInfo.activeProcessorCount) cores, "
        + "\(memory) GiB, \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }

    /// The charts report-charts.py draws, which REPORT.md links when they were drawn.
    static let chartFiles = ["throughput.svg", "ratios.svg", "scaling.svg"]

    /// What drawing the charts came to.
    enum Charts {
      var wereDrawn: Bool {
        if case .drawn = self { true } else { false }
      }

      case drawn
      /// Python or matplotlib is not installed: the report stands without charts.
      case unavailable(String)
      /// They could not be written (a full disk): the run fails after its report.
      case failed(String)
    }

    /// Draws the report's charts from `results/report.json` with report-charts.py.
    static func drawCharts(in results: String) -> Charts {
      let script = "\(scriptsDirectory())/report-charts.py"
      guard FileManager.default.fileExists(atPath: script) else {
        return .unavailable("\(script) is missing")
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", script, results]
      let errors = Pipe()
      process.standardError = errors
      do {
        try process.run()
      } catch {
        return .unavailable("python3 is missing")
      }
      let message = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self
      ).trimmingCharacters(in: .whitespacesAndNewlines)
      process.waitUntilExit()
      switch process.terminationStatus {
      case 0: return .drawn
      case 2 where message.contains("matplotlib is missing"):
        return .unavailable("matplotlib is missing (pip install matplotlib)")
      default:
        let lastLine = message.split(separator: "\n").last.map(String.init) ?? "no message"
        return .failed("report-charts.py failed (exit \(process.terminationStatus)): \(lastLine)")
      }
    }

    /// The helper scripts, installed with the binary.
    static func scriptsDirectory() -> String { BundledFiles.directory }
  }
}
