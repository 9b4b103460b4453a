import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptSearch

extension TSBench {
  struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Score matchers against the match contract's conformance cases.",
      discussion: """
        Runs each case (a text, a keyword and the expected UTF-8 ranges) against each \
        matcher and prints passed/total and every failing family with one example. Exits \
        0 when oracle, folded and chunked pass every case; the stock engines (regex, \
        nsregex, foundation) are expected to fail some families, and that is reported, \
        not an error. Each case runs with its own find options ("options" in the case \
        file); cases with options an engine does not offer are counted as "not offered". \
        With --word-match or --ignore-diacritics, only the cases with exactly those \
        options run.
        """)

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
    }

    func run() async throws {
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
        print(String(decoding: try encoder.encode(Output(matchers: reports)), as: UTF8.self))
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
