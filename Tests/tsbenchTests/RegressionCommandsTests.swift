import Foundation
import Testing

/// `tsbench history` and `tsbench bisect` on a repository the test makes: 16 commits (12 for
/// the history) of a small C workload with the gate's phase marker, one of which (c9)
/// doubles the work of its `search` phase. The counts come from the real valgrind, the builds from `cc`.
@Suite("history and bisect on a made repository", .serialized)
struct RegressionCommandsTests {
  let cli = CommandLineTests()

  static let workload = """
    #include <stdio.h>
    #ifndef EXTRA
    #define EXTRA 0
    #endif
    __attribute__((noinline)) void tsb_gate_phase_end(const char *name) { __asm__ volatile("" : : "r"(name) : "memory"); }
    int main(void) {
      tsb_gate_phase_end("startup");
      volatile long sum = 0;
      for (long i = 0; i < 200000; i++) sum += i;
      tsb_gate_phase_end("prepare");
      for (long i = 0; i < 300000 * (1 + EXTRA); i++) sum += i * 3;
      tsb_gate_phase_end("search");
      printf("gate workload: scan kernel synthetic\\ngate phases: startup prepare search exit\\n");
      return 0;
    }
    """

  struct Repository {
    var path: String
    var commits: [String]
  }

  func shell(_ command: String, in folder: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(command): \(text)")
    return text
  }

  /// `commits` commits (16): c0, then c1…c15 touching a notes file, except `regressing` (if any),
  /// which builds the workload with twice the search, and `broken`, which does not build
  /// (the commit after it mends the build).
  func makeRepository(regressing: Int? = 9, broken: Int? = nil, commits: Int = 16) throws
    -> Repository
  {
    let path = try cli.temporaryFolder()
    try Self.workload.write(toFile: path + "/gate.c", atomically: true, encoding: .utf8)
    try "mkdir -p out && cc -O1 $(cat flags 2>/dev/null) -o out/GateWorkload gate.c\n"
      .write(toFile: path + "/build.sh", atomically: true, encoding: .utf8)
    try "out\n".write(toFile: path + "/.gitignore", atomically: true, encoding: .utf8)
    _ = try shell(
      "git init -q && git config user.email t@example.com && git config user.name t && git add -A && git commit -qm c0",
      in: path)
    for number in 1..<commits {
      let change =
        number == regressing
        ? "echo -DEXTRA=1 > flags"
        : number == broken
          ? "cp build.sh build.ok && echo 'exit 1' > build.sh"
          : broken.map { number == $0 + 1 } == true
            ? "mv build.ok build.sh" : "echo \(number) >> notes"
      _ = try shell("\(change) && git add -A && git commit -qm c\(number)", in: path)
    }
    let commits = try shell("git rev-list --reverse HEAD", in: path).split(separator: "\n").map(
      String.init)
    return Repository(path: path, commits: commits)
  }

  let build = ["--build-command", "sh build.sh", "--workload-path", "out/GateWorkload"]

  /// What the user's checkout looks like: HEAD, the status, the worktrees.
  func checkout(_ repository: Repository) throws -> String {
    try shell(
      "git rev-parse HEAD && git status --porcelain && git worktree list --porcelain",
      in: repository.path)
  }

