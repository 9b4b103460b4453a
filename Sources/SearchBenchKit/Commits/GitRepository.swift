/// The git questions the history and the bisection ask of a repository, answered by the
/// `git` command; nothing here changes the repository's work tree or its branches.
public struct GitRepository: Sendable {
  /// The repository's top folder.
  public let path: String
  let scratch: ScratchFolder

  /// The repository that holds `path`.
  ///
  /// - Throws: ``CommitError`` when git is missing or `path` is not in a git work tree.
  public init(at path: String, scratch: ScratchFolder) throws(CommitError) {
    self.scratch = scratch
    let top: ChildProcess
    do {
      top = try ChildProcess.run(
        ["git", "-C", path, "rev-parse", "--show-toplevel"], scratch: scratch)
    } catch {
      throw CommitError("\(error)")
    }
    guard top.succeeded else {
      throw CommitError("\(path) is not in a git work tree: \(top.tail(1))")
    }
    self.path = top.output.trimmingTrailingNewlines
  }

  /// Runs `git -C <repository> arguments`, throwing its error text when it fails.
  @discardableResult
  public func git(_ arguments: [String]) throws(CommitError) -> String {
    let run: ChildProcess
    do { run = try ChildProcess.run(["git", "-C", path] + arguments, scratch: scratch) } catch {
      throw CommitError("\(error)")
    }
    guard run.succeeded else {
      throw CommitError("git \(arguments.joined(separator: " ")) failed: \(run.tail(3))")
    }
    return run.output
  }

  /// The full commit id `revision` names.
  ///
  /// - Throws: ``CommitError`` saying the revision is unknown.
  public func commit(_ revision: String) throws(CommitError) -> String {
    do {
      return try git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"])
        .trimmingTrailingNewlines
    } catch {
      throw CommitError("\(revision) names no commit of \(path)")
    }
  }

  /// The commits after `good` up to and including `bad`, oldest first, along the first
  /// parents (the commits that landed on the branch).
  ///
  /// - Throws: ``CommitError`` when `good` is not an ancestor of `bad`.
  public func commits(after good: String, through bad: String) throws(CommitError) -> [String] {
    let ancestor: ChildProcess
    do {
      ancestor = try ChildProcess.run(
        ["git", "-C", path, "merge-base", "--is-ancestor", good, bad], scratch: scratch)
    } catch { throw CommitError("\(error)") }
    guard ancestor.succeeded else {
      throw CommitError(
        "\(short(good)) is not an ancestor of \(short(bad)): name the older, good commit with --good"
      )
    }
    return try git(["rev-list", "--first-parent", "--reverse", "\(good)..\(bad)"])
      .split(separator: "\n").map(String.init)
  }

  /// The last `count` commits ending at `end`, oldest first, along the first parents.
  public func lastCommits(_ count: Int, endingAt end: String) throws(CommitError) -> [String] {
    try git(["rev-list", "--first-parent", "--max-count=\(count)", end]).split(separator: "\n")
      .map(String.init).reversed()
  }

  /// The first line of `commit`'s message.
  public func subject(_ commit: String) -> String {
    ((try? git(["log", "-1", "--format=%s", commit])) ?? "").trimmingTrailingNewlines
  }

  /// The committer date of `commit`, in ISO 8601.
  public func date(_ commit: String) -> String {
    ((try? git(["log", "-1", "--format=%cI", commit])) ?? "").trimmingTrailingNewlines
  }

  /// The tracked files with changes not committed, as `git status --porcelain` lists
  /// them; untracked files do not count.
  public func uncommittedChanges() throws(CommitError) -> [String] {
    try git(["status", "--porcelain", "--untracked-files=no"]).split(separator: "\n").map(
      String.init)
  }

  /// The abbreviated id of `commit`.
  public func short(_ commit: String) -> String { String(commit.prefix(12)) }
}

/// A git question that could not be answered, or a commit that could not be measured.
public struct CommitError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension String {
  var trimmingTrailingNewlines: String {
    var text = Substring(self)
    while let last = text.last, last.isNewline { text = text.dropLast() }
    return String(text)
  }
}
