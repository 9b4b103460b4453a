import ArgumentParser
import Foundation
import SearchBenchKit
import SearchStrategies
import TranscriptCorpus
import TranscriptSearch

extension TSBench {
  struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Score matchers against the match contract's conformance cases, or on your own transcript.",
      discussion: """
        Without --dataset, runs each case (a text, a keyword and the expected UTF-8 ranges) against each \
        matcher and prints passed/total and every failing family with one example. Exits \
        0 when oracle, folded and chunked pass every case; the stock engines (regex, \
        nsregex, foundation) are expected to fail some families, and that is reported, \
        not an error. Each case runs with its own find options ("options" in the case \
        file); cases with options an engine does not offer are counted as "not offered". \
        With --word-match or --ignore-diacritics, only the cases with exactly those \
        options run.

        With --dataset, checks the contract on your own transcript instead: it takes \
        --rows rows spread over the file and --keywords keywords from their text (whole \
        words and pieces of one to six characters, some upper- or lower-cased, decomposed \
        or stripped of their marks; add your own with --keyword) and compares every \
        matcher with the oracle on each keyword under every combination of find options. \
        folded runs with every pair of fold and scan kernel this CPU offers, chunked with \
        every scan kernel, and a search session types each keyword a character at a time. \
        It prints each matcher's score and its first differences (keyword, options, row and \
        ranges), and exits 1 if a matcher that follows the contract differs anywhere.
        """)

    @Option(help: "Check the contract on this transcript (JSON Lines, SubRip, WebVTT or text).")
    var dataset: String?

    @Option(help: "With --dataset: how many rows to check, spread evenly over the file.")
    var rows = Self.defaultRows

    @Option(help: "With --dataset: how many keywords to take from the rows' text.")
    var keywords = Self.defaultKeywords

    @Option(
      name: .customLong("keyword"),
      help: "With --dataset: also search for this keyword (repeatable).")
    var givenKeywords: [String] = []

    @Option(
      help: "With --dataset: the seed that picks the keywords (the same seed, the same ones).")
    var seed = Self.defaultSeed

    @OptionGroup(title: "Reading --dataset") var datasetOptions: DatasetOptions

    @Option(help: "The conformance cases (default: the ones installed with tsbench).")
    var cases = BundledFiles.conformanceCases

    @Option(
      help:
        "The matcher to score, or all: \(Strategies.namesList)."
    )
    var matcher = "all"

    @OptionGroup(title: "Find options") var find: FindOptions

    @Flag(help: "Print the results as JSON.")
    var json = false

    @Option(help: "Also write the results as a Markdown table to this file.")
    var report: String?

    func validate() throws {
      if matcher != "all" { _ = try StrategyName.strategy(matcher) }
      if dataset == nil {
        for (option, given) in [
          ("--rows", rows != Self.defaultRows), ("--keywords", keywords != Self.defaultKeywords),
          ("--keyword", !givenKeywords.isEmpty), ("--seed", seed != Self.defaultSeed),
        ] where given {
          throw ValidationError("\(option) needs --dataset")
        }
      } else {
        guard cases == BundledFiles.conformanceCases else {
          throw ValidationError("give --cases or --dataset, not both: they are two checks")
        }
        guard matcher != OracleMatcher.name else {
          throw ValidationError("the oracle is what --dataset compares every matcher with")
        }
        guard rows > 0 else { throw ValidationError("--rows must be at least 1") }
        guard keywords >= 0 else { throw ValidationError("--keywords must not be negative") }
        guard keywords > 0 || !givenKeywords.isEmpty else {
          throw ValidationError("--keywords 0 needs at least one --keyword")
        }
        if givenKeywords.contains(where: \.isEmpty) {
          throw ValidationError("a --keyword is empty")
        }
      }
    }

    func run() async throws {
      if let report {
        try OutputPath.check(outputs: [report], inputs: [cases] + (dataset.map { [$0] } ?? []))
      }
      if let dataset { return try await verify(dataset: dataset) }
      var loaded = try ConformanceCase.load(from: cases)
      if !find.searchOptions.isDefault {
        loaded = loaded.filter { $0.options == find.searchOptions }
        guard !loaded.isEmpty else {
          throw ValidationError("no case in \(cases) searches with \(find.searchOptions)")
        }
      }
      let strategies = matcher == "all" ? Strategies.all : [try StrategyName.strategy(matcher)]
      var reports: [ConformanceReport] = []
      for strategy in strategies {
        reports.append(try await ConformanceReport.run(strategy, on: loaded))
      }
      if json {
        struct Output: Encodable { var matchers: [ConformanceReport] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        printJSON(try encoder.encode(Output(matchers: reports)))
      } else {
        print("\(loaded.count) cases from \(cases)")
        for report in reports {
          let skipped = report.notOffered > 0 ? " (\(report.notOffered) not offered)" : ""
          print("\(report.name.padding(11))\(report.passed)/\(report.total)\(skipped)")
          for (family, example) in report.failingFamilies {
            print(
              "  fails \(family): \(example.case) expected \(example.expected) "
                + (example.problem ?? "got \(example.got)"))
          }
        }
      }
      if let report {
        // The installed cases are the default: their path (a build folder) is not part of
        // the command a reader would type.
        let casesArgument = cases == BundledFiles.conformanceCases ? "" : " --cases \(cases)"
        let command = "\(ProgramName.current) verify\(casesArgument)" + find.commandLine
        try ReportFile.write(
          ConformanceReport.markdown(reports, caseCount: loaded.count, command: command), to: report
        )
      }
      let mustConform = zip(strategies, reports).filter { $0.0.followsContract }.map(\.1)
      if mustConform.contains(where: { !$0.conforms }) { throw ExitCode.failure }
    }
  }
}
