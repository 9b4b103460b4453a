import Foundation
import TranscriptCorpus

/// Writes report files atomically, so an interrupted run leaves the previous report.
public enum ReportFile {
  public static func write(_ text: String, to path: String) throws(DatasetError) {
    let file = try AtomicFileWriter(path: path)
    try file.write(text)
    try file.commit()
  }

  /// Writes `value` as sorted, indented JSON.
  public static func writeJSON(_ value: some Encodable, to path: String) throws(DatasetError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      let data = try encoder.encode(value)
      try write(String(decoding: data, as: UTF8.self) + "\n", to: path)
    } catch let error as DatasetError {
      throw error
    } catch {
      throw .cannotWrite(path: path, reason: "\(error)")
    }
  }
}

/// A result with the targets it was checked against, as written to `results/*.json`.
public struct ReportWithTargets<Result: Encodable, Target: Encodable>: Encodable {
  public var result: Result
  public var targets: [Target]

  public init(result: Result, targets: [Target]) {
    self.result = result
    self.targets = targets
  }
}
