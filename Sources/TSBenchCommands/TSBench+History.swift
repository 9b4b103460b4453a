import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus

extension TSBench {
  struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Keep the gate's counts per commit in git, and find the steps in them.",
      discussion: """
        The history is a folder (default results/history/) of JSON Lines files, one per kind \
        of machine (its fingerprint: toolchain, valgrind, architecture, build flags, scan \
        kernel), one record per commit: the gate workload's instructions and allocations per \
        phase and, from `record`, the time ratios of a quick comparison. A file keeps its \
        newest \(HistoryFile.retention) records (under 1 MB). `report` finds the steps in \
        every series and writes a page with a chart per benchmark.
        """,
      subcommands: [Record.self, Backfill.self, Report.self])
  }
}

/// Where the commits are and how each one's gate workload is built, for the commands that
/// build commits of their own (history backfill, bisect).
struct CommitBuildOptions: ParsableArguments {
  @Option(help: "The git repository.")
  var repository = "."

  @Option(
    help:
      "The shell command that builds a commit's gate workload, run at its top; $TSB_BUILD_SCRATCH is a build folder kept between commits."
  )
  var buildCommand = CommitWorkbench.Build.gateWorkload.command

  @Option(help: "The built workload, relative to the commit's top or under $TSB_BUILD_SCRATCH.")
  var workloadPath = CommitWorkbench.Build.gateWorkload.workload

  @Option(help: "A build folder to keep for later runs (default: a temporary one, removed).")
  var buildFolder: String?

  var build: CommitWorkbench.Build { .init(command: buildCommand, workload: workloadPath) }

  /// The workbench these options describe, in `scratch`.
  func workbench(_ git: GitRepository, scratch: ScratchFolder) throws -> CommitWorkbench {
    let folder = buildFolder.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    if let folder {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    return try InputError.plainly { () throws(CommitError) in
      try CommitWorkbench(repository: git, build: build, scratch: scratch, buildFolder: folder)
    }
  }
}

/// The history folder, shared by the subcommands.
struct HistoryFolderOption: ParsableArguments {
  @Option(help: "The history folder.")
  var history = "results/history"
}

extension HistoryFile {
  /// The file of `fingerprint` in `folder`, read if it exists, new if not; `note` hears
  /// about other machines' histories beside it.
  static func open(
    in folder: String, for fingerprint: InstructionProfile.Fingerprint, note: (String) -> Void
  ) throws -> HistoryFile {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = Self.path(in: folder, for: fingerprint)
    // This machine's own file is read below, where a file that cannot be read is an error.
    let others = HistoryFile.loadAll(in: folder, excluding: path).files
    for other in others {
      note(
        "\(other.path): \(other.records.count) records from another kind of machine "
          + "(\(other.fingerprint.difference(from: fingerprint) ?? other.fingerprint.id)); not compared with this one's"
      )
    }
    guard FileManager.default.fileExists(atPath: path) else {
      note("\(path): the first record of this kind of machine (fingerprint \(fingerprint.id))")
      return HistoryFile(path: path, fingerprint: fingerprint)
    }
    do { return try HistoryFile.load(path) } catch { throw InputError("\(error)") }
  }

  func save() throws { try ReportFile.write(text, to: path) }
}

extension TSBench.History {
  struct Record: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Append the current commit's record: the gate's counts and a quick comparison.",
      discussion: """
        Counts --workload (built from this checkout: `make bench-history` builds it) and runs \
        the quick comparison in this process, then appends the record of HEAD to the \
        history file of this machine's fingerprint. Refuses a work tree with uncommitted \
        changes to tracked files: the record would name a commit it was not measured on.
        """)

    @OptionGroup var workload: WorkloadOptions
    @OptionGroup var folder: HistoryFolderOption

    @Option(help: "The git repository whose HEAD is recorded.")
    var repository = "."

    @Option(help: "Use this profile (`tsbench instructions measure`) instead of measuring.")
    var profile: String?

    @Flag(help: "Leave out the quick comparison's ratios.")
    var noRatios = false

