import TranscriptSearch

/// How one matcher fared on a set of conformance cases.
public struct ConformanceReport: Codable, Equatable, Sendable {
  public struct Failure: Codable, Equatable, Sendable {
    public var `case`: String
    public var family: String
    public var expected: [[Int]]
    public var got: [[Int]]
    /// What went wrong besides different matches: an error thrown, or matches no
    /// highlight could use (see ``MatchValidity``).
    public var problem: String?
  }

  /// How the matcher fared on the cases of one combination of find options.
  public struct OptionsScore: Codable, Equatable, Sendable {
    /// The options, as ``SearchOptions/description`` spells them.
    public var options: String
    public var passed: Int
    public var total: Int
    /// Whether the matcher offers these options; if not, its cases were not run.
    public var offered: Bool
  }

  public var name: String
  /// Cases passed, among those whose options the matcher offers.
  public var passed: Int
  /// Cases run: those whose options the matcher offers.
  public var total: Int
  public var failures: [Failure]
  /// Cases not run because the matcher does not offer their options.
  public var notOffered: Int = 0
  /// The results per combination of options present in the cases, in a fixed order.
  public var byOptions: [OptionsScore] = []

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

  /// Runs every case against `strategy`, each case in a one-row corpus, with the case's
  /// options; cases with options the strategy does not offer are counted apart, not run.
  /// A case that throws or gives invalid matches fails, named with what went wrong.
  public static func run(
    _ strategy: Strategy, on cases: [ConformanceCase]
  ) async throws -> ConformanceReport {
    var failures: [Failure] = []
    var scores: [SearchOptions: (passed: Int, total: Int)] = [:]
    var notOffered = 0
    for item in cases {
      guard strategy.offers(item.options) else {
        notOffered += 1
        scores[item.options, default: (0, 0)].total += 1
        continue
      }
      let corpus = Corpus([TranscriptRow(start: 0, text: item.text)])
      var problem: String?
      var got: [[Int]] = []
      do {
        let matches = try await CrashContext.searching(strategy.name, item.keyword) {
          try await strategy.prepare(corpus).matches(of: item.keyword, options: item.options)
        }
        got = matches.map { [$0.start, $0.end] }
        problem = MatchValidity.problem(with: matches, in: corpus).map { "invalid matches: \($0)" }
      } catch is CancellationError {
        throw CancellationError()
      } catch {
        problem = "threw \(error)"
      }
      scores[item.options, default: (0, 0)].total += 1
      if got != item.expected || problem != nil {
        failures.append(
          Failure(
            case: item.name, family: item.family, expected: item.expected, got: got,
            problem: problem))
      } else {
        scores[item.options, default: (0, 0)].passed += 1
      }
    }
    let byOptions = SearchOptions.allCombinations.compactMap { options in
      scores[options].map {
        OptionsScore(
          options: options.description, passed: $0.passed, total: $0.total,
          offered: strategy.offers(options))
      }
    }
    let run = cases.count - notOffered
    return ConformanceReport(
      name: strategy.name, passed: run - failures.count, total: run, failures: failures,
      notOffered: notOffered, byOptions: byOptions)
  }
}
