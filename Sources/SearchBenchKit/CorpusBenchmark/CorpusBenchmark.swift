import TranscriptCorpus
import TranscriptSearch

/// Measures the data layer: generating a corpus, loading one from JSON Lines, and the
/// memory a loaded corpus holds.
///
/// Generation and loading alternate within each round (and swap order every other
/// round) so drift on a shared machine affects both alike; medians are reported.
public struct CorpusBenchmark: Sendable {
  public var spec: DatasetSpec
  /// The JSON Lines file of `spec`, as `tsbench datasets` writes it.
  public var jsonLinesPath: String
  public var rounds: Int

  public init(spec: DatasetSpec, jsonLinesPath: String, rounds: Int = 5) {
    self.spec = spec
    self.jsonLinesPath = jsonLinesPath
    self.rounds = rounds
  }

  public struct Result: Codable, Sendable {
    public var dataset: String
    public var rows: Int
    public var textBytes: Int
    public var fileBytes: Int
    public var rounds: Int
    public var generateSeconds: Summary
    public var loadSeconds: Summary
    public var footprint: LoadFootprint?
    public var targets: [Target]
  }

  /// A performance target from the issue tracker, and whether the median meets it.
  public struct Target: Codable, Sendable {
    public var name: String
    public var measured: Double
    public var limit: Double
    public var unit: String
    public var met: Bool
  }

  /// Runs the rounds. `footprint` measures the loaded corpus's resident memory, in a
  /// fresh process if the caller can start one.
  public func run(
    footprint: () throws -> LoadFootprint?, progress: ProgressDisplay? = nil
  ) throws -> Result {
    let clock = ContinuousClock()
    var generateSamples: [Double] = []
    var loadSamples: [Double] = []
    var textBytes = 0
    let generator = TranscriptGenerator(script: spec.script, seed: spec.seed)
    for round in 0..<rounds {
      let generate = {
        var corpus = Corpus()
        generateSamples.append(
          clock.measure { corpus = generator.makeCorpus(rows: spec.rows).corpus }.seconds)
        textBytes = corpus.utf8TextCount
      }
      let load = {
        var corpus = Corpus()
        loadSamples.append(
          try clock.measure { corpus = try JSONLinesReader(path: jsonLinesPath).read().corpus }
            .seconds)
        precondition(corpus.count == spec.rows, "\(jsonLinesPath) has \(corpus.count) rows")
      }
      if round.isMultiple(of: 2) {
        generate()
        try load()
      } else {
        try load()
        generate()
      }
      progress?.update(round + 1)
    }
    let measuredFootprint = try footprint()
    let generateSeconds = Summary(generateSamples)
    let loadSeconds = Summary(loadSamples)
    var targets = [
      Target(
        name: "generate \(spec.name)", measured: generateSeconds.median, limit: 2, unit: "s",
        met: generateSeconds.median <= 2),
      Target(
        name: "load \(spec.jsonLinesFileName)", measured: loadSeconds.median, limit: 1.5, unit: "s",
        met: loadSeconds.median <= 1.5),
    ]
    if let measuredFootprint {
      targets.append(
        Target(
          name: "resident memory of loaded \(spec.name) / text bytes",
          measured: measuredFootprint.ratio, limit: 2, unit: "×", met: measuredFootprint.ratio <= 2)
      )
    }
    return Result(
      dataset: spec.name, rows: spec.rows, textBytes: textBytes,
      fileBytes: (try? DatasetBuilder.size(of: jsonLinesPath)) ?? 0, rounds: rounds,
      generateSeconds: generateSeconds, loadSeconds: loadSeconds, footprint: measuredFootprint,
      targets: targets)
  }
}
