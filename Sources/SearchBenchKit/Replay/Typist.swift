import Foundation
import TranscriptCorpus

/// A person typing a keyword, reproducibly: intervals between keys drawn from a
/// log-normal distribution around ``medianInterval``, occasional pauses, and typos fixed
/// with a backspace. The same seed gives the same keystrokes.
public struct Typist: Sendable {
  /// One keystroke: how long after the previous one, and the keyword it leaves.
  public struct Keystroke: Equatable, Sendable {
    public var delay: Duration
    public var keyword: String
  }

  public var medianInterval = Duration.milliseconds(150)
  /// The spread of the log-normal distribution (σ of the underlying normal).
  public var spread = 0.35
  public var pauseRate = 0.05
  public var pause = Duration.milliseconds(700)
  public var typoRate = 0.06

  public init() {}

  /// The keystrokes of typing `keyword` from an empty field.
  public func keystrokes(typing keyword: String, using rng: inout SplitMix64) -> [Keystroke] {
    var typed = ""
    var strokes: [Keystroke] = []
    func press(_ text: String) {
      typed = text
      strokes.append(Keystroke(delay: interval(using: &rng), keyword: text))
    }
    for character in keyword {
      if rng.chance(typoRate) {
        let wrong = Array("asdfghjklqwertyuiop")[rng.below(19)]
        press(typed + String(wrong))
        press(String(typed.dropLast()))  // backspace
      }
      press(typed + String(character))
    }
    return strokes
  }

  private func interval(using rng: inout SplitMix64) -> Duration {
    // Box–Muller: a standard normal from two uniforms.
    let u1 = max(rng.unit(), 1e-12)
    let u2 = rng.unit()
    let normal = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    var milliseconds =
      Double(medianInterval.components.attoseconds) / 1e15
      + Double(medianInterval.components.seconds) * 1000
    milliseconds *= exp(spread * normal)
    if rng.chance(pauseRate) { milliseconds += Double(pause.components.attoseconds) / 1e15 }
    return .microseconds(Int(milliseconds * 1000))
  }
}
