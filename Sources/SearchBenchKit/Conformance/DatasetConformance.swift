import SearchStrategies
import TranscriptSearch

/// How matchers fared against the contract on rows of a user's own transcript, with
/// keywords taken from its text: every checker's matches compared with the oracle's for
/// every keyword and combination of find options.
public struct DatasetConformance: Codable, Equatable, Sendable {
  /// A search whose matches were not the oracle's, shown at its first differing row.
  public struct Difference: Codable, Equatable, Sendable {
    public var keyword: String
    public var shape: SampledKeyword.Shape
    /// The options, as ``SearchOptions/description`` spells them.
    public var options: String
    /// The row in the dataset (counted from 0), or nil when the search threw.
    public var row: Int?
    /// The contract's and the checker's UTF-8 ranges in that row.
    public var expected: [[Int]]
    public var got: [[Int]]
    /// What went wrong besides different matches: an error thrown.
    public var problem: String?
  }

  /// One checker's results.
  public struct Score: Codable, Equatable, Sendable {
    public var name: String
    public var followsContract: Bool
    /// Searches whose matches were all the oracle's, among those run.
    public var passed: Int
    public var total: Int
    /// Searches not run because the checker does not offer their options.
    public var notOffered: Int
    /// The first ``DatasetConformance/keptDifferences`` differences.
    public var differences: [Difference]

    public var conforms: Bool { passed == total }
  }

  /// Differences kept per checker: enough to see a pattern, few enough to read.
  public static let keptDifferences = 10

  /// The rows compared, of how many in the dataset.
  public var rowsChecked: Int
  public var rowsTotal: Int
  public var keywords: [SampledKeyword]
  /// The combinations of options each keyword was searched with.
  public var options: [String]
  /// The oracle's matches over every search: how much was compared.
  public var oracleMatches: Int
  public var scores: [Score]

  /// Whether every checker written to follow the contract agreed with it everywhere.
  public var contractHolds: Bool {
    scores.allSatisfy { !$0.followsContract || $0.conforms }
  }

  /// Searches `sample` (the rows `rowNumbers` of a dataset of `rowsTotal` rows) for each
  /// keyword with each of `options` using each checker, and compares every result with
  /// the oracle's; `progress` is told after each keyword and options (done, total).
  public static func run(
    sample: Corpus, rowNumbers: [Int], rowsTotal: Int, keywords: [SampledKeyword],
    options: [SearchOptions], checkers: [ConformanceChecker],
    progress: (Int, Int) -> Void = { _, _ in }
  ) async throws -> DatasetConformance {
    precondition(rowNumbers.count == sample.count, "One row number per sampled row")
    // The oracle's view of each row, once per diacritics setting in use.
    var prepared: [Bool: [OracleMatcher.PreparedText]] = [:]
    for ignoring in Set(options.map(\.ignoresDiacritics)) {
      prepared[ignoring] = sample.map {
        OracleMatcher.PreparedText($0.text, ignoringDiacritics: ignoring)
      }
    }
    var scores = checkers.map {
      Score(
        name: $0.name, followsContract: $0.followsContract, passed: 0, total: 0, notOffered: 0,
        differences: [])
    }
    var oracleMatches = 0
    let total = keywords.count * options.count
    var done = 0
    for sampled in keywords {
      for option in options {
        try Task.checkCancellation()
        let expected = OracleMatcher.matches(
          of: OracleMatcher.PreparedKeyword(
            sampled.keyword, ignoringDiacritics: option.ignoresDiacritics),
          inRows: prepared[option.ignoresDiacritics]!, wordMatch: option.wordMatch)
        oracleMatches += expected.count
        for (index, checker) in checkers.enumerated() {
          guard checker.offers(option) else {
            scores[index].notOffered += 1
            continue
          }
          scores[index].total += 1
          var difference = Difference(
            keyword: sampled.keyword, shape: sampled.shape, options: option.description,
            row: nil, expected: [], got: [], problem: nil)
          do {
            let got = try await checker.search(sampled.keyword, option)
            guard got != expected else {
              scores[index].passed += 1
              continue
            }
            let first = firstDifference(got: got, expected: expected)
            difference.row = rowNumbers[first.row]
            difference.expected = first.expected
            difference.got = first.got
          } catch is CancellationError {
            throw CancellationError()
          } catch {
            difference.problem = "threw \(error)"
          }
          if scores[index].differences.count < keptDifferences {
            scores[index].differences.append(difference)
          }
        }
        done += 1
        progress(done, total)
      }
    }
    return DatasetConformance(
      rowsChecked: sample.count, rowsTotal: rowsTotal, keywords: keywords,
      options: options.map(\.description), oracleMatches: oracleMatches, scores: scores)
  }

  /// The first row (of the sample) where `got` and `expected` differ, with the ranges
  /// each has in it.
  static func firstDifference(
    got: [Match], expected: [Match]
  ) -> (row: Int, expected: [[Int]], got: [[Int]]) {
    let gotSet = Set(got)
    let expectedSet = Set(expected)
    let firstGot = got.first { !expectedSet.contains($0) }?.row
    let firstExpected = expected.first { !gotSet.contains($0) }?.row
    // Same matches in another order also differ: then the first row out of place.
    let row =
      [firstGot, firstExpected].compactMap { $0 }.min()
      ?? zip(got, expected).first { $0 != $1 }.map { min($0.row, $1.row) } ?? 0
    func ranges(_ matches: [Match]) -> [[Int]] {
      matches.filter { $0.row == row }.map { [$0.start, $0.end] }
    }
    return (row, ranges(expected), ranges(got))
  }
}
