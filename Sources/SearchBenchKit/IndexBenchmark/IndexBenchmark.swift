import ExternalEngines
import Foundation
import TranscriptCorpus
import TranscriptSearch

/// Measures the costs an index has and a scan does not, for SQLite's FTS5 with the
/// trigram tokenizer (the `fts5` strategy): building it, its size on top of the text, an
/// edit of one row, an append of one row, and the first query after opening a saved copy,
/// beside a query of the index already open and `folded`'s scan of the same corpus.
///
/// Generated transcripts (the seed of `tsbench datasets`), each build and each reopening
/// measured in rounds, medians reported.
public struct IndexBenchmark: Sendable {
  /// The datasets measured: a script and a row count each.
  public var datasets: [(script: Script, rows: Int)] = Script.allCases.map { ($0, 10_000) }
  public var rounds = 3
  /// Edits and appends timed per dataset (each on its own row).
  public var changes = 50

  public init() {}

  /// One dataset's measurements.
  public struct DatasetResult: Codable, Sendable {
    public var script: String
    public var rows: Int
    public var textBytes: Int
    /// Seconds to build the index from the rows.
    public var build: Summary
    /// The database's bytes: the rows' text and the index.
    public var databaseBytes: Int
    /// Seconds to replace one row's text, and to append one row.
    public var edit: Summary
    public var append: Summary
    /// The rare keyword queried, and its matches.
    public var keyword: String
    public var matches: Int
    /// Seconds to open the saved copy and answer the first query, and to answer it with
    /// the index already open and warm.
    public var firstQueryAfterOpening: Summary
    public var warmQuery: Summary
    /// `folded`'s scan for the same keyword, and its fold of the corpus.
    public var foldedQuery: Summary
    public var foldedPreparation: Summary
  }

  public struct Result: Codable, Sendable {
    public var sqliteVersion: String
    public var rounds: Int
    public var datasets: [DatasetResult]
  }

  public func run(progress: ProgressDisplay? = nil) async throws -> Result {
    var results: [DatasetResult] = []
    for (step, (script, rows)) in datasets.enumerated() {
      progress?.update(step)
      results.append(try await measure(script: script, rows: rows))
    }
    progress?.update(datasets.count)
    return Result(sqliteVersion: FTS5Index.version, rounds: rounds, datasets: results)
  }

  private func measure(script: Script, rows: Int) async throws -> DatasetResult {
    let (corpus, planted) = TranscriptGenerator(script: script, seed: DatasetSpec.standardSeed)
      .makeCorpus(rows: rows)
    let keyword =
      planted.first { $0.frequencyClass == .rare && FTS5Index.usesIndex($0.keyword) }?.keyword
      ?? planted.first { $0.frequencyClass == .rare }?.keyword ?? "zephyr"
    let clock = ContinuousClock()
    var builds: [Double] = []
    var folds: [Double] = []
    var index: FTS5Index?
    var folded: FoldedMatcher?
    for _ in 0..<rounds {
      builds.append(try clock.measure { index = try FTS5Index(corpus) }.seconds)
      folds.append(clock.measure { folded = FoldedMatcher(corpus: corpus) }.seconds)
    }
    let built = index!
    let scan = folded!
    var warm: [Double] = []
    var scans: [Double] = []
    var matches = 0
    for _ in 0..<max(rounds, 5) {
      warm.append(try clock.measure { matches = try built.places(of: keyword).count }.seconds)
      scans.append(try await clock.measure { _ = try await scan.matches(of: keyword) }.seconds)
    }
    // The first query after opening: the saved copy opened anew each round.
    let copy = try TemporaryFile(prefix: "tsb-index-", suffix: ".sqlite")
    defer { copy.remove() }
    try built.save(to: copy.path)
    var firstQueries: [Double] = []
    for _ in 0..<rounds {
      firstQueries.append(
        try clock.measure {
          let opened = try FTS5Index(opening: copy.path)
          _ = try opened.places(of: keyword)
        }.seconds)
    }
    // Edits and appends, each on a row of its own, texts taken from other rows.
    var edits: [Double] = []
    var appends: [Double] = []
    for change in 0..<changes {
      let row = (change * 7_919) % corpus.count
      let text = corpus[(row + 1) % corpus.count].text
      edits.append(try clock.measure { try built.replaceText(ofRow: row, with: text) }.seconds)
      appends.append(
        try clock.measure { try built.append(text, asRow: corpus.count + change) }.seconds)
    }
    return DatasetResult(
      script: script.rawValue, rows: rows, textBytes: corpus.utf8TextCount,
      build: Summary(builds), databaseBytes: built.byteCount, edit: Summary(edits),
      append: Summary(appends), keyword: keyword, matches: matches,
      firstQueryAfterOpening: Summary(firstQueries), warmQuery: Summary(warm),
      foldedQuery: Summary(scans), foldedPreparation: Summary(folds))
  }
}

extension IndexBenchmark.Result {
  /// The report: one table of costs, one of queries.
  public func markdown(command: String) -> String {
    let seconds = CompareReport.seconds
    let format = MatcherBenchmarkResult.format
    var lines = [
      "# An index's costs: SQLite FTS5 (trigram) beside folded's scan",
      "",
      "Generated by `\(command)`: SQLite \(sqliteVersion), an in-memory FTS5 table with the "
        + "trigram tokenizer, on generated transcripts (the seed of `tsbench datasets`). Medians "
        + "of \(rounds) builds and reopenings and of the edits and appends of one row each "
        + "(min–max in `index.json`). The database holds the rows' text and the index; "
        + "the index is what it holds beyond the text. The first query after "
        + "opening opens a copy saved to a file and answers a rare keyword; the warm query "
        + "answers it with the index open; `folded` scans for it in the folded corpus, whose "
        + "fold is its own preparation. When the build pays for itself in queries: "
        + "`REPORT.md`, \"When an index pays for itself\".",
      "",
      "| script | rows | MB of text | build | MB/s | database | the index (database − text) | edit a row | append a row | folded's fold |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for dataset in datasets {
      let megabytes = Double(dataset.textBytes) / 1e6
      let database = Double(dataset.databaseBytes) / 1e6
      lines.append(
        "| \(dataset.script) | \(dataset.rows) | \(format(megabytes)) | "
          + "\(seconds(dataset.build.median)) | \(format(megabytes / dataset.build.median)) | "
          + "\(format(database)) MB | \(format(database - megabytes)) MB, "
          + "\(format((database - megabytes) / max(megabytes, 1e-9)))× the text | "
          + "\(seconds(dataset.edit.median)) | \(seconds(dataset.append.median)) | "
          + "\(seconds(dataset.foldedPreparation.median)) |")
    }
    lines += [
      "",
      "| script | rows | keyword (matches; how found) | first query after opening | warm query | folded's scan |",
      "|---|---:|---|---:|---:|---:|",
    ]
    for dataset in datasets {
      lines.append(
        "| \(dataset.script) | \(dataset.rows) | \(dataset.keyword) (\(dataset.matches); "
          + "\(FTS5Index.usesIndex(dataset.keyword) ? "the index" : "LIKE, under 3 characters")) | "
          + "\(seconds(dataset.firstQueryAfterOpening.median)) | "
          + "\(seconds(dataset.warmQuery.median)) | \(seconds(dataset.foldedQuery.median)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
