import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch

extension TSBench {
  struct Gate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Fail when a strategy gets slower or less conforming than its recorded baseline.",
      discussion: """
        Measures the strategy's conformance on the case suite and its time as a ratio to a \
        reference strategy (default folded), both run in the same interleaved rounds on \
        --dataset, so the machine's noise touches both alike. With --record, writes the \
        baseline; otherwise compares with it and exits 1 if fewer cases pass or any \
        keyword's ratio is more than --tolerance above the baseline's. Meant for your CI: \
        record once, commit the baseline, check on every change.
        """)

    @Option(help: "The strategy to gate.")
    var matcher: String

    @Option(help: "The strategy its speed is measured against.")
    var reference = "folded"

    @Option(help: "The transcript to measure on (JSON Lines, SubRip, WebVTT, text).")
    var dataset: String

    @OptionGroup var options: DatasetOptions

    @Option(
      help: "Keywords, comma-separated (default: chosen from the text).",
      transform: { $0.split(separator: ",").map(String.init) })
    var keywords: [String]?

    @Option(help: "The baseline file (default: gate-MATCHER.json).")
    var baseline: String?

    @Flag(help: "Write the baseline instead of checking against it.")
    var record = false

    @Option(help: "How much a keyword's ratio may grow over the baseline's (0.25 is 25%).")
    var tolerance = 0.25

    @Option(help: "Interleaved rounds.")
    var rounds = 7

    @Option(help: "The conformance cases (default: the ones installed with tsbench).")
    var cases = BundledFiles.conformanceCases

    @Option(help: "Also write the verdict as Markdown to this file.")
    var report: String?

    func validate() throws {
      _ = try StrategyName.strategy(matcher)
      _ = try StrategyName.strategy(reference)
      guard matcher != reference else {
        throw ValidationError(
          "--matcher and --reference are both \(matcher): pick another reference")
      }
      guard rounds > 0 else { throw ValidationError("--rounds must be at least 1") }
      guard tolerance >= 0 else { throw ValidationError("--tolerance must not be negative") }
      guard tolerance.isFinite, tolerance <= Self.largestTolerance else {
        throw ValidationError(
          "--tolerance \(tolerance) is too large: at most \(Int(Self.largestTolerance)) "
            + "(a ratio \(Int(Self.largestTolerance) + 1)× its baseline's)")
      }
      if let keywords, keywords.isEmpty || keywords.contains(where: \.isEmpty) {
        throw ValidationError("--keywords is empty: give one or more, comma-separated")
      }
    }

    /// A tolerance above this (a ratio 101× its baseline's) would let any slowdown pass.
    static let largestTolerance = 100.0

    /// The baseline at `path`, or an error that says whether it is missing, unreadable or
    /// not a baseline (a missing one invites `--record`; an unreadable one must not).
    static func readBaseline(_ path: String) throws -> StrategyGate.Baseline {
      let data: Data
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
        throw InputError(
          "no baseline at \(path): record one first with `tsbench gate --record` (same options)")
      } catch {
        let reason = (error as? CocoaError)?.underlying?.localizedDescription
        throw InputError(
          "cannot read the baseline \(path): \(reason ?? error.localizedDescription) "
            + "(it is left as it is)")
      }
      do {
        return try StrategyGate.Baseline.decode(data)
      } catch {
        throw InputError("\(path) is not a gate baseline: \(error)")
      }
    }

    func run() async throws {
      let path = baseline ?? "gate-\(matcher).json"
      try OutputPath.check(
        outputs: (record ? [path] : []) + (report.map { [$0] } ?? []),
        inputs: [dataset, cases] + (record ? [] : [path]))
      var gate = StrategyGate(
        strategy: try StrategyName.strategy(matcher),
        reference: try StrategyName.strategy(reference))
      gate.rounds = rounds
      gate.tolerance = tolerance
      let recorded: StrategyGate.Baseline?
      if record {
        recorded = nil
      } else {
        let baseline = try Self.readBaseline(path)
        let name = URL(fileURLWithPath: dataset).lastPathComponent
        do {
          try baseline.check(strategy: matcher, reference: reference, dataset: name)
        } catch {
          throw InputError("\(path) does not fit this run: \(error)")
        }
        recorded = baseline
      }
      let corpus = try options.load(dataset).corpus
      guard !corpus.isEmpty else { throw ValidationError("\(dataset) holds no rows") }
      let chosen =
        recorded.map { $0.ratios.keys.sorted().map { ($0, Comparison.givenLabel) } }
        ?? keywords.map { $0.map { ($0, Comparison.givenLabel) } }
        ?? KeywordChoice.choose(in: corpus)
      let name = URL(fileURLWithPath: dataset).lastPathComponent
      let measured = try await gate.measure(
        ComparisonDataset(
          name: name, script: nil, corpus: corpus, plainTextPath: nil, keywords: chosen),
        cases: try ConformanceCase.load(from: cases),
        progress: { ProgressDisplay.writeError("gate: \($0)\n") })
      if record {
        try ReportFile.writeJSON(measured, to: path)
        let ratios = measured.ratios.sorted { $0.key < $1.key }
          .map { "\"\($0.key)\" \(StrategyGate.format($0.value))" }.joined(separator: ", ")
        print(
          "recorded \(path): \(measured.casesPassed)/\(measured.casesTotal) cases; "
            + "÷ \(reference): \(ratios)")
        return
      }
      let checks = gate.checks(measured, against: recorded!)
      let markdown = StrategyGate.markdown(
        checks, title: "Gate: \(matcher) against \(path) (÷ \(reference), tolerance \(tolerance))")
      print(markdown, terminator: "")
      if let report { try ReportFile.write(markdown, to: report) }
      if checks.contains(where: { !$0.passed }) { throw ExitCode.failure }
    }
  }
}
