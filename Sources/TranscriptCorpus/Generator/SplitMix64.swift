/// Steele, Lea and Flood's SplitMix64 generator (OOPSLA 2014), as used to seed
/// xoshiro: a 64-bit state advanced by the golden-ratio increment, then mixed.
///
/// It is written out here, and every draw derived from it below, so the same seed
/// gives the same stream on every machine and every Swift release; the standard
/// library's `random(in:using:)` does not promise that.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `0..<bound`, by Lemire's multiply-shift with rejection.
  ///
  /// - Precondition: `bound > 0`.
  public mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0, "bound must be positive")
    let range = UInt64(bound)
    let threshold = (0 &- range) % range
    while true {
      let (high, low) = next().multipliedFullWidth(by: range)
      if low >= threshold { return Int(high) }
    }
  }

  /// A uniform integer in `range`.
  public mutating func inRange(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.count)
  }

  /// A uniform value in `[0, 1)` with 53 random bits.
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// `true` with probability `probability`.
  public mutating func chance(_ probability: Double) -> Bool {
    unit() < probability
  }
}
