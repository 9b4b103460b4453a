import TranscriptCorpus
import TranscriptSearch

/// Measures the search bar's extras at one size: eight tokens against one, a scope of a
/// tenth of the rows against none, and suggestions (lookup and index build), the
/// measurements of each pair interleaved round by round.
public struct TokenBenchmark: Sendable {
  public var rows = 1_000_000
  public var rounds = 7
  /// One token, then eight (the first of them included).
  public var tokens = ["zephyr", "麒麟", "θάλασσα", "звезда", "नमस्ते", "ทะเล", "김치", "straße"]
  public var prefixes = ["ze", "th", "量", "ST"]

  public init() {}

  public struct Result: Codable, Sendable {
    public var rows: Int
    public var rounds: Int
    public var tokens: [String]
    public var seconds: [String: Summary]
    public var matches: [String: Int]
    /// Eight tokens' time over one token's, each round's pair taken together: on a shared
    /// machine whose speed drifts, the two sides of a ratio are best timed side by side
    /// (nil in results written before it was measured).
    public var eightTokensPerOneToken: Summary?

    public var targets: [MatcherBenchmarkResult.Target] {
      var targets: [MatcherBenchmarkResult.Target] = []
      func ratio(_ top: String, _ bottom: String) -> Double? {
        guard let top = seconds[top], let bottom = seconds[bottom] else { return nil }
        return top.median / bottom.median
      }
      if let value = eightTokensPerOneToken?.median ?? ratio("eightTokens", "oneToken") {
        targets.append(
          .init(
            name: "8 tokens ÷ 1 token (\(rows) rows)", measured: value, limit: "≤ 2",
            met: value <= 2))
      }
      if let value = ratio("scopedTenth", "unscoped") {
        targets.append(
          .init(
            name: "scope of 10% ÷ unscoped (\(rows) rows)", measured: value, limit: "≤ 0.15",
            met: value <= 0.15))
      }
      if let lookup = seconds["suggestionLookup"] {
        let value = lookup.median * 1e3
        targets.append(
          .init(name: "suggestion lookup, ms", measured: value, limit: "≤ 1", met: value <= 1))
      }
      if let build = seconds["suggestionBuild"] {
        targets.append(
          .init(
            name: "suggestion index build, s", measured: build.median, limit: "≤ 1",
            met: build.median <= 1))
      }
      return targets
    }
  }

  public func run() -> Result {
    let corpus = TranscriptGenerator(script: .mixed, seed: DatasetSpec.standardSeed)
      .makeCorpus(rows: rows).corpus
    let folded = FoldedCorpus(corpus)
    let one = [FoldedKeyword(tokens[0])]
    let eight = tokens.map(FoldedKeyword.init)
    // A tenth of the rows, by time: from the 45th to the 55th percentile of start times.
    let from = corpus.startTime(ofRow: rows * 45 / 100)
    let to = corpus.startTime(ofRow: rows * 55 / 100)
    let scoped = TokenQuery(tokens: [tokens[0]], scope: SearchScope(startTimes: from..<to))
    let unscoped = TokenQuery(tokens: [tokens[0]])
    var index = SuggestionIndex(corpus: corpus)
    _ = index.suggestions(for: "x")  // sorts once, as any first lookup would

    var samples: [String: [Double]] = [:]
    var matches: [String: Int] = [:]
    let clock = ContinuousClock()
    func time(_ name: String, batch: Int = 1, _ body: () -> Int) {
      var count = 0
      let elapsed = clock.measure { for _ in 0..<batch { count = body() } }
      samples[name, default: []].append(elapsed.seconds / Double(batch))
      matches[name] = count
    }
    for round in 0..<rounds {
      let pairs: [(String, () -> Int)] = [
        ("oneToken", { folded.matches(ofEach: one, inRows: 0..<rows).reduce(0) { $0 + $1.count } }),
        (
          "eightTokens",
          { folded.matches(ofEach: eight, inRows: 0..<rows).reduce(0) { $0 + $1.count } }
        ),
        (
          "unscoped",
          { folded.matches(of: unscoped, inRows: corpus.rows(in: unscoped.scope)).count }
        ),
        (
          "scopedTenth", { folded.matches(of: scoped, inRows: corpus.rows(in: scoped.scope)).count }
        ),
      ]
      for (name, body) in round.isMultiple(of: 2) ? pairs : pairs.reversed() { time(name, body) }
      time("suggestionLookup", batch: 100) {
        prefixes.reduce(0) { $0 + index.suggestions(for: $1).count } / prefixes.count
      }
      if round < 3 { time("suggestionBuild") { SuggestionIndex(corpus: corpus).termCount } }
    }
    // Per prefix: the batch ran every prefix once.
    samples["suggestionLookup"] = samples["suggestionLookup"]!.map { $0 / Double(prefixes.count) }
    let pairs = zip(samples["eightTokens"]!, samples["oneToken"]!).map { $0 / $1 }
    return Result(
      rows: rows, rounds: rounds, tokens: tokens, seconds: samples.mapValues(Summary.init),
      matches: matches, eightTokensPerOneToken: Summary(pairs))
  }
}

extension TokenBenchmark.Result {
  public func markdown(command: String) -> String {
    let labels = [
      ("oneToken", "1 token (\(tokens[0].debugDescription))"),
      (
        "eightTokens",
        "8 tokens, one pass (\(tokens.map(\.debugDescription).joined(separator: ", ")))"
      ),
      ("unscoped", "1 token, every row"),
      ("scopedTenth", "1 token, a scope of 10% of the rows (time range)"),
      ("suggestionLookup", "suggestion lookup (per prefix, top 10)"),
      ("suggestionBuild", "suggestion index build"),
    ]
    var lines = [
      "# Tokens, scopes and suggestions on mixed-\(rows)",
      "",
      "Generated by `\(command)`: medians of \(rounds) rounds, each pair interleaved.",
      "",
      "| what | median | min–max | matches or results |",
      "|---|---:|---:|---:|",
    ]
    for (key, label) in labels {
      guard let summary = seconds[key] else { continue }
      lines.append(
        "| \(label) | \(SessionBenchmarkResult.durationCells(summary)) | \(matches[key] ?? 0) |")
    }
    if let ratio = eightTokensPerOneToken {
      lines += [
        "",
        "8 tokens ÷ 1 token is the median of each round's ratio (the two timed side by side): "
          + String(
            format: "%.2f (%.2f–%.2f over %d rounds).", ratio.median, ratio.min, ratio.max,
            ratio.count),
      ]
    }
    lines += MatcherBenchmarkResult.targetsSection(targets)
    return lines.joined(separator: "\n") + "\n"
  }
}
