import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus

extension TSBench {
  struct Bisect: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Find the commit whose gate count moved past the threshold, building commits in a temporary worktree.",
      discussion: """
        Binary search over the commits after --good up to --bad (along first parents), each \
        checked out in a temporary git worktree (removed afterwards, also on Ctrl-C; your \
        checkout is not touched), its gate workload built and counted under callgrind. The \
        benchmark followed is --benchmark or the gated phase that differs most between the \
        two ends; a commit is bad when its count moved past --threshold percent from the \
        good one's, towards the bad one's. A commit that does not build is skipped, as \
        `git bisect skip` does, and a neighbour measured instead. Counts the history holds \
        for this kind of machine are used without building. Refuses a range whose ends do \
        not differ past the threshold.
        """)

    @Option(help: "A commit whose count is good (older).")
    var good: String

    @Option(help: "A commit whose count is bad (newer).")
    var bad: String

    @Option(help: "The gate phase to follow (default: the one that differs most).")
    var benchmark: String?

    @Option(help: "How far, in percent, a count must move to be bad.")
    var threshold = 1.0

    @OptionGroup var build: CommitBuildOptions

    @Option(help: "The history whose counts are used without building ('' for none).")
    var history = "results/history"

    @Option(help: "Also write the search, commit by commit, as Markdown here.")
    var report: String?

    func validate() throws {
      guard threshold > 0, threshold.isFinite else {
        throw ValidationError("--threshold must be a positive percentage")
      }
    }

    func run() throws {
      if let report { try OutputPath.check(outputs: [report], inputs: []) }
      let scratch = try ScratchFolder(prefix: "tsb-bisect.")
      defer { scratch.remove() }
      let git = try InputError.plainly { () throws(CommitError) in
        try GitRepository(at: build.repository, scratch: scratch)
      }
      let goodCommit = try InputError.plainly { () throws(CommitError) in try git.commit(good) }
      let badCommit = try InputError.plainly { () throws(CommitError) in try git.commit(bad) }
      guard goodCommit != badCommit else {
        throw InputError(
          "--good and --bad are the same commit (\(git.short(goodCommit))): nothing to bisect")
      }
      let range = try InputError.plainly { () throws(CommitError) in
        try git.commits(after: goodCommit, through: badCommit)
      }
      if let dirty = try? git.uncommittedChanges(), !dirty.isEmpty {
        ProgressDisplay.writeError(
          "bisect: note: your work tree has uncommitted changes; they are in no commit bisected, and stay as they are\n"
        )
      }
      var bisection = Bisection(commits: [goodCommit] + range)
      bisection.thresholdPercent = threshold
      bisection.benchmark = benchmark
      if !history.isEmpty {
        for file in HistoryFile.loadAll(in: history).files {
          for record in file.records {
            for commit in bisection.commits where commit.hasPrefix(record.commit) {
              bisection.history[commit] = (
                Self.withWholeRun(record.instructions), record.fingerprint
              )
            }
          }
        }
      }
      ProgressDisplay.writeError(
        "bisect: \(range.count) commits after \(git.short(goodCommit)) up to \(git.short(badCommit)); "
          + "about \(Int(ceil(log2(Double(range.count))))) steps\n")
      let bench = try build.workbench(git, scratch: scratch)
      defer { bench.close() }
      let result: Bisection.Result
      do {
        result = try bisection.run(
          measure: { commit in
            switch try bench.measure(
              commit, progress: { ProgressDisplay.writeError("bisect: \($0)\n") })
            {
            case .measured(let profile):
              let counts = Dictionary(
                uniqueKeysWithValues: profile.benchmarks.map { ($0.name, $0.instructions) })
              return .counted(Self.withWholeRun(counts), fingerprint: profile.fingerprint.id)
            case .skipped(let reason):
              ProgressDisplay.writeError("bisect: skipped \(git.short(commit)): \(reason)\n")
              return .skipped(reason: reason)
            }
          }, progress: { ProgressDisplay.writeError("bisect: \($0)\n") })
      } catch let error as BisectError {
        throw InputError(error.description)
      }
      let rows = result.probes.map { Row($0, of: result, git: git) }
      let lines = Self.lines(result, rows: rows, git: git)
      for line in lines { print(line) }
      if let report {
        try ReportFile.write(
          Self.markdown(result, rows: rows, conclusion: lines.last ?? ""), to: report)
      }
    }

    /// One probe as the terminal and the report show it, its subject asked of git once.
    struct Row {
      var probe: Bisection.Probe
      var subject: String
      /// The change from the good end's count, or nil when the commit was not counted.
      var change: String?

      init(_ probe: Bisection.Probe, of result: Bisection.Result, git: GitRepository) {
        self.probe = probe
        subject = git.subject(probe.commit)
        change = probe.count.map {
          String(format: "%+.2f%%", Double($0 - result.good) / Double(result.good) * 100)
        }
      }

      /// "bad", "good" or why it was skipped; `bad` is how a bad one is written.
      func verdict(bad: String) -> String {
        probe.skipped.map { "skipped: \($0)" } ?? (probe.bad == true ? bad : "good")
      }
    }

    /// `counts` with their sum as "whole run": the one count a workload counted whole
    /// (before it had phases) shares with one counted in phases.
    static func withWholeRun(_ counts: [String: Int]) -> [String: Int] {
      counts.merging(["whole run": counts.values.reduce(0, +)]) { mine, _ in mine }
    }

    static func lines(_ result: Bisection.Result, rows: [Row], git: GitRepository) -> [String] {
      var lines = rows.map { row in
        let count = row.probe.count.map { String($0) } ?? "–"
        return
          "\(git.short(row.probe.commit))  \(count.leftPadded(12)) \((row.change ?? "").leftPadded(9))  "
          + "\(row.verdict(bad: "bad")) (\(row.probe.source.rawValue))  \(row.subject)"
      }
      if let first = result.firstBad {
        lines.append(
          "first bad commit: \(git.short(first)) \(git.subject(first)) (\(result.benchmark): "
            + "\(result.good) at the good end, \(result.bad) at the bad end; \(result.builds) builds)"
        )
      } else {
        lines.append(
          "the first bad commit is one of \(result.candidates.map(git.short).joined(separator: ", ")): "
            + "the others between could not be built (\(result.builds) builds)")
      }
      return lines
    }

    static func markdown(_ result: Bisection.Result, rows: [Row], conclusion: String) -> String {
      var text = [
        "# Bisection", "",
        "`tsbench bisect`: \(result.benchmark) instructions, threshold \(result.thresholdPercent)%, "
          + "\(result.builds) builds.", "",
        "| commit | instructions | change | verdict | from | subject |",
        "|---|---:|---:|---|---|---|",
      ]
      for row in rows {
        text.append(
          "| `\(row.probe.commit.prefix(12))` | \(row.probe.count.map(String.init) ?? "–") | \(row.change ?? "–") | "
            + "\(row.verdict(bad: "**bad**")) | \(row.probe.source.rawValue) | "
            + "\(row.subject.replacingOccurrences(of: "|", with: "\\|")) |")
      }
      text += ["", "**\(conclusion)**"]
      return text.joined(separator: "\n") + "\n"
    }
  }
}
