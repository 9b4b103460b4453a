import ArgumentParser
import Foundation
import SearchBenchKit

/// The `tsbench` command line. A package that brings its own strategies passes them to
/// ``main(registering:)``: every command then offers them by name.
public struct TSBench: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "tsbench",
    abstract: "Benchmark keyword search in large transcripts.",
    discussion: """
      Datasets are generated deterministically: the same script, row count and seed give \
      the same bytes on every machine. Start with `tsbench datasets`, which makes the \
      standard datasets and checks them against datasets/manifest.json.
      """,
    subcommands: [
      Generate.self, Datasets.self, Import.self, Verify.self, Search.self, Suggest.self,
      Compare.self, Gate.self, Instructions.self, History.self, Bisect.self,
      BenchCorpus.self, BenchOpen.self, BenchSearch.self, BenchFold.self,
      BenchMatchers.self, BenchOptions.self,
      BenchSession.self, BenchImport.self, BenchImportChild.self, BenchTokens.self, BenchIndex.self,
      Replay.self, View.self,
      Footprint.self,
    ])

  public init() {}

  /// Runs the command line on the process's arguments with `strategies` added to the
  /// built-in ones; a strategy that traps is named on standard error.
  public static func main(registering strategies: [Strategy]) async {
    CrashContext.install()
    for strategy in strategies {
      do { try Strategies.register(strategy) } catch {
        Self.exit(withError: ValidationError("\(error)"))
      }
    }
    if let problem = KernelChoice.applyEnvironment() {
      Self.exit(withError: ValidationError(problem))
    }
    do {
      var command = try parseAsRoot(
        NegativeNumbers.joined(Array(CommandLine.arguments.dropFirst())))
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      let code = exitCode(for: error)
      // Help and version print as the parser prints them; an error names files, keywords
      // and row text, so it is written with its control characters escaped.
      if code == .success { Self.exit(withError: error) }
      let message = fullMessage(for: error)
      if !message.isEmpty { ProgressDisplay.writeError(message + "\n") }
      Foundation.exit(code.rawValue)
    }
  }
}
