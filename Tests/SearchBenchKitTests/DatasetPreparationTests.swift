import Foundation
import Testing
import TranscriptCorpus

@testable import SearchBenchKit

@Suite("DatasetPreparation")
struct DatasetPreparationTests {
  let specs = [DatasetSpec(script: .korean, rows: 40), DatasetSpec(script: .thai, rows: 30)]

  func folder() throws -> String {
    let path = NSTemporaryDirectory() + "tsb-prep-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func generatesMissingFilesThenVerifiesThem() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var preparation = DatasetPreparation(
      directory: directory, manifestPath: "\(directory)/manifest.json")
    preparation.showsProgress = false
    preparation.updatesManifest = true
    let written = try preparation.prepare(specs)
    #expect(written.map(\.outcome) == [.generated, .generated])

    preparation.updatesManifest = false
    let checked = try preparation.prepare(specs)
    #expect(checked.map(\.outcome) == [.verified, .verified])
    #expect(checked.map(\.entry) == written.map(\.entry))

    // A deleted file is regenerated and must come out identical.
    try FileManager.default.removeItem(atPath: "\(directory)/\(specs[1].plainTextFileName)")
    #expect(try preparation.prepare(specs).map(\.outcome) == [.verified, .generated])
  }

  @Test func aDatasetMissingFromTheManifestIsAnErrorSayingWhatToRun() throws {
    let directory = try folder()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    var preparation = DatasetPreparation(
      directory: directory, manifestPath: "\(directory)/manifest.json")
    preparation.showsProgress = false
    preparation.updatesManifest = true
    _ = try preparation.prepare([specs[0]])
    preparation.updatesManifest = false
    let error = #expect(throws: DatasetError.self) { try preparation.prepare(specs) }
    guard case .manifestMismatch(_, let reason) = error else {
      Issue.record("expected a manifest mismatch, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("--update-manifest"))
  }

  @Test func aMissingManifestIsNamed() throws {
    let preparation = DatasetPreparation(directory: "/tmp", manifestPath: "/nonexistent/m.json")
    #expect(throws: DatasetError.self) { try preparation.prepare(specs) }
  }
}
