import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus

extension TSBench {
  struct Instructions: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "The instruction gate: count the gate workload under callgrind, compare two counts.",
      discussion: """
        The gate workload (Benchmarks/GateWorkload, built with `make bench-check` or \
        `swift build -c release --product GateWorkload` in Benchmarks/) runs in phases; \
        callgrind counts each phase's instructions and allocations, and which functions \
        spent them. The counts repeat to the instruction on any machine of one kind, however \
        busy, so a 1% change is a real change. `make bench-check` runs `check` against the \
        committed baseline; a pull request compares its merge base with its head \
        (.github/workflows/benchmarks.yml).
        """,
      subcommands: [Measure.self, Check.self, Baseline.self])
  }
}

/// The workload to count, shared by the subcommands that run it.
struct WorkloadOptions: ParsableArguments {
  @Option(help: "The gate workload executable.")
  var workload = ".build-dependents/release/GateWorkload"

  @Option(help: "Extra compiler flags the workload was built with (part of the fingerprint).")
  var buildFlags = ""

  @Option(help: "Native runs whose median time is shown beside the counts (0: none).")
  var wallClockRuns = 5

  func validate() throws {
    guard wallClockRuns >= 0 else {
      throw ValidationError("--wall-clock-runs must not be negative")
    }
  }

  var measurement: InstructionMeasurement {
    var measurement = InstructionMeasurement(workload: workload)
    measurement.buildFlags = buildFlags
    measurement.wallClockRuns = wallClockRuns
    return measurement
  }

  func measure() throws -> InstructionProfile {
    try InstructionFiles.converting {
      try measurement.run { ProgressDisplay.writeError("instructions: \($0)\n") }
    }
  }
}

/// Reading the gate's JSON files, with errors that name the file.
enum InstructionFiles {
  static func data(_ path: String, what: String) throws -> Data {
    do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
      let reason =
        (error as? CocoaError)?.underlying?.localizedDescription ?? error.localizedDescription
      throw InputError("cannot read the \(what) \(path): \(reason)")
    }
  }

  /// A profile, or a baseline's profile and thresholds.
  static func profileOrBaseline(_ path: String) throws -> (InstructionProfile, GateThresholds?) {
    let data = try data(path, what: "base")
    if InstructionBaseline.isOldFormat(data) || InstructionBaseline.looksLikeBaseline(data) {
      let baseline = try InputError.plainly { () throws(InstructionProfileError) in
        try InstructionBaseline.decode(data, from: path)
      }
      return (baseline.profile, baseline.thresholds)
    }
    return (
      try InputError.plainly { () throws(InstructionProfileError) in
        try InstructionProfile.decode(data, from: path)
      }, nil
    )
  }

  /// `body`'s result; a measurement's error is reported as the user's problem, plainly.
  static func converting<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as InstructionProfileError {
      throw InputError(error.description)
    }
  }
}

extension TSBench.Instructions {
  struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Count the gate workload once and write its profile as JSON.")

    @OptionGroup var workload: WorkloadOptions

    @Option(help: "Where to write the profile.")
    var out: String

