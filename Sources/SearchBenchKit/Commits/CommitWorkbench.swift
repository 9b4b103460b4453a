import Foundation
import TranscriptCorpus

/// Builds and measures commits of a repository in a temporary git worktree of its own:
/// the user's checkout, its branches and its uncommitted changes are never touched. The
/// worktree and its build folder are removed by ``close()`` and when the process is
/// interrupted.
///
///     let bench = try CommitWorkbench(repository: repository, build: .gateWorkload)
///     defer { bench.close() }
///     let profile = try bench.measure(commit)   // nil: the commit did not build
public final class CommitWorkbench {
  /// How to build a commit's gate workload, and where the workload then is.
  public struct Build: Sendable {
    /// A shell command run at the top of the worktree; `$TSB_BUILD_SCRATCH` is a build
    /// folder kept from one commit to the next, so each build is incremental.
    public var command: String
    /// The built workload's path, relative to the worktree or with `$TSB_BUILD_SCRATCH`.
    public var workload: String

    public init(command: String, workload: String) {
      self.command = command
      self.workload = workload
    }

    /// This package's gate workload, built in release as `make bench-check` builds it.
    public static let gateWorkload = Build(
      command:
        "swift build -c release --product GateWorkload --package-path Benchmarks --scratch-path \"$TSB_BUILD_SCRATCH\"",
      workload: "$TSB_BUILD_SCRATCH/release/GateWorkload")
  }

  /// What happened to one commit.
  public enum Outcome: Sendable {
    case measured(InstructionProfile)
    /// It did not build (or its workload failed): skipped, as `git bisect skip` does.
    case skipped(reason: String)
  }

  public let repository: GitRepository
  public let build: Build
  public var buildFlags = ""
  /// Builds done so far.
  public private(set) var builds = 0
  let scratch: ScratchFolder
  let worktree: String
  let buildFolder: String
  private var cleanup: Int?

  /// Adds a detached worktree of `repository` in a temporary folder.
  ///
  /// - Parameter buildFolder: where the builds go, kept afterwards so that a later run
  ///   builds incrementally; nil for a folder inside `scratch`, removed with it.
  /// - Throws: ``CommitError`` when the worktree cannot be made.
  public init(
    repository: GitRepository, build: Build, scratch: ScratchFolder, buildFolder: String? = nil
  ) throws(CommitError) {
    self.repository = repository
    self.build = build
    self.scratch = scratch
    worktree = scratch.file("worktree")
    self.buildFolder = buildFolder ?? scratch.file("build")
    let top = repository.path
    let worktree = worktree
    // Registered first, so an interrupt while git adds the worktree still removes it.
    cleanup = InterruptCleanup.addAction {
      _ = try? ChildProcess.run(
        ["git", "-C", top, "worktree", "remove", "--force", worktree], scratch: scratch)
      _ = try? ChildProcess.run(["git", "-C", top, "worktree", "prune"], scratch: scratch)
    }
    try repository.git(["worktree", "add", "--detach", "--quiet", worktree, "HEAD"])
  }

  /// Removes the worktree from the repository's list and from the disk.
  public func close() {
    if let cleanup { InterruptCleanup.removeAction(cleanup) }
    cleanup = nil
    _ = try? repository.git(["worktree", "remove", "--force", worktree])
    _ = try? repository.git(["worktree", "prune"])
  }

  deinit { close() }

  /// Checks `commit` out in the worktree, builds its workload and counts it.
  ///
  /// - Throws: ``CommitError`` when the commit cannot be checked out, or the measurement
  ///   itself fails for a reason that is not the commit's (valgrind missing).
  public func measure(_ commit: String, progress: (String) -> Void = { _ in }) throws -> Outcome {
    try repository.git(["-C", worktree, "checkout", "--detach", "--force", "--quiet", commit])
    try repository.git(["-C", worktree, "clean", "-fdq"])
    progress("building \(repository.short(commit)) \(repository.subject(commit))")
    builds += 1
    let built = try ChildProcess.run(
      ["sh", "-c", build.command], in: worktree, environment: ["TSB_BUILD_SCRATCH": buildFolder],
      scratch: scratch)
    guard built.succeeded else {
      return .skipped(reason: "it did not build (exit \(built.status)): \(built.tail(3))")
    }
    let relative = build.workload.replacingOccurrences(of: "$TSB_BUILD_SCRATCH", with: buildFolder)
    let workload = relative.hasPrefix("/") ? relative : "\(worktree)/\(relative)"
    var measurement = InstructionMeasurement(workload: workload)
    measurement.buildFlags = buildFlags
    measurement.wallClockRuns = 0
    progress("counting \(repository.short(commit))'s workload under callgrind")
    do {
      return .measured(try measurement.run())
    } catch let error as InstructionProfileError where !error.description.contains("not installed")
    {
      return .skipped(reason: "its workload could not be counted: \(error)")
    }
  }
}
