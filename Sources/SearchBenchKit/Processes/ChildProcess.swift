import Foundation
import TranscriptCorpus

/// A command run to its end with its output and errors kept: git, the compiler, valgrind.
///
/// The output goes to files, not pipes, so a command that writes a lot (a build log)
/// never blocks on a full pipe while this process waits for it to end. Foundation starts
/// the command in a process group of its own, which a terminal's Ctrl-C does not reach:
/// an interrupt of this process ends that group whole (a build's compilers included), so
/// nothing outlives it.
public struct ChildProcess: Sendable {
  /// The exit status, or 128 + the signal's number when a signal ended it.
  public var status: Int32
  public var output: String
  public var errors: String

  public var succeeded: Bool { status == 0 }

  /// Runs `arguments` (the first looked up on `PATH`) in `directory`, with `environment`
  /// added to this process's, its input from `input` or /dev/null.
  ///
  /// - Throws: ``ChildProcessError`` when the command cannot start (not installed).
  public static func run(
    _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
    input: String? = nil, scratch: ScratchFolder
  ) throws(ChildProcessError) -> ChildProcess {
    InterruptCleanup.holdIfInterrupted()
    let outputPath = scratch.file("child-output-\(UUID().uuidString)")
    let errorsPath = scratch.file("child-errors-\(UUID().uuidString)")
    defer {
      unlink(outputPath)
      unlink(errorsPath)
    }
    guard FileManager.default.createFile(atPath: outputPath, contents: nil),
      FileManager.default.createFile(atPath: errorsPath, contents: nil),
      let outputFile = FileHandle(forWritingAtPath: outputPath),
      let errorsFile = FileHandle(forWritingAtPath: errorsPath)
    else {
      throw ChildProcessError(
        command: arguments, reason: "cannot create its output files in \(scratch.path)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardOutput = outputFile
    process.standardError = errorsFile
    let inputPipe = input.map { _ in Pipe() }
    process.standardInput = inputPipe ?? FileHandle.nullDevice
    do { try process.run() } catch {
      throw ChildProcessError(command: arguments, reason: "\(error.localizedDescription)")
    }
    let child = process.processIdentifier
    let stop = InterruptCleanup.addAction {
      // The group when the child leads one (Foundation's way on Linux), else the child.
      if getpgid(child) == child { kill(-child, SIGTERM) } else { kill(child, SIGTERM) }
    }
    defer { InterruptCleanup.removeAction(stop) }
    if let inputPipe, let input {
      // Written from another thread: a child that writes before it reads could otherwise
      // fill its output while this thread blocks on its input.
      let handle = inputPipe.fileHandleForWriting
      let bytes = Data(input.utf8)
      Thread.detachNewThread {
        handle.write(bytes)
        try? handle.close()
      }
    }
    process.waitUntilExit()
    // A child ended by an interrupt's clean-up is not a failed build to go on from.
    InterruptCleanup.holdIfInterrupted()
    try? outputFile.close()
    try? errorsFile.close()
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    // /usr/bin/env says 127 when the command is not on PATH.
    let errors = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
    if status == 127, errors.contains("No such file or directory") {
      throw ChildProcessError(
        command: arguments, reason: "\(arguments[0]) is not installed (not on PATH)")
    }
    return ChildProcess(
      status: status, output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
      errors: errors)
  }

  /// The last `count` lines of the errors, or of the output when the errors are empty.
  public func tail(_ count: Int = 20) -> String {
    let text = errors.isEmpty ? output : errors
    return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(count)
      .joined(separator: "\n")
  }
}

/// A command that could not start.
public struct ChildProcessError: Error, CustomStringConvertible {
  public var command: [String]
  public var reason: String
  public var description: String { "cannot run \(command.joined(separator: " ")): \(reason)" }
}
