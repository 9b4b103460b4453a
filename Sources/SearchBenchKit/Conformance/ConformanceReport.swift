import TranscriptSearch

/// How one matcher fared on a set of conformance cases.
public struct ConformanceReport: Codable, Equatable, Sendable {
  public struct Failure: Codable, Equatable, Sendable {
    public var `case`: String
    public var family: String
    public var expected: [[Int]]
    public var got: [[Int]]
  }

  public var name: String
  public var passed: Int
  public var total: Int
  public var failures: [Failure]

  /// Whether every case passed.
  public var conforms: Bool { passed == total }

  /// The share of cases passed, from 0 to 1.
  public var score: Double { total == 0 ? 1 : Double(passed) / Double(total) }

  /// Each failing family with its first failure, in the order the cases run.
  public var failingFamilies: [(family: String, example: Failure)] {
    var seen = Set<String>()
    return failures.compactMap { failure in
      seen.insert(failure.family).inserted ? (failure.family, failure) : nil
    }
  }

  /// Runs every case against a matcher of `kind`, each case in a one-row corpus.
  public static func run(
    _ kind: MatcherKind, on cases: [ConformanceCase]
  ) async throws -> ConformanceReport {
    var failures: [Failure] = []
    for item in cases {
      let corpus = Corpus([TranscriptRow(start: 0, text: item.text)])
      let matches = try await kind.prepare(corpus).matches(of: item.keyword)
      let got = matches.map { [$0.start, $0.end] }
      if got != item.expected {
        failures.append(
          Failure(case: item.name, family: item.family, expected: item.expected, got: got))
      }
    }
    return ConformanceReport(
      name: kind.rawValue, passed: cases.count - failures.count, total: cases.count,
      failures: failures)
  }
}
