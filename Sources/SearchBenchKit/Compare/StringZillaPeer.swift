import Foundation

/// StringZilla in a Python process of its own that holds the file and searches it one
/// keyword at a time on request, so that its searches can be interleaved with the
/// strategies' (`peer_stringzilla.py` states the protocol: one JSON object a line each way).
///
/// Whatever goes wrong (the process cannot start, dies, or answers garbage) makes
/// ``search(_:)`` return nil from then on: a broken peer is reported, never trusted.
final class StringZillaPeer {
  private let process = Process()
  private let requests = Pipe()
  private let answers = Pipe()
  private var pending: [UInt8] = []
  private var broken = false
  /// Seconds the peer may stay silent before it is taken for hung: enough to read a
  /// large file and search it.
  let answerTimeout: Double

  /// Starts the peer on `file` and waits until it has read it; nil if it did not start.
  convenience init?(scriptsDirectory: String, file: String) {
    self.init(command: ["python3", "\(scriptsDirectory)/peer_stringzilla.py", file])
  }

  /// Starts `command` (run through `/usr/bin/env`) as the peer; nil unless it answers
  /// `{"ready": true}` first.
  init?(command: [String], answerTimeout: Double = 300) {
    self.answerTimeout = answerTimeout
    // A peer that dies must not take the comparison with it: a write to it then fails
    // with EPIPE instead of ending this process.
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.standardInput = requests
    process.standardOutput = answers
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    guard nextAnswer()?["ready"] as? Bool == true else {
      broken = true
      close()
      return nil
    }
  }

  deinit { close() }

  /// StringZilla's count of `keyword` and the seconds one search took, timed inside
  /// Python: `batch` searches timed together, after one untimed search when `warmUp`.
  func search(_ keyword: String, batch: Int = 1, warmUp: Bool = false) -> (
    count: Int, seconds: Double
  )? {
    guard let answer = ask(["keyword": keyword, "repeat": max(batch, 1), "warm": warmUp]),
      let count = answer["count"] as? Int,
      let seconds = answer["seconds"] as? Double, count >= 0, seconds > 0
    else { return fail() }
    return (count, seconds)
  }

  /// What one match costs beyond the search: a Python object made and listed.
  func perMatchSeconds() -> Double? {
    guard let seconds = ask(["perMatch": true])?["perMatchSeconds"] as? Double, seconds > 0
    else { return fail() }
    return seconds
  }

  /// Ends the process: closing its input ends its loop.
  func close() {
    guard process.isRunning else { return }
    try? requests.fileHandleForWriting.close()
    // A peer that answered garbage or hung may not be reading its input. SIGKILL, for
    // the child may have been started with SIGTERM blocked (as the threads of Swift's
    // concurrency pool block it) and would not see it.
    if broken { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  private func fail<T>() -> T? {
    broken = true
    close()
    return nil
  }

  private func ask(_ request: [String: Any]) -> [String: Any]? {
    guard !broken, process.isRunning,
      var line = try? JSONSerialization.data(withJSONObject: request)
    else { return nil }
    line.append(0x0A)
    do { try requests.fileHandleForWriting.write(contentsOf: line) } catch { return nil }
    return nextAnswer()
  }

  /// The next line the peer prints, as a JSON object; nil at its end, for garbage, or
  /// after `answerTimeout` of silence (the peer is then ended: a hung peer must not hang
  /// the comparison).
  private func nextAnswer() -> [String: Any]? {
    let descriptor = answers.fileHandleForReading.fileDescriptor
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while !pending.contains(0x0A) {
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      var ready: Int32
      repeat {
        ready = poll(&waiting, 1, Int32(answerTimeout * 1000))
      } while ready < 0 && errno == EINTR
      guard ready > 0 else {
        broken = true
        return nil
      }
      let count = read(descriptor, &chunk, chunk.count)
      if count <= 0 { return nil }  // the peer closed its output: it ended
      pending += chunk[..<count]
    }
    let end = pending.firstIndex(of: 0x0A)!
    let line = Data(pending[..<end])
    pending.removeSubrange(...end)
    return (try? JSONSerialization.jsonObject(with: line)) as? [String: Any]
  }
}
