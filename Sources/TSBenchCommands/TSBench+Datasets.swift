import ArgumentParser
import SearchBenchKit
import TranscriptCorpus

extension TSBench {
  struct Datasets: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Generate the standard datasets that are missing and verify all of them.",
      discussion: """
        Every file is checked against the size and SHA-256 in the manifest; a mismatch is \
        an error naming the file. The standard set is every script at 1k and 10k rows, \
        and english, chinese and mixed also at 100k and 1M rows (about 1 GB in all).
        """)

    @Option(help: "The folder holding the dataset files.")
    var directory = "datasets"

    @Option(help: "The manifest to verify against.")
    var manifest = "datasets/manifest.json"

    @Option(help: "Only the datasets with these names (such as mixed-1m); repeatable.")
    var only: [String] = []

    @Flag(help: "Only datasets of at most 10k rows.")
    var small = false

    @Flag(help: "Rewrite the manifest from the generated files instead of verifying them.")
    var updateManifest = false

    func validate() throws {
      let known = Set(DatasetSpec.standard.map(\.name))
      for name in only where !known.contains(name) {
        throw ValidationError(
          "unknown dataset '\(name)'; the standard datasets are "
            + DatasetSpec.standard.map(\.name).joined(separator: ", "))
      }
    }

    func run() throws {
      var specs = DatasetSpec.standard
      if !only.isEmpty { specs = specs.filter { only.contains($0.name) } }
      if small { specs = specs.filter { $0.rows <= 10_000 } }
      var preparation = DatasetPreparation(directory: directory, manifestPath: manifest)
      preparation.updatesManifest = updateManifest
      let results = try preparation.prepare(specs)
      print("dataset          rows      text MB  outcome    planted keywords (rows)")
      for (entry, outcome) in results {
        let keywords = entry.plantedKeywords.map { "\($0.keyword) \($0.rows)" }
          .joined(separator: ", ")
        print(
          entry.name.padding(16) + String(entry.rows).padding(10)
            + String(Double(entry.textBytes / 10_000) / 100).padding(9)
            + outcome.rawValue.padding(11) + keywords)
      }
      if updateManifest { print("wrote \(manifest)") }
    }
  }
}

extension String {
  /// The string padded with spaces to at least `width` characters, plus one space.
  func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(1, width - count))
  }
}
