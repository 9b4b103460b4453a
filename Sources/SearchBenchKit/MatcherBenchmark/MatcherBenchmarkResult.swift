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
  public var cells: [Cell]

  public func cell(_ matcher: String, label: String) -> Cell? {
    cells.first { $0.matcher == matcher && $0.label == label }
  }

  /// Text bytes searched per second, from the median.
  public func throughput(of cell: Cell) -> Double { Double(textBytes) / cell.seconds.median }
}
