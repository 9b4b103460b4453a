import Foundation
import Testing

@testable import TranscriptCorpus

@Suite("Dataset manifest")
struct ManifestTests {
  /// The committed manifest, found from this file's location in the repository.
  static let manifestPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("datasets/manifest.json").path

  @Test func listsEveryStandardDataset() throws {
    let manifest = try DatasetManifest.load(from: Self.manifestPath)
    #expect(manifest.generatorVersion == TranscriptGenerator.version)
    #expect(manifest.datasets.map(\.spec) == DatasetSpec.standard)
  }

  /// Regenerating the small standard datasets reproduces the committed bytes and
  /// keyword counts, so the manifest and the generator agree.
  @Test(arguments: DatasetSpec.standard.filter { $0.rows == 1_000 })
  func smallDatasetsRegenerateToTheCommittedBytes(_ spec: DatasetSpec) throws {
    let manifest = try DatasetManifest.load(from: Self.manifestPath)
    let expected = try #require(manifest.entry(named: spec.name))
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let entry = try DatasetBuilder(directory: folder.path).generate(spec)
    #expect(entry == expected)
    try DatasetBuilder(directory: folder.path).verify(expected)
  }

  @Test func verifyingACorruptedFileNamesIt() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let builder = DatasetBuilder(directory: folder.path)
    let entry = try builder.generate(DatasetSpec(script: .greek, rows: 50))
    let path = folder.file(entry.plainText.file)
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    bytes[10] ^= 1
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: DatasetError.self) { try builder.verify(entry) }
    guard case .manifestMismatch(let errorPath, let reason) = error else {
      Issue.record("expected a manifest mismatch, got \(String(describing: error))")
      return
    }
    #expect(errorPath == path)
    #expect(reason.contains("SHA-256"))
  }
}
