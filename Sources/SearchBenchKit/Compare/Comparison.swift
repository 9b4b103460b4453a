import Foundation
import SearchStrategies
import TranscriptCorpus
import TranscriptSearch

/// A dataset to compare strategies on, with its plain-text export for the peers.
public struct ComparisonDataset: Sendable {
  public var name: String
  public var script: Script?
  public var corpus: Corpus
  /// One row's text per line, the same bytes the peers search; nil to skip the peers.
  public var plainTextPath: String?
  /// The keywords to search and the class each was chosen for.
  public var keywords: [(keyword: String, label: String)]

  public init(
    name: String, script: Script?, corpus: Corpus, plainTextPath: String?,
    keywords: [(keyword: String, label: String)]
  ) {
    self.name = name
    self.script = script
    self.corpus = corpus
    self.plainTextPath = plainTextPath
    self.keywords = keywords
  }
}

/// Compares every strategy, interleaved in rounds (A B C A B C …), on datasets loaded one
/// at a time, with the peers on the same bytes and the memchr ceiling.
///
/// A strategy whose query is estimated to take more than the cell budget (from its
/// speed on the previous, smaller dataset of the same script) is skipped and shown with
/// the estimate; `full` runs everything. Every strategy that runs is checked against the
/// oracle on every row when the oracle fits its budget, else on the first rows, and the
/// report says which.
public struct Comparison: Sendable {
  public var strategies: [Strategy] = Strategies.standard(kernel: .automatic, includingUser: false)
  public var rounds = 5
  /// The find options every strategy searches with; a strategy that does not offer them
  /// reads "not offered".
  public var options = SearchOptions.default
  public var cellBudget = 3.0
  public var full = false
  /// Seconds the oracle may take for one keyword over the whole dataset (estimated from
  /// the first rows); over it, only the first `oracleSampleRows` rows are checked.
  public var oracleBudget = 10.0
  public var oracleSampleRows = 1_000
  public var peers: PeerRunner?
  /// Seconds a strategy that is not the project's may take to prepare (build an index),
  /// estimated from the previous, smaller dataset of the same script; over it, the
  /// strategy is skipped on the dataset and the report says so. `full` prepares every one.
  public var preparationBudget = 60.0
  /// How each sample is timed: in batches, warm or cold.
  public var timing = SearchTiming()
  /// The half-width asked of each pair's 95% interval, relative to its estimate.
  public var precision = 0.10
  /// Seconds a dataset's rounds may go on, after the set `rounds`, until every pair of
  /// ``precisionPairs`` is precise; 0 runs the set rounds only.
  public var precisionBudget = 10.0
  /// The most rounds a dataset gets in all.
  public var maxRounds = 200
  /// Up to this many rows, a dataset also has its fixed cost measured (``FixedCost``).
  public var fixedCostRows = 10_000
  /// The ratios the rounds go on for: the questions the report answers at every size.
  public var precisionPairs: [(numerator: String, denominator: String)] = [
    ("folded", "pcre2"), ("folded", Peer.stringzilla.rawValue), ("folded", "chunked"),
  ]

  public init() {}

  /// Seconds per byte each strategy took to prepare, by script, from the last dataset.
  private var preparationSpeeds: [String: Double] = [:]

  /// Seconds per byte per strategy and script, from the last dataset measured: the
  /// estimate that decides what is over budget.
  private var speeds: [String: Double] = [:]

  /// The label given to keywords the user chose; they are classed by their counts.
  public static let givenLabel = "given"

