/// Everything `tsbench compare` measured, as written to results/report.json.
public struct CompareReport: Codable, Sendable {
  /// One strategy on one keyword of one dataset.
  public struct Cell: Codable, Sendable {
    public var strategy: String
    public var keyword: String
    public var label: String
    public var matches: Int?
    /// Seconds per query, one per round; empty when skipped.
    public var samples: [Double]
    public var seconds: Summary?
    /// The strategy's matches against the oracle's; nil when it did not run.
    public var oracle: OracleCheck?
    /// Why it was not measured ("over budget: about 7.7 s a query").
    public var skipped: String?
    /// Its time ÷ the fastest conforming strategy's, with a confidence interval.
    public var ratioToBest: RatioEstimate?
    /// Searches timed together for each sample (``SearchTiming``); nil in older reports.
    public var batch: Int?

    /// Says so when its rounds spread more than ``PairedRatio/unstableSpread``×.
    public var instability: String? { PairedRatio.unstable(strategy, samples) }
  }

  public struct Dataset: Codable, Sendable {
    public var name: String
    public var script: String?
    public var rows: Int
    public var textBytes: Int
    public var cells: [Cell]
    public var peers: [PeerResult]
    /// A memchr for a byte that never occurs, over the folded buffers: the ceiling.
    public var ceilingSeconds: Summary?
    /// The strategies measured, in the order they first appear.
    public var strategies: [String] {
      cells.map(\.strategy).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// `cat FILE > /dev/null` of the peers' file, as a whole process: what start-up and
    /// reading cost a whole-process peer such as ripgrep.
    public var readSeconds: Summary?
    /// Seconds each strategy took to prepare (fold, build an index), once; nil in older
    /// reports.
    public var preparationSeconds: [String: Double]?
    /// The ratios the rounds went on for until they were precise (folded ÷ pcre2,
    /// StringZilla and chunked), keyword by keyword; nil in older reports.
    public var pairs: [PairedRatio]?
    /// Rounds run in all, the set ones and those added for precision.
    public var roundsRun: Int?
    /// Why the rounds stopped before every pair was precise (the budget ran out).
    public var precisionStop: String?
    /// What a search costs on the dataset's first row alone; nil for large datasets and
    /// in older reports.
    public var fixedCosts: [FixedCost]?
  }

  public struct Conformance: Codable, Sendable {
    public var strategy: String
    public var passed: Int
    public var total: Int
    public var failingFamilies: [String]
    /// Cases passed per combination of find options ("not offered" where the strategy
    /// has no equivalent); nil in reports written before the options existed.
    public var byOptions: [ConformanceReport.OptionsScore]?
    /// Where the strategy comes from (``Strategy/Origin``); nil in older reports.
    public var origin: Strategy.Origin?

    public init(
      strategy: String, passed: Int, total: Int, failingFamilies: [String],
      byOptions: [ConformanceReport.OptionsScore]? = nil, origin: Strategy.Origin? = nil
    ) {
      self.origin = origin
      self.strategy = strategy
      self.passed = passed
      self.total = total
      self.failingFamilies = failingFamilies
      self.byOptions = byOptions
    }
  }

  /// The fitted slope of time against rows, per strategy and keyword class.
  public struct Scaling: Codable, Sendable {
    public var what: String
    public var script: String
    public var slope: Double
    public var points: [[Double]]

    public init(what: String, script: String, slope: Double, points: [[Double]]) {
      self.what = what
      self.script = script
      self.slope = slope
      self.points = points
    }
  }

  public var command: String
  public var machine: String
  public var rounds: Int
  public var cellBudgetSeconds: Double
  public var conformance: [Conformance]
  public var datasets: [Dataset]
  public var scaling: [Scaling]
  public var peerSemantics: [String: String]
  /// How each sample was timed; nil in reports written before batches.
  public var timing: SearchTiming?
  /// The half-width asked of each pair's 95% interval, relative to its estimate (0.10).
  public var precision: Double?
  /// Seconds each dataset's rounds may go on for precision.
  public var precisionBudgetSeconds: Double?

  public init(
    command: String, machine: String, rounds: Int, cellBudgetSeconds: Double,
    conformance: [Conformance], datasets: [Dataset], scaling: [Scaling],
    peerSemantics: [String: String]
  ) {
    self.command = command
    self.machine = machine
    self.rounds = rounds
    self.cellBudgetSeconds = cellBudgetSeconds
    self.conformance = conformance
    self.datasets = datasets
    self.scaling = scaling
    self.peerSemantics = peerSemantics
  }
}
