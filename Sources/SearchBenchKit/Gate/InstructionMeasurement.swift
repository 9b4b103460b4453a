import Foundation
import Synchronization

/// Runs the gate workload once under `valgrind --tool=callgrind` and reads what it cost,
/// phase by phase: the measurement behind the gate, the history and bisection.
///
/// The workload ends each phase with a call to `tsb_gate_phase_end` and names its phases
/// on a last line, `gate phases: startup generate …`; callgrind, told to dump before each
/// of those calls, writes one profile part per phase. A workload without the marker (one
/// from before it existed) is measured whole.
public struct InstructionMeasurement: Sendable {
  /// The marker function the workload calls at the end of each phase.
  public static let phaseMarker = "tsb_gate_phase_end"

  public var workload: String
  public var description = "Benchmarks/GateWorkload (10k mixed rows)"
  /// Extra compiler flags the workload was built with: part of the fingerprint.
  public var buildFlags = ""
  /// Added to the workload's environment (`TSB_GATE_REGRESSION=1` for the demonstration).
  public var environment: [String: String] = [:]
  /// Native runs whose median time is reported beside the counts; 0 for none.
  public var wallClockRuns = 5

  public init(workload: String) { self.workload = workload }

  /// Measures the workload.
  ///
  /// - Throws: ``InstructionProfileError`` saying what failed (valgrind missing, the
  ///   workload failing under it, a profile that cannot be read), with the tail of the
  ///   output that says why.
  public func run(progress: (String) -> Void = { _ in }) throws -> InstructionProfile {
    guard FileManager.default.isExecutableFile(atPath: workload) else {
      throw InstructionProfileError(
        "\(workload) is not an executable: build the gate workload first")
    }
    let scratch = try ScratchFolder(prefix: "tsb-instructions.")
    defer { scratch.remove() }
    let valgrindVersion = try Self.version(
      ["valgrind", "--version"], scratch: scratch,
      missing: "valgrind is not installed: run 'apt-get install valgrind'")
    // valgrind 3.19 cannot read the DWARF 5 debug information Swift emits: a stripped
    // copy keeps the symbols, which name the functions, and drops the rest.
    let binary = scratch.file("workload")
    try FileManager.default.copyItem(atPath: workload, toPath: binary)
    let strip = try ChildProcess.run(["strip", "--strip-debug", binary], scratch: scratch)
    guard strip.succeeded else {
      throw InstructionProfileError("strip failed on a copy of \(workload): \(strip.tail())")
    }

    progress("running \(workload) under callgrind")
    let out = scratch.file("callgrind.out")
    var environment = self.environment
    // Swift seeds its hash tables per process unless told otherwise.
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    let run = try ChildProcess.run(
      [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=\(out)",
        "--dump-before=\(Self.phaseMarker)", binary,
      ], environment: environment, scratch: scratch)
    guard run.succeeded else {
      throw InstructionProfileError(
        "the workload failed under valgrind (exit \(run.status)):\n\(run.tail())")
    }
    let phases = Self.phases(in: run.output)
    guard let kernel = Self.field("scan kernel ", in: run.output) else {
      throw InstructionProfileError(
        "the workload did not say which scan kernel it ran:\n\(run.output)")
    }
    let parts = try Self.parts(at: out).map { path throws(InstructionProfileError) in
      let text: String
      do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
        throw InstructionProfileError(
          "cannot read callgrind's \(path): \(error.localizedDescription)")
      }
      do { return try CallgrindProfile(parsing: text) } catch {
        throw InstructionProfileError("callgrind's \(path), \(error)")
      }
    }
    let toolchain = try Self.version(
      ["swift", "--version"], scratch: scratch, missing: "swift is not on PATH")
    let fingerprint = InstructionProfile.Fingerprint(
      toolchain: toolchain, valgrind: valgrindVersion, architecture: Self.architecture,
      buildFlags: buildFlags, scanKernel: kernel)
    let wall = try wallClock(binary, scratch: scratch)
    return try InstructionProfile(
      workload: description, fingerprint: fingerprint, parts: parts, phases: phases,
      demangle: { Self.demangle($0, scratch: scratch) }, wallClockSeconds: wall)
  }

  /// The phase names of the workload's `gate phases:` line, or nil without one.
  static func phases(in output: String) -> [String]? {
    output.split(separator: "\n").last { $0.hasPrefix("gate phases: ") }
      .map { $0.dropFirst("gate phases: ".count).split(separator: " ").map(String.init) }
  }

  /// The word after `label` in `output`.
  static func field(_ label: String, in output: String) -> String? {
    guard let range = output.range(of: label) else { return nil }
    let word = output[range.upperBound...].prefix { $0.isLetter || $0.isNumber }
    return word.isEmpty ? nil : String(word)
  }

  /// callgrind's parts in the order they were written: `out.1`, `out.2`, …, then `out`
  /// (what ran after the last dump).
  static func parts(at out: String) throws(InstructionProfileError) -> [String] {
    var paths: [String] = []
    while FileManager.default.fileExists(atPath: "\(out).\(paths.count + 1)") {
      paths.append("\(out).\(paths.count + 1)")
    }
    guard FileManager.default.fileExists(atPath: out) else {
      throw InstructionProfileError("callgrind wrote no profile")
    }
    return paths + [out]
  }

  static var architecture: String {
    var name = utsname()
    uname(&name)
    return withUnsafeBytes(of: &name.machine) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
  }

  /// The first line `command` prints, asked once per process: a bisection or a backfill
  /// measures many commits with the same toolchain and valgrind.
  static func version(_ command: [String], scratch: ScratchFolder, missing: String) throws -> String
  {
    if let known = versions.withLock({ $0[command] }) { return known }
    guard let run = try? ChildProcess.run(command, scratch: scratch), run.succeeded,
      let line = run.output.split(separator: "\n").first
    else { throw InstructionProfileError(missing) }
    versions.withLock { $0[command] = String(line) }
    return String(line)
  }

  private static let versions = Mutex<[[String]: String]>([:])

  /// Readable names for Swift's mangled ones, from `swift demangle`; the names it does
  /// not know (C functions) are left as they are, and so is everything without it.
  static func demangle(_ names: [String], scratch: ScratchFolder) -> [String: String] {
    let mangled = names.filter { $0.hasPrefix("$s") || $0.hasPrefix("_$s") }
    guard !mangled.isEmpty,
      let run = try? ChildProcess.run(
        ["swift", "demangle", "--simplified", "--compact"],
        input: mangled.joined(separator: "\n") + "\n", scratch: scratch),
      run.succeeded
    else { return [:] }
    let readable = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    guard readable.count >= mangled.count else { return [:] }
    return Dictionary(zip(mangled, readable), uniquingKeysWith: { first, _ in first })
  }

  /// The median of `wallClockRuns` native runs of the workload, in seconds.
  func wallClock(_ binary: String, scratch: ScratchFolder) throws -> Double? {
    guard wallClockRuns > 0 else { return nil }
    var samples: [Double] = []
    for _ in 0..<wallClockRuns {
      let start = ContinuousClock.now
      let run = try ChildProcess.run([binary], environment: environment, scratch: scratch)
      let elapsed = ContinuousClock.now - start
      guard run.succeeded else {
        throw InstructionProfileError(
          "the workload failed natively (exit \(run.status)):\n\(run.tail())")
      }
      samples.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    return samples.sorted()[samples.count / 2]
  }
}