  /// Measures one dataset.
  public mutating func measure(
    _ dataset: ComparisonDataset, progress: (String) -> Void = { _ in }
  ) async throws -> CompareReport.Dataset {
    let corpus = dataset.corpus
    let bytes = Double(max(corpus.utf8TextCount, 1))
    var prepared: [String: any Matcher] = [:]
    var preparationSeconds: [String: Double] = [:]
    var preparationSkipped: [String: Double] = [:]
    for strategy in strategies {
      let speedKey = "\(strategy.name)|\(dataset.script?.rawValue ?? dataset.name)"
      if !full, strategy.origin != .project,
        let estimate = preparationSpeeds[speedKey].map({ $0 * bytes }), estimate > preparationBudget
      {
        preparationSkipped[strategy.name] = estimate
        continue
      }
      progress("\(dataset.name): preparing \(strategy.name)")
      FoldedCorpus.waitUntilHugePagesAdvised()
      let elapsed = ContinuousClock().measure { prepared[strategy.name] = strategy.prepare(corpus) }
      preparationSeconds[strategy.name] = elapsed.seconds
      preparationSpeeds[speedKey] = elapsed.seconds / bytes
    }
    // Timed once the prepared forms sit in 2 MB pages (see `MatcherBenchmark`).
    FoldedCorpus.waitUntilHugePagesAdvised()

    // Correctness first: the contract's answer, on every row if the oracle fits its budget.
    progress("\(dataset.name): the oracle's answers")
    var expected: [String: (matches: [Match], rows: Int)] = [:]
    for (keyword, _) in dataset.keywords {
      expected[keyword] = try await oracleAnswer(keyword, in: corpus)
    }

    var cells: [String: CompareReport.Cell] = [:]
    var allowed: [String: Int] = [:]
    var keywords = dataset.keywords
    // Skips are decided from the previous dataset's speeds only: one slow query (a busy
    // machine) must not skip the rest of this dataset.
    let previousSpeeds = speeds
    var measuredSpeeds: [String: Double] = [:]
    defer { speeds.merge(measuredSpeeds) { $1 } }
    for (index, (keyword, label)) in keywords.enumerated() {
      let answer = expected[keyword]!
      for strategy in strategies {
        let key = "\(strategy.name)|\(keyword)"
        var cell = CompareReport.Cell(
          strategy: strategy.name, keyword: keyword, label: label, samples: [])
        let speedKey = "\(strategy.name)|\(dataset.script?.rawValue ?? dataset.name)"
        let estimate = previousSpeeds[speedKey].map { $0 * bytes }
        if !strategy.offers(options) {
          cell.skipped = "not offered"
          allowed[key] = 0
        } else if let estimate = preparationSkipped[strategy.name] {
          cell.skipped = "preparation over budget: about \(Self.format(estimate)) to build"
          allowed[key] = 0
        } else if !full, let estimate, estimate > cellBudget {
          cell.skipped = "over budget: about \(Self.format(estimate)) a query"
          allowed[key] = 0
        } else {
          // One untimed run: the oracle check, the count, and the rounds that fit the budget.
          let clock = ContinuousClock()
          var found: [Match] = []
          do {
            let matcher = prepared[strategy.name]!
            var elapsed = try await CrashContext.searching(strategy.name, keyword) {
              try await clock.measure {
                found = try await matcher.matches(of: keyword, options: options)
              }.seconds
            }
            if let problem = MatchValidity.problem(with: found, in: corpus) {
              throw InvalidMatchesError(problem: problem)
            }
            // Only a user's strategy fails for it: ours and the stock engines are skipped
            // by estimate instead, and a busy machine must not turn them into failures.
            if !full, strategy.origin == .user, elapsed > 2 * cellBudget {
              throw PastBudgetError(seconds: elapsed, budget: cellBudget)
            }
            cell.matches = found.count
            cell.oracle = OracleCheck(
              found: found, expected: answer.matches, rowsCompared: answer.rows,
              rowsTotal: corpus.count)
            let calibration = try await timing.calibrate(firstRun: elapsed) {
              _ = try await CrashContext.searching(strategy.name, keyword) {
                try await matcher.matches(of: keyword, options: options)
              }
            }
            elapsed = calibration.seconds
            cell.batch = calibration.batch
            let sampleCost = calibration.sampleSeconds
            allowed[key] =
              full ? rounds : max(1, min(rounds, Int(cellBudget / max(sampleCost, 1e-9))))
            measuredSpeeds[speedKey] = max(measuredSpeeds[speedKey] ?? 0, elapsed / bytes)
          } catch is CancellationError {
            throw CancellationError()
          } catch {
            cell.skipped = "failed: \(error)"
            allowed[key] = 0
          }
        }
        cells[key] = cell
      }
      // A given keyword's class, from the contract's count over every row, or else from
      // the count of the first conforming strategy that ran.
      if label == Self.givenLabel {
        let counted =
          answer.rows == corpus.count
          ? answer.matches.count
          : strategies.lazy.filter(\.followsContract)
            .compactMap { cells["\($0.name)|\(keyword)"]?.matches }.first
        let klass = Self.frequencyClass(matches: counted, rows: corpus.count)
        keywords[index].label = klass
        for strategy in strategies { cells["\(strategy.name)|\(keyword)"]!.label = klass }
      }
    }
    let folded = (prepared["folded"] as? FoldedMatcher)?.folded
    var ceilingSamples: [Double] = []
    let peerRounds = peers.flatMap { runner in
      dataset.plainTextPath.map { PeerRounds(runner: runner, file: $0, timing: timing) }
    }
    let peersRunning = peerRounds?.running ?? []
    let entrants = strategies.map(\.name) + peersRunning.map(\.rawValue)
    var shuffler = SplitMix64(seed: Self.orderSeed)
    // The budget counts from the end of the set rounds, which slow strategies may fill.
    var precisionStart: ContinuousClock.Instant?
    var round = 0
    var precisionStop: String?
    while true {
      // After the set rounds, a round only for the entrants of the pairs not yet precise.
      var wanted: [String: Set<String>]?
      if round >= rounds {
        if precisionStart == nil { precisionStart = ContinuousClock.now }
        let open = Self.pairs(
          of: keywords, cells: cells, peers: peerRounds, asked: precisionPairs,
          precision: precision
        ).filter { pair in
          // A side the cell budget held to fewer rounds gets no more: its pair cannot improve.
          pair.wantsRounds
            && [pair.numerator, pair.denominator].allSatisfy {
              allowed["\($0)|\(pair.keyword)"].map { $0 == rounds } ?? true
            }
        }
        if open.isEmpty { break }
        if round >= maxRounds || ContinuousClock.now - precisionStart! > .seconds(precisionBudget) {
          precisionStop =
            precisionBudget <= 0
            ? "no precision budget: the set \(rounds) rounds only"
            : round >= maxRounds
              ? "stopped at \(maxRounds) rounds, the most a dataset gets"
              : "the precision budget (\(Self.format(precisionBudget))) ran out after \(round) rounds"
          break
        }
        wanted = open.reduce(into: [:]) {
          $0[$1.keyword, default: []].formUnion([$1.numerator, $1.denominator])
        }
        progress(
          "\(dataset.name): round \(round + 1), for \(open.count) ratios not yet within ±\(Int(precision * 100))%"
        )
      } else {
        progress("\(dataset.name): round \(round + 1) of \(rounds)")
      }
      for (keyword, _) in keywords {
        if let wanted, wanted[keyword] == nil { continue }
        for turn in Self.order(of: entrants.count, using: &shuffler) {
          if let wanted, !wanted[keyword]!.contains(entrants[turn]) { continue }
          guard turn < strategies.count else {
            peerRounds!.search(peersRunning[turn - strategies.count], keyword)
            continue
          }
          let strategy = strategies[turn]
          let key = "\(strategy.name)|\(keyword)"
          // A cell the budget held to fewer rounds gets no more for precision.
          guard round < allowed[key]! || (round >= rounds && allowed[key]! == rounds) else {
            continue
          }
          try Task.checkCancellation()
          let matcher = prepared[strategy.name]!
          let seconds = try await CrashContext.searching(strategy.name, keyword) {
            try await timing.sample(batch: cells[key]!.batch ?? 1) {
              _ = try await matcher.matches(of: keyword, options: options)
            }
          }
          cells[key]!.samples.append(seconds)
        }
        // The ceiling is measured among the searches, not after them, so that a change
        // in the machine's pace between phases does not tilt the shares of it.
        if wanted == nil, let ceiling = Self.ceilingSample(of: folded) {
          ceilingSamples.append(ceiling)
        }
      }
      if wanted == nil { peerRounds?.readOnce() }
      round += 1
    }
    var pairs = Self.pairs(
      of: keywords, cells: cells, peers: peerRounds, asked: precisionPairs, precision: precision)
    for index in pairs.indices where pairs[index].wantsRounds {
      let pair = pairs[index]
      if let side = [pair.numerator, pair.denominator].first(where: {
        (allowed["\($0)|\(pair.keyword)"] ?? rounds) < rounds
      }) {
        pairs[index].note =
          "\(side) ran \(allowed["\(side)|\(pair.keyword)"]!) rounds, all that --budget allowed it"
      }
    }
    if corpus.count <= fixedCostRows { progress("\(dataset.name): the fixed cost, on one row") }
    let fixedCosts =
      corpus.count <= fixedCostRows ? try await fixedCosts(of: corpus, keywords: keywords) : nil
    var ordered = keywords.flatMap { keyword, _ in
      strategies.map { cells["\($0.name)|\(keyword)"]! }
    }
    for index in ordered.indices where !ordered[index].samples.isEmpty {
      ordered[index].seconds = Summary(ordered[index].samples)
    }
    Self.rankAgainstBest(
      &ordered, conforming: Set(strategies.filter(\.followsContract).map(\.name)))

    let peerResults = peerRounds?.results(for: keywords) ?? []
    let reads = peerRounds.map(\.reads)
    let ceiling = ceilingSamples.isEmpty ? nil : Summary(ceilingSamples)
    return CompareReport.Dataset(
      name: dataset.name, script: dataset.script?.rawValue, rows: corpus.count,
      textBytes: corpus.utf8TextCount, cells: ordered, peers: peerResults, ceilingSeconds: ceiling,
      readSeconds: reads.flatMap { $0.isEmpty ? nil : Summary($0) },
      preparationSeconds: preparationSeconds, pairs: pairs, roundsRun: round,
      precisionStop: precisionStop, fixedCosts: fixedCosts)
  }

