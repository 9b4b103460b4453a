import Foundation
import TranscriptCorpus
import TranscriptSearch

/// The extreme inputs the importers and matchers must survive, each timed with the
/// process's peak resident memory after it.
public enum ImportLimits {
  /// - Parameter tsbench: the tsbench binary, for the case run in a process of its own.
  public static func run(directory: String, tsbench: String? = nil) throws -> [ImportReport.Limit] {
    var limits: [ImportReport.Limit] = []
    let clock = ContinuousClock()
    func measure(_ name: String, bound: String, _ body: () throws -> String) rethrows {
      var outcome = ""
      let elapsed = try clock.measure { outcome = try body() }
      limits.append(
        ImportReport.Limit(
          name: name, outcome: outcome, seconds: elapsed.seconds,
          peakResidentBytes: ResidentMemory.peak() ?? 0, bound: bound))
    }
    let big = "\(directory)/limits-10mb-row.txt"
    try Data(String(repeating: "zephyr and a straße ", count: 500_000).utf8).write(
      to: URL(fileURLWithPath: big))
    defer { try? FileManager.default.removeItem(atPath: big) }
    try measure("one 10 MB row (text, no newline): import, fold, search", bound: "≈ 4× the file") {
      let corpus = try TranscriptImporter(path: big).read().corpus
      let matches = FoldedMatcher(corpus: corpus).matches(of: FoldedKeyword("STRASSE"))
      return "\(corpus.count) row, \(matches.count) matches of STRASSE"
    }
    measure("a keyword with 10 million matches", bound: "10 bytes a match + the text") {
      let corpus = Corpus([TranscriptRow(start: 0, text: String(repeating: "a", count: 10_000_000))]
      )
      let matches = FoldedMatcher(corpus: corpus).matches(of: FoldedKeyword("A"))
      let index = MatchIndex(matches: matches, rowCount: 1)
      return "\(index.count) matches, index \(index.retainedBytes / 1_000_000) MB"
    }
    let empty = "\(directory)/limits-empty-rows.jsonl"
    try Data(String(repeating: "{\"text\":\"\"}\n", count: 1_000_000).utf8)
      .write(to: URL(fileURLWithPath: empty))
    defer { try? FileManager.default.removeItem(atPath: empty) }
    try measure("a million empty rows (JSON Lines)", bound: "≈ 24 bytes a row") {
      let corpus = try TranscriptImporter(path: empty).read().corpus
      let matches = FoldedMatcher(corpus: corpus).matches(of: FoldedKeyword("a"))
      return "\(corpus.count) rows, \(matches.count) matches"
    }
    if let tsbench {
      // search --json streams: its peak is the search's matches (12 bytes each; the
      // match index keeps 10) and the corpus, not the text printed.
      let dense = "\(directory)/limits-10m-matches.jsonl"
      try Data(("{\"text\":\"" + String(repeating: "a", count: 10_000_000) + "\"}\n").utf8)
        .write(to: URL(fileURLWithPath: dense))
      defer { try? FileManager.default.removeItem(atPath: dense) }
      let start = ContinuousClock.now
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tsbench)
      process.arguments = ["search", "--dataset", dense, "--keyword", "a", "--json"]
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      var usage = rusage()
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
      let peak = Int(usage.ru_maxrss) * 1024
      let bound = 3 * (10_000_000 * 12 + 10_000_000)
      limits.append(
        ImportReport.Limit(
          name: "search --json, 10 million matches (one 10 MB row), in its own process",
          outcome: process.terminationStatus == 0
            ? "peak \(peak / 1_000_000) MB, \(peak <= bound ? "within" : "**over**") 3× (index + corpus) = \(bound / 1_000_000) MB"
            : "failed (exit \(process.terminationStatus))",
          seconds: (ContinuousClock.now - start).seconds, peakResidentBytes: peak,
          bound: "≤ 3× (12 bytes a match + the text)"))
    }
    return limits
  }
}

/// What `tsbench bench-import` measured.
public struct ImportReport: Codable, Sendable {
  public struct Limit: Codable, Sendable {
    public var name: String
    public var outcome: String
    public var seconds: Double
    public var peakResidentBytes: Int
    public var bound: String
  }

  /// One format's import of the generated file.
  public struct Import: Codable, Sendable {
    public var format: String
    public var file: String
    public var fileBytes: Int
    public var seconds: Summary
    public var peakResidentBytes: Int

    public init(
      format: String, file: String, fileBytes: Int, seconds: Summary, peakResidentBytes: Int
    ) {
      self.format = format
      self.file = file
      self.fileBytes = fileBytes
      self.seconds = seconds
      self.peakResidentBytes = peakResidentBytes
    }
  }

  public var cues: Int
  public var imports: [Import]
  public var limits: [Limit]

  public init(cues: Int, imports: [Import], limits: [Limit]) {
    self.cues = cues
    self.imports = imports
    self.limits = limits
  }

  public func markdown(rounds: Int) -> String {
    let megabytes = { (bytes: Int) in MatcherBenchmarkResult.format(Double(bytes) / 1e6) }
    var lines = [
      "# Importing",
      "",
      "Generated by `tsbench bench-import --rows \(cues) --rounds \(rounds)`. Each import runs in "
        + "a fresh process, the formats interleaved; peak resident memory is that process's "
        + "high-water mark. Targets: ≥ 200 MB/s and peak memory ≤ 2× the file.",
      "",
      "| what | median | min–max | MB/s | peak resident | peak ÷ file |",
      "|---|---:|---:|---:|---:|---:|",
    ]
    for entry in imports {
      let name = entry.format == "vtt" ? "WebVTT" : entry.format == "srt" ? "SubRip" : entry.format
      lines.append(
        "| import \(cues) \(name) cues (\(megabytes(entry.fileBytes)) MB) | "
          + "\(MatcherBenchmarkResult.format(entry.seconds.median)) s | "
          + "\(MatcherBenchmarkResult.format(entry.seconds.min))–"
          + "\(MatcherBenchmarkResult.format(entry.seconds.max)) s | "
          + "\(MatcherBenchmarkResult.format(Double(entry.fileBytes) / 1e6 / entry.seconds.median)) | "
          + "\(megabytes(entry.peakResidentBytes)) MB | "
          + "\(MatcherBenchmarkResult.format(Double(entry.peakResidentBytes) / Double(max(entry.fileBytes, 1)))) |"
      )
    }
    lines += [
      "",
      "## Limits",
      "",
      "| case | outcome | time | peak resident (process so far) | memory bound |",
      "|---|---|---:|---:|---|",
    ]
    for limit in limits {
      lines.append(
        "| \(limit.name) | \(limit.outcome) | \(MatcherBenchmarkResult.format(limit.seconds)) s | "
          + "\(megabytes(limit.peakResidentBytes)) MB | \(limit.bound) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
