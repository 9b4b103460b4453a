import Foundation
import TranscriptCorpus

/// Measures `tsbench search` as a person runs it from a shell: one whole process that
/// reads a JSON Lines file, folds and searches it, and prints the count and the first
/// match, beside `rg -c -i -F` counting the same keyword in the same file.
///
/// Each round runs both on every keyword, moments apart, the keywords' order and which
/// of the two goes first reversed every other round; the page cache is warm (each pair
/// runs once, untimed, first). The ratio is the median of the per-round ratios, with a
/// bootstrap interval. `tsbench search --timings` says where its time went: reading,
/// searching (folding included) and printing; the rest of the process's time is
/// starting and exiting.
public struct SearchProcessBenchmark: Sendable {
  /// The tsbench executable measured.
  public var tsbench: String
  /// The JSON Lines file searched.
  public var file: String
  public var keywords: [String]
  public var rounds = 5

  public init(tsbench: String, file: String, keywords: [String]) {
    self.tsbench = tsbench
    self.file = file
    self.keywords = keywords
  }

  /// A run that failed, with what it printed.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// One keyword's measurements.
  public struct Keyword: Codable, Sendable {
    public var keyword: String
    /// The matches `tsbench search` counted.
    public var matches: Int
    /// The lines `rg -c` counted (ripgrep counts lines, not matches), nil without it.
    public var ripgrepLines: Int?
    /// The whole process, start to exit.
    public var seconds: Summary
    public var ripgrepSeconds: Summary?
    /// tsbench ÷ ripgrep, paired by round.
    public var ratio: RatioEstimate?
    /// Where tsbench's time went, by ``SearchProcessBenchmark/phases``.
    public var phases: [String: Summary]
  }

  public struct Result: Codable, Sendable {
    public var file: String
    public var fileBytes: Int
    public var rounds: Int
    public var cores: Int
    /// Why ripgrep was not measured, if it was not.
    public var ripgrepNote: String?
    public var keywords: [Keyword]
  }

  /// The phases `tsbench search --timings` prints, then the rest of the process's time.
  public static let phases = ["read", "search", "print"]
  public static let startAndExit = "start and exit"

  public func run(progress: ProgressDisplay? = nil) throws -> Result {
    let fileBytes = try DatasetBuilder.size(of: file)
    let ripgrepNote = PeerRunner(scriptsDirectory: "").availability(of: .ripgrep)
    var tsbenchSeconds: [[Double]] = Array(repeating: [], count: keywords.count)
    var ripgrepSeconds: [[Double]] = Array(repeating: [], count: keywords.count)
    var phaseSeconds: [[String: [Double]]] = Array(repeating: [:], count: keywords.count)
    var matches = Array(repeating: 0, count: keywords.count)
    var ripgrepLines: [Int?] = Array(repeating: nil, count: keywords.count)

    func measure(_ index: Int, round: Int, timed: Bool) throws {
      let keyword = keywords[index]
      let ours = {
        let run = try searchOnce(keyword)
        matches[index] = run.matches
        guard timed else { return }
        tsbenchSeconds[index].append(run.seconds)
        for (phase, seconds) in run.phases {
          phaseSeconds[index][phase, default: []].append(seconds)
        }
        phaseSeconds[index][Self.startAndExit, default: []].append(
          max(0, run.seconds - run.phases.values.reduce(0, +)))
      }
      let theirs = {
        guard ripgrepNote == nil else { return }
        let run = try ripgrepOnce(keyword)
        ripgrepLines[index] = run.lines
        if timed { ripgrepSeconds[index].append(run.seconds) }
      }
      if round.isMultiple(of: 2) {
        try ours()
        try theirs()
      } else {
        try theirs()
        try ours()
      }
    }

    for index in keywords.indices { try measure(index, round: 0, timed: false) }
    for round in 0..<rounds {
      let order = round.isMultiple(of: 2) ? Array(keywords.indices) : keywords.indices.reversed()
      for index in order { try measure(index, round: round, timed: true) }
      progress?.update(round + 1)
    }
    let results = keywords.indices.map { index in
      Keyword(
        keyword: keywords[index], matches: matches[index], ripgrepLines: ripgrepLines[index],
        seconds: Summary(tsbenchSeconds[index]),
        ripgrepSeconds: ripgrepSeconds[index].isEmpty ? nil : Summary(ripgrepSeconds[index]),
        ratio: ripgrepSeconds[index].isEmpty
          ? nil : RatioEstimate.paired(tsbenchSeconds[index], over: ripgrepSeconds[index]),
        phases: phaseSeconds[index].mapValues(Summary.init))
    }
    return Result(
      file: file, fileBytes: fileBytes, rounds: rounds,
      cores: ProcessInfo.processInfo.activeProcessorCount, ripgrepNote: ripgrepNote,
      keywords: results)
  }

  /// One `tsbench search`, timed whole, with the phases it printed.
  private func searchOnce(_ keyword: String) throws -> (
    seconds: Double, matches: Int, phases: [String: Double]
  ) {
    let arguments = [
      tsbench, "search", "--dataset", file, "--keyword", keyword, "--limit", "1", "--timings",
    ]
    guard let run = TimedChildProcess.run(arguments, capturingOutput: true, errorsToo: true)
    else { throw Failure(description: "cannot run \(tsbench)") }
    let output = String(decoding: run.output, as: UTF8.self)
    // The count's line, "N matches of …" (the timings, unbuffered, may come first).
    let counted = output.split(separator: "\n").lazy.compactMap { line in
      line.contains(" matches of ") ? line.split(separator: " ").first.flatMap { Int($0) } : nil
    }.first
    guard run.status == 0, let matches = counted else {
      throw Failure(
        description: "tsbench search for \(keyword.debugDescription) in \(file) failed "
          + "(exit \(run.status)): \(output.prefix(500))")
    }
    return (run.seconds, matches, Self.phases(in: output))
  }

  /// The phases of a `timings: read 12.3 ms, search 4.5 ms, print 0.1 ms` line.
  static func phases(in output: String) -> [String: Double] {
    guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("timings: ") })
    else { return [:] }
    var phases: [String: Double] = [:]
    for part in line.dropFirst("timings: ".count).split(separator: ",") {
      let words = part.split(separator: " ")
      guard words.count == 3, words[2] == "ms", let value = Double(words[1]) else { continue }
      phases[String(words[0])] = value / 1e3
    }
    return phases
  }

  /// One `rg -c -i -F`, timed whole: the lines it counted.
  private func ripgrepOnce(_ keyword: String) throws -> (seconds: Double, lines: Int) {
    guard
      let run = TimedChildProcess.run(
        ["rg", "-c", "-i", "-F", "--", keyword, file], capturingOutput: true)
    else { throw Failure(description: "cannot run rg") }
    let output = String(decoding: run.output, as: UTF8.self)
    // ripgrep exits with 1 when no line matched.
    if run.status == 1 { return (run.seconds, 0) }
    guard run.status == 0,
      let lines = Int(output.trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      throw Failure(description: "rg failed on \(keyword.debugDescription) (exit \(run.status))")
    }
    return (run.seconds, lines)
  }
}
