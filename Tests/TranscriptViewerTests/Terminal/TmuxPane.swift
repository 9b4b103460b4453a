import Foundation

/// A program running in a tmux pane of a private tmux server: keys sent as a person
/// types them, the screen read back with its styles (`capture-pane -e`).
final class TmuxPane {
  let socket = "tsb-view-\(UUID().uuidString.prefix(8))"

  /// Whether tmux is installed (`make test` installs it where missing).
  static var isAvailable: Bool {
    (try? run("/bin/sh", ["-c", "command -v tmux"]).status) == 0
  }

  /// Starts `command` (run by /bin/sh) in a pane of `columns`×`lines`; the pane stays
  /// after the program ends, so that its exit status and modes can be read.
  init(_ command: String, columns: Int, lines: Int, environment: [String: String] = [:]) throws {
    let assignments = environment.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    // Spawned without Foundation's Process, whose way of noticing that a child ended
    // breaks when the child leaves a daemon behind (the tmux server).
    let arguments = [
      "tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y",
      "\(lines)", "env -u NO_COLOR \(assignments) /bin/sh -c '\(command)'",
    ]
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    var argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    // The server inherits the signal mask: the test runner's threads block most signals,
    // and tmux's kill-server ends the server with a SIGTERM to itself.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, &argv, environ) == 0 else {
      throw TmuxError(message: "cannot start tmux")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else { throw TmuxError(message: "tmux new-session failed (\(status))") }
    try tmux(["set-option", "-g", "remain-on-exit", "on"])
    // The server is a daemon of its own: should this process end without closing the pane
    // (an interrupted `make test`), a watchdog ends the server, and the program in its pane,
    // within a second, and removes its socket.
    socketPath = try value("socket_path")
    let watch = [
      "/bin/sh", "-c",
      "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; "
        + "tmux -L \(socket) kill-server 2>/dev/null; rm -f '\(socketPath)'",
    ]
    var watchArgv = watch.map { strdup($0) } + [nil]
    defer { for argument in watchArgv { free(argument) } }
    guard posix_spawn(&watchdog, "/bin/sh", &actions, &attributes, &watchArgv, environ) == 0
    else {
      close()
      throw TmuxError(message: "cannot start the tmux server's watchdog")
    }
  }

  /// The process that ends the server if this one ends first.
  private var watchdog: pid_t = 0
  /// Where the server listens, which tmux leaves behind when it ends.
  private var socketPath = ""

  /// Ends the server and everything in its panes, removes its socket, and stops the
  /// watchdog.
  func close() {
    _ = try? tmux(["kill-server"])
    if !socketPath.isEmpty { unlink(socketPath) }
    if watchdog > 0 {
      kill(watchdog, SIGTERM)
      var status: Int32 = 0
      while waitpid(watchdog, &status, 0) < 0 && errno == EINTR {}
      watchdog = 0
    }
  }

  deinit { close() }

  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    let result = try Self.run("/usr/bin/env", ["tmux", "-L", socket] + arguments)
    guard result.status == 0 else {
      throw TmuxError(message: "tmux \(arguments.joined(separator: " ")): \(result.error)")
    }
    return result.output
  }

  /// Sends text literally, or key names (`Enter`, `BSpace`, `M-w`, `C-c`).
  func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }
  func press(_ key: String) throws { try tmux(["send-keys", key]) }

  /// The screen, a line per row, with its escape sequences.
  func screen() throws -> [String] {
    try tmux(["capture-pane", "-p", "-e"]).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }

  /// A tmux format variable of the pane (`alternate_on`, `pane_dead_status`, …).
  func value(_ format: String) throws -> String {
    try tmux(["display-message", "-p", "#{\(format)}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  func resize(columns: Int, lines: Int) throws {
    try tmux(["resize-window", "-x", "\(columns)", "-y", "\(lines)"])
  }

  /// Polls the screen until `condition` holds; the last screen either way.
  @discardableResult
  func wait(seconds: Double = 60, until condition: ([String]) -> Bool) throws -> ([String], Bool) {
    let deadline = Date().addingTimeInterval(seconds)
    var last = try screen()
    while !condition(last) {
      guard Date() < deadline else { return (last, false) }
      usleep(20_000)
      last = try screen()
    }
    return (last, true)
  }

  struct TmuxError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, output: String, error: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self),
      String(decoding: err, as: UTF8.self)
    )
  }
}

/// A captured line read as a terminal shows it: its text and, for each character, the
/// background colour it has (nil for none).
struct StyledLine {
  var characters: [(character: Character, background: Int?)] = []

  init(_ captured: String) {
    var background: Int?
    var scalars = Array(captured.unicodeScalars)[...]
    var text = String.UnicodeScalarView()
    var backgrounds: [Int?] = []
    while let scalar = scalars.first {
      scalars = scalars.dropFirst()
      if scalar == "\u{1B}", scalars.first == "[" {
        let body = scalars.dropFirst().prefix { !("@"..."~").contains($0) }
        let final = scalars.dropFirst(body.count + 1).first
        scalars = scalars.dropFirst(body.count + 2)
        // Only SGR (final byte m) changes the background.
        guard final == "m" else { continue }
        let parameters = String(String.UnicodeScalarView(body)).split(
          separator: ";", omittingEmptySubsequences: false
        ).map { Int($0) ?? 0 }
        var index = 0
        while index < parameters.count {
          let value = parameters[index]
          switch value {
          case 0, 49: background = nil
          case 40...47: background = value
          case 38, 48:
            // 5;n or 2;r;g;b: a colour the viewer never uses.
            if value == 48 { background = -1 }
            index += parameters.count > index + 1 && parameters[index + 1] == 5 ? 2 : 4
          default: break
          }
          index += 1
        }
        continue
      }
      text.append(scalar)
      backgrounds.append(background)
    }
    // Characters take the background of their first scalar.
    var offset = 0
    for character in String(text) {
      characters.append((character, backgrounds[offset]))
      offset += character.unicodeScalars.count
    }
  }

  var text: String { String(characters.map(\.character)) }

  /// The runs of characters with a background, in order, each with its colour: a change
  /// of colour starts a new run.
  var coloredRuns: [(text: String, background: Int)] {
    var runs: [(text: String, background: Int)] = []
    var previous: Int?
    for (character, colour) in characters {
      if let colour, colour == previous {
        runs[runs.count - 1].text.append(character)
      } else if let colour {
        runs.append((String(character), colour))
      }
      previous = colour
    }
    return runs
  }
}
