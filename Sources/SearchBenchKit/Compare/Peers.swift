import Foundation

/// A search tool outside this project, run on the same bytes (the dataset's plain-text
/// export, one row per line), whose counts are shown beside the contract's.
public struct PeerResult: Codable, Sendable {
  public var peer: String
  public var keyword: String
  public var label: String
  /// Matches the peer counted, or nil if it did not run.
  public var count: Int?
  public var seconds: Summary?
  /// Every round's seconds, for charts of the spread; nil in older reports.
  public var samples: [Double]?
  /// Why it did not run, or how its timing is taken.
  public var note: String
  /// Searches timed together for each sample; nil in older reports.
  public var batch: Int?
}

/// The peers the comparison knows, and why their counts differ from the contract's.
public enum Peer: String, CaseIterable, Codable, Sendable {
  case ripgrep
  case stringzilla

  /// How the peer's semantics differ from the match contract.
  public var semantics: String {
    switch self {
    case .ripgrep:
      "`rg -i -F --count-matches`: simple case folding per code point, no canonical "
        + "equivalence, no character boundaries (ß ≠ ss, e matches inside e + U+0301); timed "
        + "as a whole process, start-up included"
    case .stringzilla:
      "StringZilla `utf8_uncased_matches`: full case folding per code point, no "
        + "normalisation, no character boundaries; timed inside Python (start-up and file "
        + "reading excluded); its Python API has no uncased count, so matches are counted "
        + "the cheapest way it offers, `len(list(...))`, iterated in C"
    }
  }
}

/// Runs the peers as child processes.
public struct PeerRunner: Sendable {
  /// The folder holding `peer_stringzilla.py` (``BundledFiles/directory``).
  public var scriptsDirectory: String

  public init(scriptsDirectory: String) { self.scriptsDirectory = scriptsDirectory }

  /// Whether `peer` can run here, or why not.
  public func availability(of peer: Peer) -> String? {
    switch peer {
    case .ripgrep:
      return Self.succeeds(["rg", "--version"])
        ? nil : "not installed (`apt-get install ripgrep`, or run `make bench`)"
    case .stringzilla:
      return Self.succeeds(["python3", "-c", "import stringzilla"])
        ? nil : "not installed (`pip install stringzilla`, or run `make bench`)"
    }
  }

  /// Times ripgrep counting `keyword` in `file`, once.
  public func ripgrep(_ keyword: String, in file: String) -> (count: Int, seconds: Double)? {
    let arguments = ["rg", "-i", "-F", "--count-matches", "--no-filename", "--", keyword, file]
    // ripgrep exits with 1 when nothing matched.
    guard let run = TimedChildProcess.run(arguments, capturingOutput: true),
      (0...1).contains(run.status)
    else { return nil }
    let output = String(decoding: run.output, as: UTF8.self)
    return (Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, run.seconds)
  }

  /// Times `cat FILE > /dev/null`, once: a whole process that only starts and reads.
  public func cat(_ file: String) -> Double? {
    guard let run = TimedChildProcess.run(["cat", "--", file], capturingOutput: false),
      run.status == 0
    else { return nil }
    return run.seconds
  }

  private static func succeeds(_ arguments: [String]) -> Bool {
    TimedChildProcess.run(arguments, capturingOutput: false)?.status == 0
  }
}
