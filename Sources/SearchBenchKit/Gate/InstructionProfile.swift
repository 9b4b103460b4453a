import Foundation

/// What the gate workload cost in one run under callgrind: instructions and heap
/// allocations per phase, the functions that spent the instructions, and the environment
/// the counts are valid for.
///
/// The results model of the instruction gate: the committed baseline, a pull request's
/// base and head, every history record and every export are read from it.
///
///     let head = try InstructionMeasurement(workload: ".build/release/GateWorkload").run()
///     let verdict = InstructionGate(base: baseline, head: head).verdict
public struct InstructionProfile: Codable, Sendable, Equatable {
  /// What counts must share to be compared: the same toolchain, valgrind, architecture,
  /// build flags and scan kernel. valgrind's virtual CPU is the same on every host of an
  /// architecture, so the host CPU is not part of it.
  public struct Fingerprint: Codable, Sendable, Hashable, CustomStringConvertible {
    public var toolchain: String
    public var valgrind: String
    public var architecture: String
    public var buildFlags: String
    public var scanKernel: String

    public init(
      toolchain: String, valgrind: String, architecture: String, buildFlags: String,
      scanKernel: String
    ) {
      self.toolchain = toolchain
      self.valgrind = valgrind
      self.architecture = architecture
      self.buildFlags = buildFlags
      self.scanKernel = scanKernel
    }

    /// A short, stable name for the fingerprint: 8 hex digits of a 64-bit FNV-1a hash of
    /// its fields, so a history file can name it in every record for a few bytes.
    public var id: String {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in [toolchain, valgrind, architecture, buildFlags, scanKernel].joined(
        separator: "\n"
      ).utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      return String(String(hash, radix: 16).suffix(8))
    }

    public var description: String {
      "\(architecture), \(toolchain), \(valgrind), build flags \"\(buildFlags)\", scan kernel \(scanKernel)"
    }

    /// The first field that differs from `other`, as "what: this vs other", or nil.
    public func difference(from other: Fingerprint) -> String? {
      let fields: [(String, String, String)] = [
        ("architecture", architecture, other.architecture),
        ("toolchain", toolchain, other.toolchain),
        ("valgrind", valgrind, other.valgrind), ("build flags", buildFlags, other.buildFlags),
        ("scan kernel", scanKernel, other.scanKernel),
      ]
      return fields.first { $0.1 != $0.2 }.map { "\($0.0): \"\($0.1)\" vs \"\($0.2)\"" }
    }
  }

  /// One phase of the workload.
  public struct Benchmark: Codable, Sendable, Equatable {
    public var name: String
    public var instructions: Int
    public var allocations: Int

    public init(name: String, instructions: Int, allocations: Int) {
      self.name = name
      self.instructions = instructions
      self.allocations = allocations
    }
  }

  /// The phases the gate does not judge: the process's start-up and exit, which run the
  /// system's dynamic loader and shared libraries, and so move between two machines of
  /// one fingerprint.
  public static let ungatedPhases: Set<String> = ["startup", "exit"]

  /// What the workload is, in words.
  public var workload: String
  public var fingerprint: Fingerprint
  /// The phases in the order they ran. A workload without phase markers has one, `whole`.
  public var benchmarks: [Benchmark]
  /// Instructions spent in each function itself, over the whole run, for the functions
  /// that spent at least `functionCutoff`; the others are left out to keep files small.
  public var functions: [String: Int]
  public var functionCutoff: Int
  /// The workload's median time run natively: for information only, never a verdict.
  public var wallClockSeconds: Double?

  public init(
    workload: String, fingerprint: Fingerprint, benchmarks: [Benchmark],
    functions: [String: Int] = [:], functionCutoff: Int = 0, wallClockSeconds: Double? = nil
  ) {
    self.workload = workload
    self.fingerprint = fingerprint
    self.benchmarks = benchmarks
    self.functions = functions
    self.functionCutoff = functionCutoff
    self.wallClockSeconds = wallClockSeconds
  }

  /// Every instruction the run counted, start-up and exit included.
  public var instructions: Int { benchmarks.reduce(0) { $0 + $1.instructions } }
  public var allocations: Int { benchmarks.reduce(0) { $0 + $1.allocations } }