  /// The asked pairs whose two sides both searched `keywords`, each with its estimate.
  static func pairs(
    of keywords: [(keyword: String, label: String)], cells: [String: CompareReport.Cell],
    peers: PeerRounds?, asked: [(numerator: String, denominator: String)], precision: Double
  ) -> [PairedRatio] {
    func samples(_ name: String, _ keyword: String) -> [Double] {
      if let cell = cells["\(name)|\(keyword)"] { return cell.samples }
      guard let peer = Peer(rawValue: name), let peers else { return [] }
      return peers.taken(by: peer, for: keyword)
    }
    return keywords.flatMap { keyword, label in
      asked.compactMap { numerator, denominator -> PairedRatio? in
        let mine = samples(numerator, keyword)
        let theirs = samples(denominator, keyword)
        guard !mine.isEmpty, !theirs.isEmpty else { return nil }
        return PairedRatio(
          numerator: numerator, mine, denominator: denominator, theirs, keyword: keyword,
          label: label, precision: precision)
      }
    }
  }

  /// The order in which `count` entrants search a keyword in a round: shuffled anew each
  /// time, so that none always runs first, nor always after the same one. An entrant
  /// finds in the caches what the one before it left there (its code, and the dataset it
  /// searched): on `english-1k`, with the order rotating, `chunked` always ran right after
  /// `folded`, the same search of a corpus that small, and read half its time.
  static func order(of count: Int, using generator: inout SplitMix64) -> [Int] {
    Array(0..<count).shuffled(using: &generator)
  }

