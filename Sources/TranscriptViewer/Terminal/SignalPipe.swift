#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signals the viewer answers, delivered as bytes on a pipe: a handler may do almost
/// nothing, so it writes the signal's number and the input thread, which polls the pipe
/// beside the terminal, turns it into an event.
public enum SignalPipe {
  /// Ending the viewer (the terminal is restored first), suspending it, and a resize.
  public static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT]

  /// The pipe's reading end, after the handlers are installed; nil if no pipe could be
  /// made.
  public static func install() -> Int32? {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    signalWriteEnd = fds[1]
    for signal in handled { installHandler(for: signal) }
    return fds[0]
  }

  /// The handler again (after a suspend reset SIGTSTP's to the default).
  public static func installHandler(for signal: Int32) {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(signal, &action, nil)
  }

  /// Stops the process as the default SIGTSTP action would, after the viewer restored
  /// the terminal; returns once it is continued.
  public static func suspend() {
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    installHandler(for: SIGTSTP)
  }
}

/// The pipe's writing end, set once before any handler is installed and only read by
/// the handlers after.
nonisolated(unsafe) private var signalWriteEnd: Int32 = -1

private let handler: @convention(c) (Int32) -> Void = { signal in
  let saved = errno
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = write(signalWriteEnd, &byte, 1)
  errno = saved
}