    func run() async throws {
      let scratch = try ScratchFolder(prefix: "tsb-history.")
      defer { scratch.remove() }
      let git = try InputError.plainly { () throws(CommitError) in
        try GitRepository(at: repository, scratch: scratch)
      }
      let dirty = try InputError.plainly { () throws(CommitError) in try git.uncommittedChanges() }
      guard dirty.isEmpty else {
        throw InputError(
          "the work tree has uncommitted changes, so a record would name a commit it was not measured on:\n"
            + dirty.prefix(10).joined(separator: "\n")
            + "\ncommit or stash them first (nothing was recorded)")
      }
      let commit = try InputError.plainly { () throws(CommitError) in try git.commit("HEAD") }
      let measured: InstructionProfile
      if let profile {
        let data = try InstructionFiles.data(profile, what: "profile")
        measured = try InputError.plainly { () throws(InstructionProfileError) in
          try InstructionProfile.decode(data, from: profile)
        }
      } else {
        measured = try workload.measure()
      }
      let ratios =
        noRatios
        ? [:]
        : try await QuickComparison().ratios { ProgressDisplay.writeError("history: \($0)\n") }
      var file = try HistoryFile.open(in: folder.history, for: measured.fingerprint) {
        ProgressDisplay.writeError("history: \($0)\n")
      }
      let record = HistoryRecord(
        commit: commit, date: git.date(commit), profile: measured, ratios: ratios)
      try InputError.plainly { () throws(HistoryError) in try file.append(record) }
      try file.save()
      print(
        "recorded \(record.commit) in \(file.path) (\(record.line.utf8.count) bytes; \(file.records.count) records)"
      )
    }
  }

  struct Backfill: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Build and record earlier commits, each in a temporary worktree.",
      discussion: """
        Records the last --commits commits ending at --to, oldest first: each is checked out \
        in a temporary git worktree (removed afterwards, also on Ctrl-C), its gate workload \
        built and counted. Your checkout is not touched. A commit that does not build is \
        skipped and named. Backfilled records carry counts only (no quick comparison: that \
        would need each commit's whole harness built).
        """)

    @OptionGroup var build: CommitBuildOptions
    @OptionGroup var folder: HistoryFolderOption

    @Option(help: "How many commits.")
    var commits = 20

    @Option(help: "The newest commit.")
    var to = "HEAD"

    func validate() throws {
      guard commits >= 1 else { throw ValidationError("--commits must be at least 1") }
    }

    func run() throws {
      let scratch = try ScratchFolder(prefix: "tsb-backfill.")
      defer { scratch.remove() }
      let git = try InputError.plainly { () throws(CommitError) in
        try GitRepository(at: build.repository, scratch: scratch)
      }
      let end = try InputError.plainly { () throws(CommitError) in try git.commit(to) }
      let list = try InputError.plainly { () throws(CommitError) in
        try git.lastCommits(commits, endingAt: end)
      }
      let bench = try build.workbench(git, scratch: scratch)
      defer { bench.close() }
      var files: [String: HistoryFile] = [:]
      var skipped: [String] = []
      for (number, commit) in list.enumerated() {
        ProgressDisplay.writeError(
          "history: commit \(number + 1) of \(list.count): \(git.short(commit)) \(git.subject(commit))\n"
        )
        switch try bench.measure(
          commit, progress: { ProgressDisplay.writeError("history: \($0)\n") })
        {
        case .skipped(let reason):
          skipped.append("\(git.short(commit)): \(reason)")
          ProgressDisplay.writeError("history: skipped \(git.short(commit)): \(reason)\n")
        case .measured(let profile):
          let id = profile.fingerprint.id
          if files[id] == nil {
            files[id] = try HistoryFile.open(in: folder.history, for: profile.fingerprint) {
              ProgressDisplay.writeError("history: \($0)\n")
            }
          }
          try InputError.plainly { () throws(HistoryError) in
            try files[id]!.append(
              HistoryRecord(commit: commit, date: git.date(commit), profile: profile))
          }
          // Saved after each commit: an interrupted backfill keeps what it measured.
          try files[id]!.save()
        }
      }
      print(
        "recorded \(list.count - skipped.count) of \(list.count) commits in \(bench.builds) builds"
          + (skipped.isEmpty ? "" : "; skipped:\n" + skipped.joined(separator: "\n")))
    }
  }

  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Find the steps in every series of the history and write a page with charts.",
      discussion: """
        Writes README.md in --out (default: the history folder) and an SVG trend chart per \
        series in its charts/ folder. A file or line that cannot be read is named and left \
        out; histories of different machine kinds are reported apart.
        """)

    @OptionGroup var folder: HistoryFolderOption

    @Option(help: "The folder for the page and its charts (default: the history folder).")
    var out: String?

    func run() throws {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder.history, isDirectory: &isFolder),
        isFolder.boolValue
      else {
        throw InputError(
          "no history folder at \(folder.history): record one first with `tsbench history record`")
      }
      let (files, problems) = HistoryFile.loadAll(in: folder.history)
      guard !files.isEmpty else {
        throw InputError(
          "\(folder.history) holds no history file that can be read"
            + (problems.isEmpty ? "" : ":\n" + problems.joined(separator: "\n")))
      }
      let report = HistoryReport(files: files, problems: problems)
      let destination = out ?? folder.history
      let charts = "\(destination)/charts"
      try FileManager.default.createDirectory(atPath: charts, withIntermediateDirectories: true)
      let drawn = report.charts
      for (name, svg) in drawn { try ReportFile.write(svg, to: "\(charts)/\(name)") }
      // A chart of a series no longer in the history (a phase renamed) would linger.
      for stale in (try? FileManager.default.contentsOfDirectory(atPath: charts)) ?? []
      where stale.hasSuffix(".svg") && drawn[stale] == nil {
        try? FileManager.default.removeItem(atPath: "\(charts)/\(stale)")
      }
      try ReportFile.write(
        report.markdown(command: "tsbench history report --history \(folder.history)"),
        to: "\(destination)/README.md")
      for problem in report.problems {
        ProgressDisplay.writeError("history: left out: \(problem)\n")
      }
      for section in report.sections {
        let steps = section.series.flatMap { series in
          series.steps.map {
            "\(series.name) at \(series.commits[$0.index].prefix(12)): \(String(format: "%+.2f", $0.percent))%"
          }
        }
        print(
          "\(section.file.path): \(section.file.records.count) records, "
            + (steps.isEmpty
              ? "no steps" : "\(steps.count) steps:\n  " + steps.joined(separator: "\n  ")))
      }
      print("wrote \(destination)/README.md and \(report.charts.count) charts")
    }
  }
}
