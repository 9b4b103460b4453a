import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A child process run to its end and timed whole, start-up included.
///
/// Why not `Foundation.Process`: on Linux its `waitUntilExit()` learns of the exit through
/// a run loop, and with another child alive (the StringZilla peer, kept between its
/// searches) each wait there took tens of milliseconds more than the child ran. Here the
/// child is started with `posix_spawnp` and reaped with `waitpid`, so the clock stops when
/// it ends.
struct TimedChildProcess {
  /// The exit code, or -1 when a signal ended the process.
  var status: Int32
  /// Its standard output, when captured.
  var output: [UInt8]
  var seconds: Double

  /// Runs `arguments` (the first is looked up on PATH) with its input on /dev/null, its
  /// output captured or discarded, and its errors discarded or, with `errorsToo`, captured
  /// after its output; nil if it could not start.
  static func run(_ arguments: [String], capturingOutput: Bool, errorsToo: Bool = false)
    -> TimedChildProcess?
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var ends: [Int32] = [-1, -1]
    if capturingOutput {
      guard pipe(&ends) == 0 else { return nil }
      // Neither end may leak into another child started meanwhile.
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
    } else {
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    if capturingOutput && errorsToo {
      posix_spawn_file_actions_adddup2(&actions, ends[1], STDERR_FILENO)
    } else {
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    }
    // The child starts with no signal blocked, whatever the calling thread blocks, and
    // with SIGPIPE's default action, which this process may ignore (see StringZillaPeer).
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }

    var child = pid_t()
    let start = ContinuousClock.now
    let started = posix_spawnp(&child, argv[0]!, &actions, &attributes, &argv, environ)
    if capturingOutput { close(ends[1]) }
    guard started == 0 else {
      if capturingOutput { close(ends[0]) }
      return nil
    }
    var output: [UInt8] = []
    if capturingOutput {
      var chunk = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let count = read(ends[0], &chunk, chunk.count)
        if count > 0 {
          output += chunk[..<count]
        } else if count == 0 || errno != EINTR {
          break
        }
      }
      close(ends[0])
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1 && errno == EINTR {}
    let seconds = (ContinuousClock.now - start).seconds
    // The wait status: the low 7 bits name the signal that ended it, else the code.
    let exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    return TimedChildProcess(status: exitCode, output: output, seconds: seconds)
  }
}
