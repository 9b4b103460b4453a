import Foundation

/// The committed list of standard datasets with the size and SHA-256 of each file, so
/// a regenerated file is checked rather than trusted.
public struct DatasetManifest: Codable, Equatable, Sendable {
  public struct FileDigest: Codable, Equatable, Sendable {
    public var file: String
    public var bytes: Int
    public var sha256: String

    public init(file: String, bytes: Int, sha256: String) {
      self.file = file
      self.bytes = bytes
      self.sha256 = sha256
    }
  }

  public struct Entry: Codable, Equatable, Sendable {
    public var name: String
    public var script: Script
    public var rows: Int
    public var seed: UInt64
    /// UTF-8 bytes of row text, without the JSON around it.
    public var textBytes: Int
    public var plantedKeywords: [PlantedKeywordCount]
    public var jsonLines: FileDigest
    public var plainText: FileDigest

    public var spec: DatasetSpec { DatasetSpec(script: script, rows: rows, seed: seed) }

    /// What differs between this entry and `other`, field by field, as a person reads it
    /// (a message that shows two equal checksums tells nothing).
    public func differences(from other: Entry) -> [String] {
      var found: [String] = []
      if spec != other.spec { found.append("\(spec), the manifest says \(other.spec)") }
      if textBytes != other.textBytes {
        found.append("\(textBytes) bytes of text, the manifest says \(other.textBytes)")
      }
      if plantedKeywords != other.plantedKeywords {
        found.append(
          "planted keyword counts \(plantedKeywords), the manifest says \(other.plantedKeywords)")
      }
      for (what, mine, theirs) in [
        ("JSON Lines", jsonLines, other.jsonLines), ("plain text", plainText, other.plainText),
      ] where mine != theirs {
        found.append(
          "\(what) file \(mine.file): \(mine.bytes) bytes, SHA-256 \(mine.sha256); "
            + "the manifest says \(theirs.bytes) bytes, SHA-256 \(theirs.sha256)")
      }
      return found.isEmpty ? ["no field differs"] : found
    }

    public init(
      spec: DatasetSpec, textBytes: Int, plantedKeywords: [PlantedKeywordCount],
      jsonLines: FileDigest, plainText: FileDigest
    ) {
      name = spec.name
      script = spec.script
      rows = spec.rows
      seed = spec.seed
      self.textBytes = textBytes
      self.plantedKeywords = plantedKeywords
      self.jsonLines = jsonLines
      self.plainText = plainText
    }
  }

  /// What generated the files; bump it when the generator's output changes on purpose.
  public var generatorVersion: Int
  public var datasets: [Entry]

  public init(generatorVersion: Int = TranscriptGenerator.version, datasets: [Entry]) {
    self.generatorVersion = generatorVersion
    self.datasets = datasets
  }

  public func entry(named name: String) -> Entry? {
    datasets.first { $0.name == name }
  }

  public static func load(from path: String) throws(DatasetError) -> DatasetManifest {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .unreadableManifest(path: path, reason: error.localizedDescription)
    }
    do {
      return try JSONDecoder().decode(DatasetManifest.self, from: data)
    } catch {
      throw .unreadableManifest(path: path, reason: "\(error)")
    }
  }

  /// Writes the manifest as sorted, indented JSON, atomically.
  public func save(to path: String) throws(DatasetError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do {
      data = try encoder.encode(self)
    } catch {
      throw .cannotWrite(path: path, reason: "\(error)")
    }
    let file = try AtomicFileWriter(path: path)
    try file.write(Array(data) + [0x0A])
    try file.commit()
  }
}
