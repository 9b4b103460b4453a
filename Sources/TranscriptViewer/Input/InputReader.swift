import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the terminal and the signal pipe on a thread of its own, and hands what it reads
/// on as keys (stamped with when they were read, for the latency line) and signals.
public enum InputReader {
  /// What the reader hands on.
  public enum Event: Sendable {
    case keys([Key], at: ContinuousClock.Instant)
    case signal(Int32)
    /// Standard input ended or failed.
    case ended
  }

  /// How long an ESC alone waits for the rest of a sequence before it is the Escape key.
  static let escapeWait: Int32 = 30

  /// Starts the thread; it reads until standard input ends.
  public static func start(signalPipe: Int32, deliver: @escaping @Sendable (Event) -> Void) {
    let thread = Thread {
      var decoder = KeyDecoder()
      var fds = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0),
      ]
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let ready = poll(&fds, 2, decoder.hasPending ? escapeWait : -1)
        if ready < 0 {
          if errno == EINTR { continue }
          deliver(.ended)
          return
        }
        if ready == 0 {
          let keys = decoder.flushPendingEscape()
          if !keys.isEmpty { deliver(.keys(keys, at: .now)) }
          continue
        }
        if fds[1].revents & Int16(POLLIN) != 0 {
          var signal: UInt8 = 0
          while read(signalPipe, &signal, 1) == 1 { deliver(.signal(Int32(signal))) }
        }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
          let count = read(STDIN_FILENO, &buffer, buffer.count)
          if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
          guard count > 0 else {
            deliver(.ended)
            return
          }
          let time = ContinuousClock.now
          let keys = decoder.decode(buffer[..<count])
          if !keys.isEmpty { deliver(.keys(keys, at: time)) }
        }
      }
    }
    thread.name = "tsbench view input"
    thread.start()
  }
}
