#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal the viewer draws on: raw input, the alternate screen, its size, and
/// writing frames. Whatever it changed is restored by ``restore()``: on exit, on a signal
/// that ends the viewer, and before it suspends.
public final class Terminal: @unchecked Sendable {
  // Used from the viewer's loop only; @unchecked because termios is a C struct.
  private var original = termios()
  private var isActive = false

  /// The terminal on standard input and output, or nil if either is not one.
  public init?() {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
  }

  /// The size in columns and lines (80×24 if the terminal does not say).
  public var size: (columns: Int, lines: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0,
      window.ws_row > 0
    else { return (80, 24) }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  /// Raw input (no echo, no line editing, no signals from keys), the alternate screen,
  /// no autowrap.
  public func activate() {
    var raw = original
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
    // Without autowrap, a line a terminal counts wider than the viewer did (emoji
    // sequences are drawn differently from one terminal to the next) cannot spill onto
    // the next.
    write("\u{1B}[?1049h\u{1B}[?7l\u{1B}[H\u{1B}[2J")
    isActive = true
  }

  /// The terminal as it was: the main screen, the cursor shown, the original modes.
  public func restore() {
    guard isActive else { return }
    isActive = false
    write("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }

  /// Writes `text` whole, retrying short writes and interruptions.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeMutableBytes {
        systemWrite(STDOUT_FILENO, $0.baseAddress! + written, $0.count - written)
      }
      if result < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      written += result
    }
  }
}

/// The C library's `write`, which the method above hides by its name.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}