  /// The same orders in every run.
  static let orderSeed: UInt64 = 0x0DE5_EED5

  /// The oracle's matches of `keyword` in the first `rows` rows: every row when the
  /// oracle's estimated time fits `oracleBudget` (or `full`), else the first rows.
  private func oracleAnswer(
    _ keyword: String, in corpus: Corpus
  ) async throws -> (matches: [Match], rows: Int) {
    let sampleRows = min(oracleSampleRows, corpus.count)
    let sample = Corpus(corpus.prefix(sampleRows))
    var matches: [Match] = []
    let elapsed = try await ContinuousClock().measure {
      matches = try await OracleMatcher(corpus: sample).matches(of: keyword, options: options)
    }.seconds
    guard sampleRows < corpus.count else { return (matches, sampleRows) }
    let estimate =
      elapsed * Double(corpus.utf8TextCount) / Double(max(sample.utf8TextCount, 1))
    guard full || estimate <= oracleBudget else { return (matches, sampleRows) }
    return (
      try await OracleMatcher(corpus: corpus).matches(of: keyword, options: options), corpus.count
    )
  }

  /// A keyword's class by its count: none is absent, at least one match per 100 rows is
  /// frequent, anything between is rare.
  public static func frequencyClass(matches: Int?, rows: Int) -> String {
    guard let count = matches else { return givenLabel }
    if count == 0 { return "absent" }
    return count * 100 >= rows ? "frequent" : "rare"
  }