    func run() throws {
      try OutputPath.check(outputs: [out], inputs: [workload.workload])
      let profile = try workload.measure()
      try ReportFile.writeJSON(profile, to: out)
      for benchmark in profile.benchmarks {
        print(
          "\(benchmark.name): \(benchmark.instructions) instructions, \(benchmark.allocations) allocations"
        )
      }
      print("wrote \(out)")
    }
  }

  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Judge a head against a base: exit 0 (pass), 2 (regression) or 3 (no verdict).",
      discussion: """
        --base is the committed baseline (results/gate/instructions.json) or a profile \
        measured on the base commit (`tsbench instructions measure`); --head a profile, or \
        measured now from --workload. Each gated phase fails when its instructions grow past \
        its threshold (from the baseline's A/A runs; --thresholds names the baseline when \
        --base is a profile) or its allocations by more than 1% or 2. A failure lists the \
        functions whose own instructions changed most. Start-up and exit are shown, not \
        gated. Two counts from different kinds of machine (toolchain, valgrind, \
        architecture, flags, scan kernel) get no verdict, exit 3.
        """)

    @Option(help: "The base: a baseline or a profile.")
    var base = "results/gate/instructions.json"

    @Option(help: "The head's profile (default: measure --workload now).")
    var head: String?

    @OptionGroup var workload: WorkloadOptions

    @Option(help: "The baseline whose A/A thresholds apply when --base is a profile.")
    var thresholds: String?

    @Option(help: "What the base is, for the summary.")
    var baseLabel = "the committed baseline"

    @Option(help: "What the head is, for the summary.")
    var headLabel = "this build"

    @Option(help: "Write the verdict as Markdown here (for $GITHUB_STEP_SUMMARY or a comment).")
    var summary: String?

    @Option(help: "Write the head's counts as Bencher Metric Format JSON here.")
    var bmf: String?

    @Option(help: "Write the head's counts as Google Benchmark JSON here.")
    var googleBenchmark: String?

    @Option(
      help: "Write the head's counts as github-action-benchmark JSON (customSmallerIsBetter) here.")
    var githubActionBenchmark: String?

    @Option(help: "Also write the head's profile here.")
    var headOut: String?

    func run() throws {
      let outputs = [summary, bmf, googleBenchmark, githubActionBenchmark, headOut].compactMap {
        $0
      }
      try OutputPath.check(
        outputs: outputs,
        inputs: [base, workload.workload] + ([head, thresholds].compactMap { $0 }))
      let (baseProfile, baseThresholds) = try InstructionFiles.profileOrBaseline(base)
      var limits = baseThresholds ?? GateThresholds()
      if let thresholds {
        guard case (_, let recorded?) = try InstructionFiles.profileOrBaseline(thresholds) else {
          throw InputError(
            "--thresholds \(thresholds) is a profile, not a baseline: it holds no A/A thresholds")
        }
        limits = recorded
      }
      let headProfile: InstructionProfile
      if let head {
        let data = try InstructionFiles.data(head, what: "head")
        headProfile = try InputError.plainly { () throws(InstructionProfileError) in
          try InstructionProfile.decode(data, from: head)
        }
      } else {
        headProfile = try workload.measure()
      }
      let gate = InstructionGate(base: baseProfile, head: headProfile, thresholds: limits)
      for line in gate.textReport() { print(line) }
      if let wall = headProfile.wallClockSeconds {
        let reference =
          baseProfile.wallClockSeconds.map {
            String(format: ", %.2f× the base's %.3f s", wall / $0, $0)
          } ?? ""
        print(
          String(format: "wall clock %.3f s", wall) + reference
            + " (for information: it depends on the machine's load)")
      }
      if let summary {
        try ReportFile.write(
          gate.markdownSummary(baseLabel: baseLabel, headLabel: headLabel), to: summary)
      }
      let metrics = headProfile.exportedMetrics
      if let bmf { try ReportFile.write(BencherMetricFormat.json(metrics), to: bmf) }
      if let googleBenchmark {
        try ReportFile.write(
          GoogleBenchmarkJSON.json(metrics, executable: workload.workload), to: googleBenchmark)
      }
      if let githubActionBenchmark {
        try ReportFile.write(GitHubActionBenchmarkJSON.json(metrics), to: githubActionBenchmark)
      }
      if let headOut { try ReportFile.writeJSON(headProfile, to: headOut) }
      switch gate.verdict {
      case .pass:
        print(
          gate.improved
            ? "passed, and improved: refresh the baseline with 'make bench-baseline'" : "passed")
      case .regression:
        print("FAILED: a gated count grew past its limit")
        throw ExitCode(2)
      case .notComparable:
        throw ExitCode(3)
      }
    }
  }

  struct Baseline: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Record the gate's baseline: a profile and the thresholds of A/A runs.",
      discussion: """
        Counts the workload --aa-runs times, each from another working folder and with an \
        environment of another size (what differs between two CI runs of the same code), \
        and sets each phase's threshold to --spread-factor times the largest difference \
        seen, at least --floor percent. The number of A/A runs that would have failed is \
        recorded with them: the measured false-alarm rate.
        """)

    @OptionGroup var workload: WorkloadOptions

    @Option(help: "Where to write the baseline.")
    var out = "results/gate/instructions.json"

    @Option(help: "A/A runs of the same build.")
    var aaRuns = 5

    @Option(help: "The smallest threshold, in percent.")
    var floor = 1.0

    @Option(help: "A threshold is this many times the A/A spread.")
    var spreadFactor = 3.0

    func validate() throws {
      guard aaRuns >= 3 else {
        throw ValidationError("--aa-runs must be at least 3 (a spread and a check)")
      }
      guard floor > 0, floor.isFinite else {
        throw ValidationError("--floor must be a positive percentage")
      }
      guard spreadFactor >= 1, spreadFactor.isFinite else {
        throw ValidationError("--spread-factor must be at least 1")
      }
    }

    func run() throws {
      try OutputPath.check(outputs: [out], inputs: [workload.workload])
      var runs: [InstructionProfile] = []
      for run in 0..<aaRuns {
        ProgressDisplay.writeError("instructions: A/A run \(run + 1) of \(aaRuns)\n")
        var measurement = workload.measurement
        // Another size of environment moves the stack, as another CI run's variables do.
        measurement.environment["TSB_GATE_AA_PADDING"] = String(repeating: "x", count: 1 + run * 97)
        measurement.wallClockRuns = run == 0 ? workload.wallClockRuns : 0
        runs.append(try InstructionFiles.converting { try measurement.run() })
      }
      let thresholds = GateThresholds.fromAARuns(
        runs, floorPercent: floor, spreadFactor: spreadFactor)
      try ReportFile.writeJSON(
        InstructionBaseline(profile: runs[0], thresholds: thresholds), to: out)
      for benchmark in runs[0].benchmarks {
        let spread = thresholds.aaSpreadPercent[benchmark.name] ?? 0
        print(
          "\(benchmark.name): \(benchmark.instructions) instructions, \(benchmark.allocations) allocations; "
            + String(
              format: "A/A spread %.4f%%, threshold %.2f%%", spread,
              thresholds.instructionPercent(for: benchmark.name)))
      }
      print(
        "\(thresholds.aaFalseAlarms) false alarms in \(aaRuns - 1) A/A comparisons; wrote \(out)")
    }
  }
}
