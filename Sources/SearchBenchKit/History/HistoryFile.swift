import Foundation

/// One machine kind's performance history: `results/history/<fingerprint>.jsonl`, a
/// header line naming the fingerprint, then one ``HistoryRecord`` per line, oldest first.
///
/// Records from another fingerprint never enter the file, so nothing compares counts
/// from two kinds of machine. The file keeps the newest ``retention`` records (about
/// 600 bytes each, so under 1 MB), dropping the oldest; recording a commit again
/// replaces its record.
public struct HistoryFile: Sendable {
  /// The newest records a file keeps.
  public static let retention = 1_000

  struct Header: Codable {
    var fingerprint: InstructionProfile.Fingerprint
    var retention: Int
  }

  public var path: String
  public var fingerprint: InstructionProfile.Fingerprint
  public var records: [HistoryRecord]
  /// Lines that could not be read, each with its file and line number; a report shows
  /// them and leaves them out, and ``append(_:)`` refuses to rewrite such a file.
  public var problems: [String] = []

  /// The file of `fingerprint` in `folder`: `<folder>/<fingerprint.id>.jsonl`.
  public static func path(in folder: String, for fingerprint: InstructionProfile.Fingerprint)
    -> String
  {
    "\(folder)/\(fingerprint.id).jsonl"
  }

  public init(
    path: String, fingerprint: InstructionProfile.Fingerprint, records: [HistoryRecord] = []
  ) {
    self.path = path
    self.fingerprint = fingerprint
    self.records = records
  }

  /// Reads a history file.
  ///
  /// - Throws: ``HistoryError`` when the file cannot be read or has no header; a record
  ///   that cannot be read, or that names another fingerprint, goes to ``problems``.
  public static func load(_ path: String) throws(HistoryError) -> HistoryFile {
    let text: String
    do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
      throw HistoryError("cannot read the history \(path): \(error.localizedDescription)")
    }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .makeIterator()
    guard let (_, first) = lines.next(), !first.isEmpty,
      let header = try? JSONDecoder().decode(Header.self, from: Data(first.utf8))
    else {
      throw HistoryError("\(path):1: not a history file (its first line must name its fingerprint)")
    }
    var file = HistoryFile(path: path, fingerprint: header.fingerprint)
    while let (index, line) = lines.next() {
      guard !line.isEmpty else { continue }
      do {
        let record = try HistoryRecord.parse(line, file: path, number: index + 1)
        guard record.fingerprint == header.fingerprint.id else {
          file.problems.append(
            "\(path):\(index + 1): the record of \(record.commit) was measured on another kind of machine "
              + "(fingerprint \(record.fingerprint), this file's is \(header.fingerprint.id)): not compared"
          )
          continue
        }
        file.records.append(record)
      } catch {
        file.problems.append(error.description)
      }
    }
    return file
  }

  /// Adds `record` as the newest (replacing an older record of the same commit) and
  /// drops the oldest past ``retention``.
  ///
  /// - Throws: ``HistoryError`` when the record is of another fingerprint, or the file
  ///   has lines that could not be read (rewriting it would lose them).
  public mutating func append(_ record: HistoryRecord) throws(HistoryError) {
    guard record.fingerprint == fingerprint.id else {
      throw HistoryError(
        "the record was measured on another kind of machine (fingerprint \(record.fingerprint)) "
          + "than \(path)'s (\(fingerprint.id))")
    }
    guard problems.isEmpty else {
      throw HistoryError(
        "\(path) has lines that cannot be read; mend or remove them first, so that rewriting it loses nothing:\n"
          + problems.joined(separator: "\n"))
    }
    records.removeAll { $0.commit == record.commit }
    records.append(record)
    if records.count > Self.retention { records.removeFirst(records.count - Self.retention) }
  }

  /// The file's text: its header, then a record per line.
  public var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let header =
      (try? encoder.encode(Header(fingerprint: fingerprint, retention: Self.retention))) ?? Data()
    return ([String(decoding: header, as: UTF8.self)] + records.map(\.line)).joined(separator: "\n")
      + "\n"
  }

  /// Every history file in `folder` but `excluded`, by name; an unreadable one goes to
  /// `problems`.
  public static func loadAll(in folder: String, excluding excluded: String? = nil) -> (
    files: [HistoryFile], problems: [String]
  ) {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".jsonl") && "\(folder)/\($0)" != excluded }.sorted()
    var files: [HistoryFile] = []
    var problems: [String] = []
    for name in names {
      do { files.append(try load("\(folder)/\(name)")) } catch {
        problems.append(error.description)
      }
    }
    return (files, problems)
  }
}
