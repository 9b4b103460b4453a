import ArgumentParser
import Foundation
import TranscriptCorpus

/// A standard dataset by name (`tsbench datasets` writes them), and where its files are.
struct StandardDatasetOptions: ParsableArguments {
  @Option(help: "The dataset, by standard name.")
  var dataset = "mixed-1m"

  @Option(help: "The folder holding the dataset files.")
  var directory = "datasets"

  func validate() throws {
    guard DatasetSpec.standard.contains(where: { $0.name == dataset }) else {
      throw ValidationError("unknown dataset '\(dataset)'")
    }
  }

  /// The dataset's description.
  var spec: DatasetSpec { DatasetSpec.standard.first { $0.name == dataset }! }

  /// Where the dataset's JSON Lines file is, whether or not it exists.
  var jsonLinesFile: String { "\(directory)/\(spec.jsonLinesFileName)" }

  /// The dataset's JSON Lines file, which must exist.
  func jsonLinesPath() throws -> String {
    let path = jsonLinesFile
    guard FileManager.default.fileExists(atPath: path) else {
      throw ValidationError("\(path) is missing; run `tsbench datasets --only \(dataset)`")
    }
    return path
  }
}
