import SearchStrategies
import TranscriptSearch

/// The cost of each find option: `folded` and `chunked` on the same keywords under every
/// measured combination of options, interleaved round by round, each compared with
/// plain `contains` on the same keyword; and the cost of the folded form that ignores
/// diacritics (built on first use), against the default form's build.
public struct OptionsBenchmark: Sendable {
  /// A keyword and the class it was chosen for, as in ``MatcherBenchmark``.
  public typealias Workload = MatcherBenchmark.Workload

  public var datasetName: String
  public var corpus: Corpus
  public var workloads: [Workload]
  public var rounds = 11
  /// The combinations measured; the first is the reference (`contains`).
  public var options: [SearchOptions] = [
    .default, SearchOptions(wordMatch: .start), SearchOptions(wordMatch: .end),
    SearchOptions(wordMatch: .whole), SearchOptions(ignoresDiacritics: true),
    SearchOptions(wordMatch: .whole, ignoresDiacritics: true),
  ]
  /// Rows checked against the oracle under every option.
  public var oracleSampleRows = 2_000

  public init(datasetName: String, corpus: Corpus, workloads: [Workload]) {
    self.datasetName = datasetName
    self.corpus = corpus
    self.workloads = workloads
  }

  public func run(progress: ProgressDisplay? = nil) async throws -> OptionsBenchmarkResult {
    let clock = ContinuousClock()
    // The two forms' builds, interleaved.
    var buildSeconds: [Bool: [Double]] = [:]
    var forms: [Bool: FoldedCorpus] = [:]
    for _ in 0..<3 {
      for ignoring in [false, true] {
        var built: FoldedCorpus?
        let elapsed = clock.measure { built = FoldedCorpus(corpus, ignoringDiacritics: ignoring) }
        forms[ignoring] = built
        buildSeconds[ignoring, default: []].append(elapsed.seconds)
      }
    }
    // Both matchers search the forms just measured.
    let shared = FoldedForms(
      corpus: corpus, caseless: forms[false]!, withoutDiacritics: forms[true]!)
    let folded = FoldedMatcher(forms: shared)
    let chunked = ChunkedMatcher(forms: shared)
    let matchers: [(name: String, matcher: any Matcher)] = [
      ("folded", folded), ("chunked", chunked),
    ]
    let agreement = try await checkAgainstOracle()
    // Timed once the forms sit in 2 MB pages (see `MatcherBenchmark`).
    FoldedCorpus.waitUntilHugePagesAdvised()

    var samples: [String: [Double]] = [:]
    var counts: [String: Int] = [:]
    for round in 0..<rounds {
      for workload in workloads {
        for (name, matcher) in matchers {
          // Rotate the order each round so no option always runs first.
          for index in options.indices {
            let options = self.options[(index + round) % self.options.count]
            var count = 0
            let elapsed = try await clock.measure {
              count = try await matcher.matches(of: workload.keyword, options: options).count
            }
            let key = Self.key(name, workload.label, options)
            samples[key, default: []].append(elapsed.seconds)
            counts[key] = count
          }
        }
      }
      progress?.update(round + 1)
    }
    var cells: [OptionsBenchmarkResult.Cell] = []
    for workload in workloads {
      for (name, _) in matchers {
        // Samples are in round order, so the same index is the same round.
        let reference = samples[Self.key(name, workload.label, self.options[0])]!
        for options in options {
          let key = Self.key(name, workload.label, options)
          cells.append(
            .init(
              matcher: name, keyword: workload.keyword, label: workload.label,
              options: options.description, matches: counts[key]!,
              seconds: Summary(samples[key]!),
              ratioSamples: zip(samples[key]!, reference).map { $0 / $1 },
              agreesWithOracleOnSample: agreement[Self.key("", workload.label, options)]!))
        }
      }
    }
    let withoutDiacritics = forms[true]!
    return OptionsBenchmarkResult(
      dataset: datasetName, rows: corpus.count, textBytes: corpus.utf8TextCount, rounds: rounds,
      oracleSampleRows: min(oracleSampleRows, corpus.count),
      defaultFormBuild: Summary(buildSeconds[false]!),
      formWithoutDiacriticsBuild: Summary(buildSeconds[true]!),
      defaultFormBytes: forms[false]!.retainedBytes,
      formWithoutDiacriticsBytes: withoutDiacritics.retainedBytes, cells: cells)
  }

  /// For each keyword and options, whether folded and chunked equal the oracle on the
  /// first rows.
  private func checkAgainstOracle() async throws -> [String: Bool] {
    let sample = Corpus(corpus.prefix(oracleSampleRows))
    let oracle = OracleMatcher(corpus: sample)
    let folded = FoldedMatcher(corpus: sample)
    let chunked = ChunkedMatcher(corpus: sample)
    var agreement: [String: Bool] = [:]
    for workload in workloads {
      for options in options {
        let expected = try await oracle.matches(of: workload.keyword, options: options)
        let byFolded = try await folded.matches(of: workload.keyword, options: options)
        let byChunk = try await chunked.matches(of: workload.keyword, options: options)
        agreement[Self.key("", workload.label, options)] =
          byFolded == expected && byChunk == expected
      }
    }
    return agreement
  }

  static func key(_ matcher: String, _ label: String, _ options: SearchOptions) -> String {
    "\(matcher)\u{0}\(label)\u{0}\(options)"
  }
}
