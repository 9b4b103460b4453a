/// A dataset the generator can make: a script, a row count and a seed.
public struct DatasetSpec: Hashable, Codable, Sendable {
  public var script: Script
  public var rows: Int
  public var seed: UInt64

  public init(script: Script, rows: Int, seed: UInt64 = DatasetSpec.standardSeed) {
    self.script = script
    self.rows = rows
    self.seed = seed
  }

  /// The seed of every standard dataset.
  public static let standardSeed: UInt64 = 20_261_121

  /// A short name: the script and a compact row count, such as `mixed-1m`.
  public var name: String { "\(script.rawValue)-\(Self.compactCount(rows))" }

  public var jsonLinesFileName: String { "\(name).jsonl" }
  public var plainTextFileName: String { "\(name).txt" }

  /// Every script at 1k and 10k rows; `english`, `chinese` and `mixed` also at 100k
  /// and 1M.
  public static let standard: [DatasetSpec] =
    Script.allCases.flatMap { script in
      [1_000, 10_000].map { DatasetSpec(script: script, rows: $0) }
    }
    + [Script.english, .chinese, .mixed].flatMap { script in
      [100_000, 1_000_000].map { DatasetSpec(script: script, rows: $0) }
    }

  /// `1000` → `1k`, `1000000` → `1m`; other counts are written out.
  static func compactCount(_ rows: Int) -> String {
    if rows >= 1_000_000 && rows % 1_000_000 == 0 { return "\(rows / 1_000_000)m" }
    if rows >= 1_000 && rows % 1_000 == 0 { return "\(rows / 1_000)k" }
    return "\(rows)"
  }
}
