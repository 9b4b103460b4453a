import Foundation
import TranscriptCorpus
import TranscriptSearch

/// Measures how fast rows are folded for search, script by script: each fold kernel the
/// CPU runs on one core, and the one folding uses on every core, over generated
/// transcripts of each script.
///
/// The fold passes over plain characters with per-script shortcuts (runs of identities,
/// Indic marks and kana a window at a time), so its speed differs by script far more than
/// a scan's does; a transcript's script tells what to expect of it. Every measurement of
/// a round runs once, in an order rotated every round, and medians are reported.
public struct FoldBenchmark: Sendable {
  /// The scripts measured, in the order reported.
  public var scripts: [Script] = Script.allCases
  /// Rows generated per script: past the fold's first 16,384, after which the character
  /// cache learns whole blocks, as a long transcript's fold does.
  public var rows = 200_000
  public var rounds = 5

  public init() {}

  /// One script's measurements.
  public struct ScriptResult: Codable, Sendable {
    public var script: String
    public var rows: Int
    public var textBytes: Int
    /// Seconds to fold every row on one core, by fold kernel.
    public var oneCore: [String: Summary]
    /// Seconds to fold every row on every core with the kernel folding uses.
    public var allCores: Summary
    /// Whether every fold measured gave the same folded bytes as the portable kernel's.
    public var foldsAgree: Bool
  }

  public struct Result: Codable, Sendable {
    public var rounds: Int
    public var cores: Int
    /// The kernels measured, slowest first, and the one folding uses (see
    /// ``FoldedCorpus/foldKernelName``).
    public var kernels: [String]
    public var foldKernel: String
    public var scripts: [ScriptResult]
  }

  public func run(progress: ProgressDisplay? = nil) -> Result {
    let kernels = PlainScanKernel.available
    let corpora = scripts.map {
      TranscriptGenerator(script: $0, seed: DatasetSpec.standardSeed).makeCorpus(rows: rows).corpus
    }
    // Every (script, kernel) pair; kernel nil: every core, the kernel folding uses.
    let measurements = corpora.indices.flatMap { script in
      (kernels.map { Optional($0) } + [nil]).map { (script, $0) }
    }
    var samples = [[Double]](repeating: [], count: measurements.count)
    let clock = ContinuousClock()
    for round in 0..<rounds {
      for step in measurements.indices {
        let index = (step + round * 7) % measurements.count
        let (script, kernel) = measurements[index]
        let corpus = corpora[script]
        let elapsed = clock.measure {
          let folded =
            kernel.map {
              FoldedCorpus(corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes, kernel: $0)
            } ?? FoldedCorpus(corpus)
          precondition(folded.rowCount == corpus.count, "Every row is folded")
        }
        samples[index].append(elapsed.seconds)
      }
      progress?.update(round + 1)
    }
    var results: [ScriptResult] = []
    for (script, corpus) in corpora.enumerated() {
      var oneCore: [String: Summary] = [:]
      var allCores: Summary?
      for (index, measurement) in measurements.enumerated() where measurement.0 == script {
        if let kernel = measurement.1 {
          oneCore[kernel.rawValue] = Summary(samples[index])
        } else {
          allCores = Summary(samples[index])
        }
      }
      results.append(
        ScriptResult(
          script: scripts[script].rawValue, rows: corpus.count, textBytes: corpus.utf8TextCount,
          oneCore: oneCore, allCores: allCores!, foldsAgree: Self.foldsAgree(corpus)))
    }
    return Result(
      rounds: rounds, cores: ProcessInfo.processInfo.activeProcessorCount,
      kernels: kernels.map(\.rawValue), foldKernel: FoldedCorpus.foldKernelName, scripts: results)
  }

  /// Whether every kernel's fold of `corpus` on one core, and the fold on every core, hold
  /// the portable kernel's folded bytes: a kernel faster for being wrong would not count.
  static func foldsAgree(_ corpus: Corpus) -> Bool {
    func bytes(_ folded: FoldedCorpus) -> [UInt8] {
      var bytes: [UInt8] = []
      folded.forEachSegmentBuffer { bytes += $0 }
      return bytes
    }
    let reference = bytes(
      FoldedCorpus(corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes, kernel: .portable))
    let others =
      PlainScanKernel.available.filter { $0 != .portable }.map {
        FoldedCorpus(corpus, segmentBytes: FoldedCorpus.defaultSegmentBytes, kernel: $0)
      } + [FoldedCorpus(corpus)]
    return others.allSatisfy { bytes($0) == reference }
  }
}
