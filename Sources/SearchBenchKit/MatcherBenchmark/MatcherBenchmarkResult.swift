/// What a ``MatcherBenchmark`` measured.
public struct MatcherBenchmarkResult: Codable, Sendable {
  public struct Preparation: Codable, Sendable {
    public var matcher: String
    public var seconds: Summary
  }

  /// One strategy on one keyword.
  public struct Cell: Codable, Sendable {
    public var matcher: String
    public var keyword: String
    public var label: String
    public var matches: Int
    public var seconds: Summary
    /// Whether its matches on the sample rows equal the oracle's.
    public var agreesWithOracleOnSample: Bool
    /// Each round's time, in round order (nil in results written before they were kept).
    public var roundSeconds: [Double]? = nil
    /// Searches timed together for each sample (``SearchTiming``); nil in older results.
    public var batch: Int? = nil
  }

  /// The folded bytes read with memchr, on one core and on two at once (see
  /// `MemoryCeiling`), in the same rounds as the searches.
  public struct Memory: Codable, Sendable {
    public var oneCore: Summary
    public var twoCores: Summary
    /// How many times faster two cores read than one: the median of each round's ratio.
    public var speedup: Double
  }

  public var dataset: String
  public var rows: Int
  public var textBytes: Int
  public var rounds: Int
  public var oracleSampleRows: Int
  public var preparation: [Preparation]
  /// The scan kernel `folded` and `chunked` ran (the automatic choice on this CPU).
  public var kernel: String?
  /// Heap bytes held by the folded index.
  public var foldedRetainedBytes: Int?
  /// How each sample was timed; nil in results written before batches.
  public var timing: SearchTiming? = nil
  /// How fast memory was read (nil in results written before it was measured).
  public var memory: Memory? = nil
  public var cells: [Cell]

  public func cell(_ matcher: String, label: String) -> Cell? {
    cells.first { $0.matcher == matcher && $0.label == label }
  }

  /// How many times faster `faster` ran than `slower`: the median of each round's ratio,
  /// the two timed side by side in that round, where a shared machine's drift from round
  /// to round touches both alike (from their medians where the rounds were not kept).
  public func speedup(of faster: Cell, over slower: Cell) -> Double {
    guard let fast = faster.roundSeconds, let slow = slower.roundSeconds, !fast.isEmpty,
      fast.count == slow.count
    else { return slower.seconds.median / faster.seconds.median }
    return Summary(zip(slow, fast).map { $0 / $1 }).median
  }

  /// Text bytes searched per second, from the median.
  public func throughput(of cell: Cell) -> Double { Double(textBytes) / cell.seconds.median }
}
