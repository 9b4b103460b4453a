/// How a search bar turns keystrokes into searches.
public enum InputPolicy: Hashable, Sendable, CustomStringConvertible {
  /// Search on every keystroke, in order; a search runs to completion even when stale.
  case immediate
  /// Search once typing pauses for the interval.
  case debounce(Duration)
  /// At most one keyword per interval, the latest (the SwiftUI sample's
  /// `throttle(0.1 s, latest: true)`); searches run one after another.
  case throttleLatest(Duration)
  /// The newest keyword waits for the running search (the sample's
  /// `flatMap(maxPublishers: .max(1))`); keywords typed meanwhile but the last are dropped.
  case maxOneInFlight
  /// A new keyword cancels the running search, which stops within one segment.
  case cancelStale

  /// Every policy, with the sample's 100 ms for throttling and 150 ms for debouncing.
  public static let standard: [InputPolicy] = [
    .immediate, .debounce(.milliseconds(150)), .throttleLatest(.milliseconds(100)), .maxOneInFlight,
    .cancelStale,
  ]

  /// Parses `immediate`, `debounce:150`, `throttle-latest:100`, `max-one-in-flight` or
  /// `cancel-stale` (intervals in milliseconds).
  public init?(_ text: String) {
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    let interval = parts.count == 2 ? Int(parts[1]) : nil
    if let interval, interval < 0 { return nil }
    switch (parts[0], interval) {
    case ("immediate", nil): self = .immediate
    case ("debounce", let interval): self = .debounce(.milliseconds(interval ?? 150))
    case ("throttle-latest", let interval): self = .throttleLatest(.milliseconds(interval ?? 100))
    case ("max-one-in-flight", nil): self = .maxOneInFlight
    case ("cancel-stale", nil): self = .cancelStale
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .immediate: "immediate"
    case .debounce(let interval): "debounce:\(Self.milliseconds(interval))"
    case .throttleLatest(let interval): "throttle-latest:\(Self.milliseconds(interval))"
    case .maxOneInFlight: "max-one-in-flight"
    case .cancelStale: "cancel-stale"
    }
  }

  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}
