#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A live progress line on standard error: what runs, how far it is, time elapsed and
/// an estimate of what is left.
///
/// On a terminal the line is redrawn in place at most ten times a second; elsewhere
/// (CI logs) a line is printed at each tenth of the work, so logs stay short.
public final class ProgressDisplay {
  private let label: String
  private let total: Int
  private let unit: String
  private let clock = ContinuousClock()
  private let started: ContinuousClock.Instant
  private var lastDrawn: ContinuousClock.Instant
  private var lastDecile = -1
  private let isTerminal = isatty(STDERR_FILENO) != 0
  private let isEnabled: Bool

  /// - Parameter total: the amount of work, in `unit`s; `enabled: false` prints nothing.
  public init(_ label: String, total: Int, unit: String, enabled: Bool = true) {
    self.label = label
    self.total = max(total, 1)
    self.unit = unit
    started = clock.now
    lastDrawn = started
    isEnabled = enabled
  }

  /// Reports that `done` units are finished.
  public func update(_ done: Int) {
    guard isEnabled else { return }
    let now = clock.now
    if isTerminal {
      guard now - lastDrawn >= .milliseconds(100) else { return }
      lastDrawn = now
      Self.writeRaw("\r\u{1B}[K" + TerminalText.safe(line(done, at: now)))
    } else {
      let decile = done * 10 / total
      guard decile > lastDecile, decile < 10 else { return }
      lastDecile = decile
      Self.writeError(line(done, at: now) + "\n")
    }
  }

  /// Ends the line with a final summary.
  public func finish(_ summary: String = "") {
    guard isEnabled else { return }
    let elapsed = (clock.now - started).seconds
    let text =
      "\(label): done in \(Self.format(seconds: elapsed))\(summary.isEmpty ? "" : ", \(summary)")"
    Self.writeRaw((isTerminal ? "\r\u{1B}[K" : "") + TerminalText.safe(text) + "\n")
  }

  private func line(_ done: Int, at now: ContinuousClock.Instant) -> String {
    let elapsed = (now - started).seconds
    let fraction = Double(min(done, total)) / Double(total)
    var text = "\(label): \(Int(fraction * 100))% (\(done)/\(total) \(unit)), "
    text += "\(Self.format(seconds: elapsed)) elapsed"
    if fraction > 0.01 {
      text += ", ~\(Self.format(seconds: elapsed / fraction - elapsed)) left"
    }
    return text
  }

  static func format(seconds: Double) -> String {
    seconds < 60
      ? "\(Double(Int(seconds * 10)) / 10) s"
      : "\(Int(seconds) / 60) min \(Int(seconds) % 60) s"
  }

  /// Writes `text` to standard error without buffering, so progress interleaves
  /// correctly with other output; its control characters are escaped (``TerminalText``).
  public static func writeError(_ text: String) {
    writeRaw(TerminalText.safe(text))
  }

  /// Writes the progress line's own escape sequences as they are.
  private static func writeRaw(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}

extension Duration {
  /// The duration in seconds, as a floating-point number.
  public var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