  /// The phases the gate judges.
  public var gatedBenchmarks: [Benchmark] {
    benchmarks.filter { !Self.ungatedPhases.contains($0.name) }
  }

  /// The phase named `name`.
  public func benchmark(_ name: String) -> Benchmark? {
    benchmarks.first { $0.name == name }
  }
}

extension InstructionProfile {
  /// Builds a profile from callgrind's parts, in the order the workload ran them, named
  /// by `phases` (the workload's `gate phases:` line). Without phase names the parts are
  /// summed into one phase, `whole`.
  ///
  /// - Throws: ``InstructionProfileError`` when the parts and the names do not pair up.
  public init(
    workload: String, fingerprint: Fingerprint, parts: [CallgrindProfile], phases: [String]?,
    functionShare: Double = 1e-5, demangle: ([String]) -> [String: String] = { _ in [:] },
    wallClockSeconds: Double? = nil
  ) throws(InstructionProfileError) {
    guard !parts.isEmpty else { throw InstructionProfileError("callgrind wrote no profile") }
    let names = phases ?? []
    let benchmarks: [Benchmark]
    if names.isEmpty {
      benchmarks = [
        Benchmark(
          name: "whole", instructions: parts.reduce(0) { $0 + $1.instructions },
          allocations: parts.reduce(0) { $0 + $1.allocations })
      ]
    } else {
      guard names.count == parts.count else {
        throw InstructionProfileError(
          "the workload named \(names.count) phases but callgrind wrote \(parts.count) parts")
      }
      guard Set(names).count == names.count else {
        throw InstructionProfileError(
          "the workload named a phase twice: \(names.joined(separator: " "))")
      }
      benchmarks = zip(names, parts).map {
        Benchmark(name: $0, instructions: $1.instructions, allocations: $1.allocations)
      }
    }
    var functions: [String: Int] = [:]
    for part in parts {
      for (name, cost) in part.functions where cost.instructions > 0 {
        functions[name, default: 0] += cost.instructions
      }
    }
    let total = benchmarks.reduce(0) { $0 + $1.instructions }
    let cutoff = max(1, Int((Double(total) * functionShare).rounded(.up)))
    functions = functions.filter { $0.value >= cutoff }
    let readable = demangle(Array(functions.keys))
    var named: [String: Int] = [:]
    for (name, count) in functions { named[readable[name] ?? name, default: 0] += count }
    self.init(
      workload: workload, fingerprint: fingerprint, benchmarks: benchmarks, functions: named,
      functionCutoff: cutoff, wallClockSeconds: wallClockSeconds)
  }

  /// The profile written as JSON in `data`.
  ///
  /// - Throws: ``InstructionProfileError`` saying what is wrong when it is not a profile
  ///   (another file, a truncated one, a count that cannot be).
  public static func decode(_ data: Data, from path: String) throws(InstructionProfileError) -> Self
  {
    let profile: Self
    do { profile = try JSONDecoder().decode(Self.self, from: data) } catch {
      throw InstructionProfileError("\(path) is not an instruction profile: \(Self.reason(error))")
    }
    try profile.check(from: path)
    return profile
  }

  /// Throws unless the profile holds what a run gives: a phase, and counts that can be.
  func check(from path: String) throws(InstructionProfileError) {
    guard !benchmarks.isEmpty else {
      throw InstructionProfileError("\(path) holds no benchmark")
    }
    if let bad = benchmarks.first(where: { $0.instructions <= 0 || $0.allocations < 0 }) {
      throw InstructionProfileError(
        "\(path): the benchmark \(bad.name) counts \(bad.instructions) instructions and "
          + "\(bad.allocations) allocations, which no run gives")
    }
  }

  static func reason(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "no \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.dataCorrupted(let context):
      context.codingPath.isEmpty
        ? context.debugDescription
        : "at \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    default: "\(error)"
    }
  }
}

/// An instruction profile that could not be made or read.
public struct InstructionProfileError: Error, CustomStringConvertible, Equatable {
  public var description: String
  public init(_ description: String) { self.description = description }
}