  /// For each keyword: each measured cell's time ÷ the fastest conforming one's (by
  /// median), where a strategy conforms when it is written to follow the contract and
  /// agreed with the oracle.
  static func rankAgainstBest(_ cells: inout [CompareReport.Cell], conforming names: Set<String>) {
    let keywords = Set(cells.map(\.keyword))
    for keyword in keywords {
      let conforming = cells.filter {
        $0.keyword == keyword && !$0.samples.isEmpty && names.contains($0.strategy)
          && $0.oracle?.agrees != false
      }
      guard let best = conforming.min(by: { $0.seconds!.median < $1.seconds!.median }) else {
        continue
      }
      for index in cells.indices
      where cells[index].keyword == keyword && !cells[index].samples.isEmpty {
        // Paired by round where both ran two rounds or more: the drift of a shared
        // machine between rounds then touches both sides of each ratio alike.
        let mine = cells[index].samples
        cells[index].ratioToBest =
          min(mine.count, best.samples.count) >= 2
          ? RatioEstimate.paired(
            Array(mine.prefix(best.samples.count)), over: Array(best.samples.prefix(mine.count)))
          : RatioEstimate.bootstrap(mine, over: best.samples)
      }
    }
  }

  /// The seconds memchr takes to read every folded buffer on one core (see
  /// ``MemoryCeiling``); nil without folded buffers.
  static func ceilingSample(of folded: FoldedCorpus?) -> Double? {
    folded.map(MemoryCeiling.oneCore)
  }

  /// Matches no highlight could use (see ``MatchValidity``).
  struct InvalidMatchesError: Error, CustomStringConvertible {
    var problem: String
    var description: String { "invalid matches: \(problem)" }
  }

  /// One query of a user's strategy took more than twice the cell budget.
  struct PastBudgetError: Error, CustomStringConvertible {
    var seconds: Double
    var budget: Double
    var description: String {
      "ran past the budget: one query took \(format(seconds)) (budget \(format(budget)))"
    }
  }

  static func format(_ seconds: Double) -> String {
    seconds >= 1 ? "\(Double(Int(seconds * 10)) / 10) s" : "\(Int(seconds * 1000)) ms"
  }
}
