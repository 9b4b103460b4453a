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
      return Self.run("/usr/bin/env", ["rg", "--version"]) == nil
        ? "not installed (`apt-get install ripgrep`, or run `make bench`)" : nil
    case .stringzilla:
      return Self.run("/usr/bin/env", ["python3", "-c", "import stringzilla"]) == nil
        ? "not installed (`pip install stringzilla`, or run `make bench`)" : nil
    }
  }

  /// Times ripgrep counting `keyword` in `file`, once.
  public func ripgrep(_ keyword: String, in file: String) -> (count: Int, seconds: Double)? {
    let start = ContinuousClock.now
    guard
      let output = Self.run(
        "/usr/bin/env",
        ["rg", "-i", "-F", "--count-matches", "--no-filename", "--", keyword, file],
        acceptedExitCodes: [0, 1])
    else { return nil }
    let elapsed = (ContinuousClock.now - start).seconds
    let count = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    return (count, elapsed)
  }

  /// Times `cat FILE > /dev/null`, once: a whole process that only starts and reads.
  public func cat(_ file: String) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["cat", "--", file]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = ContinuousClock.now
    do { try process.run() } catch { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return (ContinuousClock.now - start).seconds
  }

  /// StringZilla's count and timings for each keyword, `rounds` times, timed in Python,
  /// and what one match costs beyond the search (a Python object made per match).
  public func stringzilla(
    _ keywords: [String], in file: String, rounds: Int
  ) -> (results: [String: (count: Int, seconds: [Double])], perMatchSeconds: Double?) {
    let script = "\(scriptsDirectory)/peer_stringzilla.py"
    var arguments = ["python3", script, file, "--rounds", String(rounds), "--"]
    arguments += keywords
    guard let output = Self.run("/usr/bin/env", arguments) else { return ([:], nil) }
    var results: [String: (Int, [Double])] = [:]
    var perMatch: Double?
    for line in output.split(separator: "\n") {
      guard let data = line.data(using: .utf8),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      else { continue }
      if let seconds = object["perMatchSeconds"] as? Double, seconds > 0 {
        perMatch = seconds
        continue
      }
      guard let keyword = object["keyword"] as? String, let count = object["count"] as? Int,
        let seconds = object["seconds"] as? [Double], !seconds.isEmpty
      else { continue }  // garbage from a broken peer is ignored, not trusted
      results[keyword] = (count, seconds)
    }
    return (results, perMatch)
  }

  /// Runs a process and returns its standard output, or nil if it could not run or
  /// exited with another code.
  static func run(
    _ executable: String, _ arguments: [String], acceptedExitCodes: Set<Int32> = [0]
  ) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard acceptedExitCodes.contains(process.terminationStatus) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
