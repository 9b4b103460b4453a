import Foundation

/// One commit's line in the performance history: the gate's instruction and allocation
/// counts per phase, the strategy ratios of a quick comparison (when it ran), the commit
/// and the fingerprint of the machine kind, in well under a kilobyte of JSON.
public struct HistoryRecord: Codable, Sendable, Equatable {
  /// The commit, abbreviated to 12 hex digits.
  public var commit: String
  /// The commit's committer date (ISO 8601), which orders nothing but is shown.
  public var date: String
  /// ``InstructionProfile/Fingerprint/id`` of the machine kind the counts are from.
  public var fingerprint: String
  /// Instructions per gate phase.
  public var instructions: [String: Int]
  /// Allocations per gate phase.
  public var allocations: [String: Int]
  /// Time ratios of a quick comparison, by name ("pcre2/folded rare"): the first
  /// strategy's median time over the second's. Empty when no comparison ran.
  public var ratios: [String: Double]

  public init(
    commit: String, date: String, fingerprint: String, instructions: [String: Int],
    allocations: [String: Int], ratios: [String: Double] = [:]
  ) {
    self.commit = commit
    self.date = date
    self.fingerprint = fingerprint
    self.instructions = instructions
    self.allocations = allocations
    self.ratios = ratios
  }

  /// The record of `profile`, measured on `commit`.
  public init(
    commit: String, date: String, profile: InstructionProfile, ratios: [String: Double] = [:]
  ) {
    self.init(
      commit: String(commit.prefix(12)), date: date, fingerprint: profile.fingerprint.id,
      instructions: Dictionary(
        uniqueKeysWithValues: profile.benchmarks.map { ($0.name, $0.instructions) }),
      allocations: Dictionary(
        uniqueKeysWithValues: profile.benchmarks.map { ($0.name, $0.allocations) }),
      ratios: ratios.mapValues { ($0 * 10_000).rounded() / 10_000 })
  }

  /// Every instruction of the run, start-up and exit included: the one series every
  /// record has, whether its workload was counted in phases or whole.
  public var totalInstructions: Int { instructions.values.reduce(0, +) }

  /// The record as one line of JSON, keys sorted.
  public var line: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // A record holds strings, integers and finite numbers: encoding cannot fail.
    return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
  }

  /// The record on one line of a history file.
  ///
  /// - Throws: ``HistoryError`` naming the file and line, when the line is not a record
  ///   (a truncated or hand-edited line, a count that cannot be).
  public static func parse(_ line: Substring, file: String, number: Int) throws(HistoryError)
    -> HistoryRecord
  {
    let record: HistoryRecord
    do { record = try JSONDecoder().decode(HistoryRecord.self, from: Data(line.utf8)) } catch {
      throw HistoryError(
        "\(file):\(number): not a history record (\(InstructionProfile.reason(error)))")
    }
    guard record.commit.count >= 7, record.commit.allSatisfy(\.isHexDigit) else {
      throw HistoryError("\(file):\(number): \"\(record.commit)\" is not a commit id")
    }
    guard !record.instructions.isEmpty, record.instructions.values.allSatisfy({ $0 > 0 }),
      record.allocations.values.allSatisfy({ $0 >= 0 }),
      record.ratios.values.allSatisfy({ $0.isFinite && $0 > 0 })
    else {
      throw HistoryError("\(file):\(number): a count or ratio no measurement gives")
    }
    return record
  }
}

/// A history file or record that cannot be read or written.
public struct HistoryError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