  @Test func theHistoryMarksOneStepAtTheCommitThatAddedTheCost() throws {
    // Twelve commits: nine before the costly one, three at its cost.
    let repository = try makeRepository(commits: 12)
    defer { try? FileManager.default.removeItem(atPath: repository.path) }
    let history = try cli.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: history) }
    let before = try checkout(repository)
    let backfill = try cli.tsbench(
      [
        "history", "backfill", "--repository", repository.path, "--commits", "12", "--history",
        history,
      ] + build)
    #expect(backfill.status == 0, "\(backfill.error)")
    #expect(backfill.output.contains("recorded 12 of 12 commits in 12 builds"))
    #expect(try checkout(repository) == before)
    let report = try cli.tsbench(["history", "report", "--history", history])
    #expect(report.status == 0, "\(report.error)")
    let ninth = String(repository.commits[9].prefix(12))
    #expect(report.output.contains("2 steps"), "\(report.output)")
    #expect(report.output.contains("instructions: search at \(ninth): +100.00%"))
    #expect(report.output.contains("instructions, whole run at \(ninth)"))
    let page = try String(contentsOfFile: history + "/README.md", encoding: .utf8)
    #expect(page.contains("| instructions: search | `\(ninth)` |"))
    let charts = try FileManager.default.contentsOfDirectory(atPath: history + "/charts")
    #expect(charts.contains { $0.hasSuffix("-instructions-search.svg") })
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: history).first { $0.hasSuffix(".jsonl") })
    let lines = try String(contentsOfFile: "\(history)/\(file)", encoding: .utf8).split(
      separator: "\n")
    #expect(lines.count == 13)
    #expect(lines.dropFirst().allSatisfy { $0.utf8.count <= 1_024 })

    // The same history before the costly commit is flat: c0…c8, measured above, each
    // built and counted on its own, are not called a step.
    let flatHistory = try cli.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: flatHistory) }
    try (lines.prefix(10).joined(separator: "\n") + "\n").write(
      toFile: "\(flatHistory)/\(file)", atomically: true, encoding: .utf8)
    let flatReport = try cli.tsbench(["history", "report", "--history", flatHistory])
    #expect(flatReport.output.contains("9 records, no steps"), "\(flatReport.output)")
  }

  @Test func bisectNamesTheCommitInFewBuildsAndLeavesTheCheckoutAsItWas() throws {
    let repository = try makeRepository()
    defer { try? FileManager.default.removeItem(atPath: repository.path) }
    let before = try checkout(repository)
    let ninth = String(repository.commits[9].prefix(12))
    let bare = try cli.tsbench(
      [
        "bisect", "--repository", repository.path, "--good", repository.commits[0], "--bad", "HEAD",
        "--history", "",
      ] + build)
    #expect(bare.status == 0, "\(bare.error)")
    #expect(bare.output.contains("first bad commit: \(ninth) c9 (search: "), "\(bare.output)")
    // Both ends and ⌈log₂ 15⌉ = 4 between.
    #expect(bare.output.contains("; 6 builds)"))

    // With the ends recorded, as CI records main: ⌈log₂ 16⌉ + 1 builds at most.
    let history = try cli.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: history) }
    _ = try cli.tsbench(
      [
        "history", "backfill", "--repository", repository.path, "--commits", "1", "--to",
        repository.commits[0], "--history", history,
      ] + build)
    _ = try cli.tsbench(
      [
        "history", "backfill", "--repository", repository.path, "--commits", "1", "--to", "HEAD",
        "--history", history,
      ] + build)
    let recorded = try cli.tsbench(
      [
        "bisect", "--repository", repository.path, "--good", repository.commits[0], "--bad", "HEAD",
        "--history", history,
        "--report", history + "/bisect.md",
      ] + build)
    #expect(recorded.output.contains("first bad commit: \(ninth) c9"), "\(recorded.output)")
    let builds = try #require(
      recorded.output.split(separator: ";").last.flatMap { Int($0.filter(\.isNumber)) })
    #expect(builds <= 5, "\(recorded.output)")
    let page = try String(contentsOfFile: history + "/bisect.md", encoding: .utf8)
    #expect(page.contains("| `\(ninth)` | 3600004 | +100.00% | **bad** | built | c9 |"))
    #expect(try checkout(repository) == before)
  }

  @Test func bisectSkipsACommitThatDoesNotBuildAndRefusesEqualEnds() throws {
    let repository = try makeRepository(regressing: 9, broken: 11)
    defer { try? FileManager.default.removeItem(atPath: repository.path) }
    let run = try cli.tsbench(
      [
        "bisect", "--repository", repository.path, "--good", repository.commits[0], "--bad", "HEAD",
        "--history", "",
      ] + build)
    // c11 does not build: its neighbour is measured instead, and c9 still found.
    #expect(run.output.contains("skipped: it did not build"), "\(run.output)")
    #expect(
      run.output.contains("first bad commit: \(repository.commits[9].prefix(12))"), "\(run.output)")
    let equal = try cli.tsbench(
      [
        "bisect", "--repository", repository.path, "--good", repository.commits[0], "--bad",
        repository.commits[5], "--history", "",
      ] + build)
    #expect(equal.status != 0)
    #expect(equal.error.contains("the ends do not differ"), "\(equal.error)")
    let reversed = try cli.tsbench(
      ["bisect", "--repository", repository.path, "--good", "HEAD", "--bad", repository.commits[0]]
        + build)
    #expect(reversed.error.contains("is not an ancestor of"), "\(reversed.error)")
  }

  @Test func anInterruptedBisectRemovesItsWorktreeAndItsBuild() throws {
    let repository = try makeRepository()
    defer { try? FileManager.default.removeItem(atPath: repository.path) }
    let before = try checkout(repository)
    let scratchBefore = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
      .filter { $0.hasPrefix("tsb-bisect.") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
    process.arguments = [
      "bisect", "--repository", repository.path, "--good", repository.commits[0], "--bad", "HEAD",
      "--history", "",
      "--build-command", "sleep 30", "--workload-path", "out/GateWorkload",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until the worktree is there and the build (sleep) has started.
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline,
      try shell("git worktree list", in: repository.path).split(separator: "\n").count < 2
    {
      usleep(50_000)
    }
    usleep(500_000)
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(try checkout(repository) == before)
    let scratchAfter = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
      .filter { $0.hasPrefix("tsb-bisect.") }
    #expect(scratchAfter == scratchBefore)
    // The build it started (sleep 30, in its own process group) ended with it.
    usleep(300_000)
    #expect(
      try shell("ps -eo args | grep -c '^sleep 30$' || true", in: repository.path)
        .trimmingCharacters(in: .whitespacesAndNewlines) == "0")
  }

  @Test func recordRefusesADirtyWorkTreeAndReportNamesABadLine() throws {
    let repository = try makeRepository(regressing: nil)
    defer { try? FileManager.default.removeItem(atPath: repository.path) }
    try "changed\n".write(toFile: repository.path + "/notes", atomically: true, encoding: .utf8)
    let history = try cli.temporaryFolder() + "/history"
    defer { try? FileManager.default.removeItem(atPath: history) }
    let dirty = try cli.tsbench(
      [
        "history", "record", "--repository", repository.path, "--history", history, "--no-ratios",
        "--workload", "/nonexistent",
      ])
    #expect(dirty.status != 0)
    #expect(dirty.error.contains("uncommitted changes"), "\(dirty.error)")
    #expect(!FileManager.default.fileExists(atPath: history))

    _ = try cli.tsbench(
      [
        "history", "backfill", "--repository", repository.path, "--commits", "3", "--history",
        history,
      ] + build)
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: history).first { $0.hasSuffix(".jsonl") })
    let handle = try #require(FileHandle(forWritingAtPath: "\(history)/\(file)"))
    handle.seekToEndOfFile()
    handle.write(Data("{\"commit\":\"abc\",\"instr".utf8))
    try handle.close()
    let report = try cli.tsbench(["history", "report", "--history", history])
    #expect(report.status == 0)
    #expect(report.error.contains("\(history)/\(file):5: not a history record"), "\(report.error)")
    // Appending would lose the broken line: refused, the file left as it is.
    let saved = try String(contentsOfFile: "\(history)/\(file)", encoding: .utf8)
    let append = try cli.tsbench(
      [
        "history", "backfill", "--repository", repository.path, "--commits", "1", "--history",
        history,
      ] + build)
    #expect(append.status != 0)
    #expect(append.error.contains("mend or remove them first"), "\(append.error)")
    #expect(try String(contentsOfFile: "\(history)/\(file)", encoding: .utf8) == saved)
  }

  @Test func instructionsCheckNamesABaselineItCannotUse() throws {
    let folder = try cli.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try #"{"instructions": 225830085, "tolerancePercent": 2}"#.write(
      toFile: folder + "/old.json", atomically: true, encoding: .utf8)
    let old = try cli.tsbench([
      "instructions", "check", "--base", folder + "/old.json", "--head", folder + "/old.json",
    ])
    #expect(old.status == 1)
    #expect(old.error.contains("old format"), "\(old.error)")
    try "{\"profile\": {\"workload\": ".write(
      toFile: folder + "/cut.json", atomically: true, encoding: .utf8)
    let cut = try cli.tsbench(["instructions", "check", "--base", folder + "/cut.json"])
    #expect(cut.status == 1)
    #expect(cut.error.contains("cut.json is not an instruction"), "\(cut.error)")
  }
}
