import SearchBenchKit
import SearchStrategies
import Synchronization
import TranscriptCorpus
import TranscriptSearch

/// The data every suite measures, generated in the benchmark process (never read from
/// files that might be missing) and kept for the process's lifetime, so each dataset
/// and each prepared matcher is built once however many benchmarks use it.
public enum Workloads {
  /// A generated corpus and its planted keywords.
  public struct Dataset: Sendable {
    public var corpus: Corpus
    public var keywords: [KeywordClass: String]
  }

  private static let datasets = Mutex<[String: Dataset]>([:])
  private static let matchers = Mutex<[String: (matcher: any Matcher, heapBytes: Int?)]>([:])

  /// The standard dataset of `script` at `rows` rows (the seed of `tsbench datasets`).
  public static func dataset(_ script: Script, rows: Int) -> Dataset {
    let key = "\(script.rawValue)-\(rows)"
    if let known = datasets.withLock({ $0[key] }) { return known }
    let (corpus, planted) = TranscriptGenerator(script: script, seed: DatasetSpec.standardSeed)
      .makeCorpus(rows: rows)
    let dataset = Dataset(
      corpus: corpus,
      keywords: Dictionary(uniqueKeysWithValues: planted.map { ($0.frequencyClass, $0.keyword) }))
    datasets.withLock { $0[key] = dataset }
    return dataset
  }

  /// `kind` prepared for the standard dataset of `script` at `rows` rows.
  public static func matcher(_ kind: MatcherKind, _ script: Script, rows: Int) -> any Matcher {
    prepared(Strategy(kind), script, rows: rows).matcher
  }

  /// `strategy` prepared for the dataset, and the heap bytes the prepared matcher retains
  /// (measured when it was prepared).
  public static func prepared(
    _ strategy: Strategy, _ script: Script, rows: Int
  ) -> (matcher: any Matcher, heapBytes: Int?) {
    let key = "\(strategy.name)-\(script.rawValue)-\(rows)"
    if let known = matchers.withLock({ $0[key] }) { return known }
    let corpus = dataset(script, rows: rows).corpus
    let (matcher, heapBytes) = HeapUsage.retained { strategy.prepare(corpus) }
    matchers.withLock { $0[key] = (matcher, heapBytes) }
    return (matcher, heapBytes)
  }

  /// `1000` → `1k`, `1000000` → `1m`: benchmark names have no spaces or slashes
  /// (package-benchmark's `thresholds check` skips names that do).
  public static func size(_ rows: Int) -> String {
    rows >= 1_000_000 ? "\(rows / 1_000_000)m" : rows >= 1_000 ? "\(rows / 1_000)k" : "\(rows)"
  }
}
