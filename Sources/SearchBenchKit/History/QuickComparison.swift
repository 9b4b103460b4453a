import TranscriptCorpus
import TranscriptSearch

/// The few seconds of wall-clock comparison a history record carries beside its counts:
/// `folded` against `pcre2` and `chunked` on 10k generated mixed rows, its planted frequent,
/// rare and absent keywords, interleaved rounds, each ratio the median of same-round
/// ratios. Noisy by nature (a shared machine), so the history flags only steps of 10%.
public struct QuickComparison: Sendable {
  public var rows = 10_000
  public var rounds = 7
  public var reference = "folded"
  public var others = ["pcre2", "chunked"]

  public init() {}

  /// The ratios, named "<strategy>/<reference> <keyword class>".
  ///
  /// - Throws: an error naming the strategy that is not available or failed.
  public func ratios(progress: (String) -> Void = { _ in }) async throws -> [String: Double] {
    let (corpus, planted) = TranscriptGenerator(script: .mixed, seed: DatasetSpec.standardSeed)
      .makeCorpus(rows: rows)
    let strategies = try ([reference] + others).map { name in
      guard let strategy = Strategies.named(name) else {
        throw StrategyGate.GateError("the strategy \(name) is not available in this build")
      }
      return strategy
    }
    var comparison = Comparison()
    comparison.strategies = strategies
    comparison.rounds = rounds
    comparison.full = true
    let keywords = planted.map { ($0.keyword, $0.frequencyClass.rawValue) }
    let dataset = ComparisonDataset(
      name: "mixed-\(rows / 1000)k", script: .mixed, corpus: corpus, plainTextPath: nil,
      keywords: keywords)
    let measured = try await comparison.measure(dataset, progress: progress)
    var ratios: [String: Double] = [:]
    for (keyword, label) in keywords {
      let cells = measured.cells.filter { $0.keyword == keyword }
      guard let base = cells.first(where: { $0.strategy == reference }), !base.samples.isEmpty
      else { continue }
      for other in others {
        guard let cell = cells.first(where: { $0.strategy == other }), !cell.samples.isEmpty else {
          continue
        }
        ratios["\(other)/\(reference) \(label)"] = Summary.medianRatio(
          cell.samples, over: base.samples)
      }
    }
    return ratios
  }
}
