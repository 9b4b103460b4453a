import Foundation
import Testing

@testable import TranscriptCorpus

@Suite("InterruptCleanup")
struct InterruptCleanupTests {
  /// A child started while the cleanup is armed (a peer, the chart script) must still stop
  /// on SIGINT and SIGTERM: it must not inherit an ignored signal.
  @Test func childProcessesDoNotInheritIgnoredSignals() throws {
    try InterruptCleanup.register("/nonexistent/tsb-never-written")
    defer { InterruptCleanup.unregister("/nonexistent/tsb-never-written") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "grep SigIgn /proc/self/status"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let mask = try #require(
      UInt64(
        text.split(separator: "\t").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "",
        radix: 16))
    #expect(mask & (1 << (UInt64(SIGINT) - 1)) == 0, "SIGINT ignored in the child: \(text)")
    #expect(mask & (1 << (UInt64(SIGTERM) - 1)) == 0, "SIGTERM ignored in the child: \(text)")
  }
}
