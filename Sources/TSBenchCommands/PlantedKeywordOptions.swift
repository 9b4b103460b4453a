import ArgumentParser
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch

/// The standard dataset a matcher benchmark reads, and the keywords it times: the
/// dataset's planted ones and a dense one.
struct PlantedKeywordOptions: ParsableArguments {
  @Option(help: "The dataset, by standard name.")
  var dataset = "mixed-1m"

  @Option(help: "The folder holding the dataset files.")
  var directory = "datasets"

  @Option(help: "The manifest that lists the planted keywords.")
  var manifest = "datasets/manifest.json"

  @Option(help: "A common keyword with about a million matches at 1M rows.")
  var dense = "a"

  /// The dataset's rows, and its planted keywords by class followed by the dense one.
  func load() throws -> (corpus: Corpus, workloads: [MatcherBenchmark.Workload]) {
    guard let entry = try DatasetManifest.load(from: manifest).entry(named: dataset) else {
      throw ValidationError("\(dataset) is not in \(manifest)")
    }
    let corpus = try JSONLinesReader(path: "\(directory)/\(entry.jsonLines.file)").read().corpus
    var workloads = entry.plantedKeywords.sorted { $0.frequencyClass < $1.frequencyClass }
      .map { MatcherBenchmark.Workload(keyword: $0.keyword, label: $0.frequencyClass.rawValue) }
    if !dense.isEmpty { workloads.append(.init(keyword: dense, label: "dense")) }
    return (corpus, workloads)
  }
}
