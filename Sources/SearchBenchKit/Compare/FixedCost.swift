import Foundation
import SearchStrategies
import TranscriptCorpus
import TranscriptSearch

/// What a search costs whatever the corpus's size (folding the keyword, setting up the
/// scan, making the result), measured on a corpus of the dataset's first row alone: at
/// 1k rows it is most of a search.
public struct FixedCost: Codable, Sendable {
  public var strategy: String
  public var keyword: String
  public var label: String
  public var seconds: Summary
  /// Searches timed together for each sample.
  public var batch: Int

  /// The strategies whose fixed cost is measured, where the comparison runs them.
  public static let strategies = ["folded", "chunked", "pcre2"]
  /// Interleaved rounds: each is a batch of about a millisecond.
  public static let rounds = 15
}

extension Comparison {
  /// Each of ``FixedCost/strategies`` that this comparison runs, on a corpus of the first
  /// row of `corpus`, for each keyword: batches timed as the comparison times them,
  /// the strategies interleaved in rounds.
  func fixedCosts(
    of corpus: Corpus, keywords: [(keyword: String, label: String)]
  ) async throws -> [FixedCost] {
    guard let first = corpus.first else { return [] }
    let row = Corpus([first])
    let measured = strategies.filter {
      FixedCost.strategies.contains($0.name) && $0.offers(options)
    }
    let matchers = measured.map { ($0.name, $0.prepare(row)) }
    var batches: [String: Int] = [:]
    var samples: [String: [Double]] = [:]
    let clock = ContinuousClock()
    for (keyword, _) in keywords {
      for (name, matcher) in matchers {
        var fastest = Double.infinity
        for _ in 0..<3 {
          fastest = min(
            fastest,
            try await clock.measure {
              _ = try await matcher.matches(of: keyword, options: options)
            }.seconds)
        }
        batches["\(name)|\(keyword)"] = timing.batchSize(forSearchTaking: fastest)
      }
    }
    var shuffler = SplitMix64(seed: Self.orderSeed)
    for _ in 0..<FixedCost.rounds {
      for (keyword, _) in keywords {
        for turn in Self.order(of: matchers.count, using: &shuffler) {
          let (name, matcher) = matchers[turn]
          let key = "\(name)|\(keyword)"
          try Task.checkCancellation()
          samples[key, default: []].append(
            try await timing.sample(batch: batches[key]!) {
              _ = try await matcher.matches(of: keyword, options: options)
            })
        }
      }
    }
    return keywords.flatMap { keyword, label in
      matchers.map { name, _ in
        let key = "\(name)|\(keyword)"
        return FixedCost(
          strategy: name, keyword: keyword, label: label, seconds: Summary(samples[key]!),
          batch: batches[key]!)
      }
    }
  }
}
