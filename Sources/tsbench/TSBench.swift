import ArgumentParser

@main
struct TSBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tsbench",
    abstract: "Benchmark keyword search in large transcripts.",
    discussion: """
      Datasets are generated deterministically: the same script, row count and seed give \
      the same bytes on every machine. Start with `tsbench datasets`, which makes the \
      standard datasets and checks them against datasets/manifest.json.
      """,
    subcommands: [
      Generate.self, Datasets.self, Import.self, Verify.self, Search.self, Suggest.self,
      Compare.self,
      BenchCorpus.self,
      BenchMatchers.self, BenchOptions.self,
      BenchSession.self, BenchImport.self, BenchImportChild.self, BenchTokens.self, Replay.self,
      Footprint.self,
    ])

  static func main() async {
    if let problem = KernelChoice.environmentProblem {
      Self.exit(withError: ValidationError(problem))
    }
    await main(nil)
  }
}
