import Foundation
import Testing
import TranscriptCorpus
import TranscriptSearch

@testable import SearchBenchKit

@Suite("Compare")
struct CompareTests {
  /// Each round's order is a permutation; over rounds, every entrant runs first and
  /// every one runs both before and after every other; the same seed repeats the orders.
  @Test func ordersAreShuffledPermutationsThatRepeatFromTheSeed() {
    var generator = SplitMix64(seed: Comparison.orderSeed)
    let orders = (0..<60).map { _ in Comparison.order(of: 5, using: &generator) }
    for order in orders { #expect(order.sorted() == Array(0..<5)) }
    #expect(Set(orders.map(\.first!)) == Set(0..<5))
    for first in 0..<5 {
      for second in 0..<5 where second != first {
        let before = orders.filter { $0.firstIndex(of: first)! < $0.firstIndex(of: second)! }
        #expect(!before.isEmpty && before.count < orders.count, "\(first) \(second)")
      }
    }
    var again = SplitMix64(seed: Comparison.orderSeed)
    #expect((0..<60).map { _ in Comparison.order(of: 5, using: &again) } == orders)
    #expect(Comparison.order(of: 1, using: &again) == [0])
    #expect(Comparison.order(of: 0, using: &again).isEmpty)
  }

  @Test func equalSamplesShowNoDifference() {
    let samples = [1.0, 1.1, 0.9, 1.05, 0.95]
    let estimate = RatioEstimate.bootstrap(samples, over: samples.reversed())
    #expect(estimate.ratio == 1)
    #expect(estimate.isNoDifference)
  }

  @Test func clearlySlowerSamplesShowADifference() {
    let fast = [1.0, 1.1, 0.9, 1.05, 0.95]
    let estimate = RatioEstimate.bootstrap(fast.map { $0 * 3 }, over: fast)
    #expect(abs(estimate.ratio - 3) < 1e-9)
    #expect(!estimate.isNoDifference)
    #expect(estimate.low > 2 && estimate.high < 4.5)
  }

  @Test func slopesOfLinearAndConstantCosts() throws {
    let linear = [1e3, 1e4, 1e5, 1e6].map { (x: $0, y: $0 * 2e-9) }
    let constant = [1e3, 1e4, 1e5, 1e6].map { (x: $0, y: 5e-6) }
    #expect(abs(try #require(logLogSlope(linear)) - 1) < 1e-9)
    #expect(abs(try #require(logLogSlope(constant))) < 1e-9)
    #expect(logLogSlope([(x: 1, y: 1)]) == nil)
  }

  @Test func keywordsChosenFromAUsersTextHaveTheirClasses() throws {
    let rows = (0..<3_000).map { index in
      TranscriptRow(
        start: 0, text: index == 7 ? "the rarest word appears once" : "the same common words again")
    }
    let chosen = KeywordChoice.choose(in: Corpus(rows))
    let byLabel = Dictionary(uniqueKeysWithValues: chosen.map { ($0.label, $0.keyword) })
    #expect(byLabel["frequent"] != nil)
    #expect(byLabel["absent"] != nil)
    let rare = try #require(byLabel["rare"])
    #expect(["rarest", "word", "appears", "once"].contains(rare))
  }

  @Test func measuresEveryStrategyAndSkipsWhatIsOverBudget() async throws {
    let (corpus, planted) = TranscriptGenerator(script: .english, seed: 3).makeCorpus(rows: 300)
    var comparison = Comparison()
    comparison.rounds = 2
    comparison.oracleSampleRows = 300
    comparison.precisionBudget = 0
    let dataset = ComparisonDataset(
      name: "english-300", script: .english, corpus: corpus, plainTextPath: nil,
      keywords: planted.map { ($0.keyword, $0.frequencyClass.rawValue) })
    let first = try await comparison.measure(dataset)
    #expect(first.cells.count == planted.count * comparison.strategies.count)
    for cell in first.cells {
      #expect(cell.seconds != nil, "\(cell.strategy) \(cell.keyword): \(cell.skipped ?? "")")
      if cell.strategy == "folded" {
        #expect(cell.matches == planted.first { $0.keyword == cell.keyword }?.rows)
        #expect(cell.oracle?.agrees == true)
        #expect(cell.oracle?.isComplete == true)
      }
    }
    #expect(first.ceilingSeconds != nil)
    // A budget no strategy fits: the next dataset of the script is skipped, with an estimate.
    comparison.cellBudget = 1e-12
    let second = try await comparison.measure(dataset)
    #expect(second.cells.allSatisfy { $0.skipped?.hasPrefix("over budget") == true })
    // A strategy that did not run was not checked: the report says so, never "yes".
    #expect(second.cells.allSatisfy { $0.oracle == nil })
    let report = CompareReport(
      command: "test", machine: "test", rounds: 2, cellBudgetSeconds: 1e-12,
      conformance: [], datasets: [second], scaling: [], peerSemantics: [:])
    let table = report.markdown(allocatorSummary: nil).split(separator: "\n")
      .filter { $0.contains("| folded |") && $0.contains(": \"") }  // the dataset's rows
    #expect(!table.isEmpty)
    #expect(table.allSatisfy { $0.contains("| not run |") && !$0.contains("yes") })
  }

  /// Rounds go on past the set ones for the pairs not yet precise, only for their two
  /// sides, until each is within the precision asked or the budget ends; without a budget
  /// the set rounds are all, and the report says why a pair is imprecise.
  @Test func roundsGoOnUntilThePairsArePreciseOrTheBudgetEnds() async throws {
    let (corpus, planted) = TranscriptGenerator(script: .english, seed: 5).makeCorpus(rows: 400)
    var comparison = Comparison()
    comparison.rounds = 2
    comparison.strategies = [Strategy(.folded), Strategy(.chunked), Strategy(.regex)]
    comparison.precisionPairs = [("folded", "chunked")]
    comparison.precisionBudget = 1
    let dataset = ComparisonDataset(
      name: "english-400", script: .english, corpus: corpus, plainTextPath: nil,
      keywords: planted.map { ($0.keyword, $0.frequencyClass.rawValue) })
    let measured = try await comparison.measure(dataset)
    let pairs = try #require(measured.pairs)
    #expect(pairs.map(\.keyword) == planted.map(\.keyword))
    #expect(pairs.allSatisfy { $0.numerator == "folded" && $0.denominator == "chunked" })
    let roundsRun = try #require(measured.roundsRun)
    // Two rounds give an interval too coarse for ±10% unless every ratio is the same: the
    // rounds went on until each pair was precise, or said why not (unstable on a busy
    // machine), or the budget ran out.
    #expect(
      pairs.allSatisfy { $0.precise || $0.note != nil } || measured.precisionStop != nil,
      "\(pairs.map { ($0.keyword, $0.precise, $0.note ?? "") })")
    for cell in measured.cells {
      let count = cell.samples.count
      // regex is in no pair: it ran the set rounds only.
      if cell.strategy == "regex" { #expect(count == 2) } else { #expect(count <= roundsRun) }
      #expect((cell.batch ?? 0) >= 1)
    }
    let pairRounds = pairs.map(\.rounds).max() ?? 0
    #expect(pairRounds == roundsRun)
    // The fixed cost: folded and chunked (pcre2 does not run here), on the first row alone.
    let fixed = try #require(measured.fixedCosts)
    #expect(fixed.count == 2 * planted.count)
    #expect(Set(fixed.map(\.strategy)) == ["folded", "chunked"])
    #expect(fixed.allSatisfy { $0.seconds.count == FixedCost.rounds && $0.batch >= 1 })

    comparison.precisionBudget = 0
    let set = try await comparison.measure(dataset)
    #expect(set.roundsRun == 2)
    #expect(set.cells.allSatisfy { $0.samples.count == 2 })
    if set.pairs!.contains(where: { !$0.precise }) {
      #expect(set.precisionStop == "no precision budget: the set 2 rounds only")
    }
    var report = CompareReport(
      command: "test", machine: "test", rounds: 2, cellBudgetSeconds: 3,
      conformance: [], datasets: [measured], scaling: [], peerSemantics: [:])
    report.precision = 0.10
    report.precisionBudgetSeconds = 1
    report.timing = comparison.timing
    let markdown = report.markdown(allocatorSummary: nil)
    #expect(markdown.contains("## How precise the verdicts are"))
    #expect(markdown.contains("## The fixed cost of a search"))
    #expect(markdown.contains("| english-400 | frequent "))
    #expect(markdown.contains("of \(pairs.count) ratios are within ±10%"))
    #expect(markdown.contains("Timing, warm: a search shorter than 1 ms is timed in a batch"))
  }

  /// A side the cell budget holds to fewer rounds gets no more for precision: its pair is
  /// marked with why, and no round is run for it.
  @Test func aPairWhoseSideIsHeldByTheBudgetGetsNoMoreRounds() async throws {
    let (corpus, planted) = TranscriptGenerator(script: .english, seed: 7).makeCorpus(rows: 50)
    var comparison = Comparison()
    comparison.rounds = 3
    comparison.cellBudget = 0.05
    comparison.precisionBudget = 30
    comparison.strategies = [
      Strategy(.folded),
      Strategy(name: "sleepy", origin: .user, followsContract: true) { SleepyMatcher(corpus: $0) },
    ]
    comparison.precisionPairs = [("folded", "sleepy")]
    let dataset = ComparisonDataset(
      name: "english-50", script: .english, corpus: corpus, plainTextPath: nil,
      keywords: [(planted[0].keyword, planted[0].frequencyClass.rawValue)])
    let measured = try await comparison.measure(dataset)
    #expect(measured.roundsRun == 3)
    let pair = try #require(measured.pairs?.first)
    #expect(!pair.precise && !pair.wantsRounds)
    #expect(pair.note == "sleepy ran 1 rounds, all that --budget allowed it", "\(pair.note ?? "")")
  }

  /// `folded`, 30 ms slower a search.
  struct SleepyMatcher: Matcher {
    static let name = "sleepy"
    let folded: FoldedMatcher
    init(corpus: Corpus) { folded = FoldedMatcher(corpus: corpus) }
    func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
      usleep(30_000)
      return try await folded.nonEmptyMatches(of: keyword, options: options)
    }
  }

  /// `folded`, except that it loses every match past row 1,000.
  struct ForgetfulMatcher: Matcher {
    static let name = "forgetful"
    let folded: FoldedMatcher
    init(corpus: Corpus) { folded = FoldedMatcher(corpus: corpus) }
    func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
      try await folded.nonEmptyMatches(of: keyword, options: options).filter { $0.row < 1_000 }
    }
  }

  private func forgetfulComparison(oracleBudget: Double) -> Comparison {
    var comparison = Comparison()
    comparison.rounds = 1
    comparison.oracleBudget = oracleBudget
    comparison.strategies = [
      Strategy(.folded),
      Strategy(name: "forgetful", origin: .user, followsContract: true) {
        ForgetfulMatcher(corpus: $0)
      },
    ]
    return comparison
  }

  @Test func aStrategyWrongOnlyPastTheFirstThousandRowsIsReportedWrong() async throws {
    let rows = (0..<1_500).map { TranscriptRow(start: Int64($0), text: "row \($0) says hello") }
    let dataset = ComparisonDataset(
      name: "hello", script: nil, corpus: Corpus(rows), plainTextPath: nil,
      keywords: [("hello", "frequent")])
    var comparison = forgetfulComparison(oracleBudget: 60)
    let measured = try await comparison.measure(dataset)
    let forgetful = try #require(measured.cells.first { $0.strategy == "forgetful" }?.oracle)
    #expect(forgetful.isComplete)
    #expect(!forgetful.agrees)
    #expect(forgetful.expectedMatches == 1_500 && forgetful.foundMatches == 1_000)
    #expect(forgetful.summary == "**no**: 1000 matches, the contract 1500 (-500)")
    let folded = try #require(measured.cells.first { $0.strategy == "folded" }?.oracle)
    #expect(folded.agrees && folded.summary == "yes")
    // A disagreeing strategy is not the best, however fast.
    #expect(measured.cells.first { $0.strategy == "folded" }?.ratioToBest?.ratio == 1)
  }

  @Test func aPartialOracleCheckSaysHowManyRowsItCompared() async throws {
    let rows = (0..<1_500).map { TranscriptRow(start: Int64($0), text: "row \($0) says hello") }
    let dataset = ComparisonDataset(
      name: "hello", script: nil, corpus: Corpus(rows), plainTextPath: nil,
      keywords: [("hello", "frequent")])
    var comparison = forgetfulComparison(oracleBudget: 0)
    let measured = try await comparison.measure(dataset)
    for cell in measured.cells {
      #expect(cell.oracle?.summary == "agrees on 1000 of 1500 rows")
    }
  }

  @Test func givenKeywordsAreClassedByTheirCounts() async throws {
    let rows = (0..<1_000).map {
      TranscriptRow(start: Int64($0), text: $0 == 3 ? "a unique zebra" : "common words")
    }
    let dataset = ComparisonDataset(
      name: "mine", script: nil, corpus: Corpus(rows), plainTextPath: nil,
      keywords: [("common", "given"), ("zebra", "given"), ("qqq", "given")])
    var comparison = Comparison()
    comparison.rounds = 1
    comparison.strategies = [Strategy(.folded)]
    let measured = try await comparison.measure(dataset)
    let labels = Dictionary(uniqueKeysWithValues: measured.cells.map { ($0.keyword, $0.label) })
    #expect(labels == ["common": "frequent", "zebra": "rare", "qqq": "absent"])
    let report = CompareReport(
      command: "test", machine: "test", rounds: 1, cellBudgetSeconds: 3,
      conformance: [.init(strategy: "folded", passed: 1, total: 1, failingFamilies: [])],
      datasets: [measured], scaling: [], peerSemantics: [:])
    let markdown = report.markdown(allocatorSummary: nil)
    #expect(markdown.contains("| 1 | folded | 1/1 | 1.0× | 1.0× | 1.0× |"))
    #expect(!markdown.contains("## Scaling") && !markdown.contains("## Typing replay"))
  }

  private func cell(_ strategy: String, ratio: Double, low: Double, high: Double)
    -> CompareReport.Cell
  {
    var cell = CompareReport.Cell(strategy: strategy, keyword: "k", label: "rare", samples: [1])
    cell.ratioToBest = RatioEstimate(ratio: ratio, low: low, high: high)
    return cell
  }

  @Test func overlappingIntervalsShareARankAndTheBestReadsOne() {
    let dataset = CompareReport.Dataset(
      name: "d", script: "english", rows: 10, textBytes: 10,
      cells: [
        cell("a", ratio: 1.0, low: 0.9, high: 1.1), cell("b", ratio: 1.05, low: 0.95, high: 1.2),
        cell("c", ratio: 3, low: 2.8, high: 3.3), cell("d", ratio: 0.5, low: 0.4, high: 0.6),
      ], peers: [], ceilingSeconds: nil)
    let report = CompareReport(
      command: "test", machine: "test", rounds: 5, cellBudgetSeconds: 3,
      conformance: ["a", "b", "c", "d"].map {
        .init(strategy: $0, passed: $0 == "d" ? 0 : 1, total: 1, failingFamilies: [])
      },
      datasets: [dataset], scaling: [], peerSemantics: [:])
    let ranking = report.summaryRanking()
    #expect(ranking.map(\.strategy) == ["a", "b", "c", "d"])
    #expect(ranking.map(\.rank) == [1, 1, 3, nil])
    #expect(ranking.map(\.tied) == [true, true, false, false])
    let markdown = report.markdown(allocatorSummary: nil)
    #expect(markdown.contains("| =1 | a | 1/1 | – | 1.0× | – |"))
    #expect(markdown.contains("| =1 | b | 1/1 | – | 1.05× | – |"))
    #expect(markdown.contains("| 3 | c | 1/1 | – | 3.0× | – |"))
  }

  @Test func theSizeFromWhichChunkedWinsIsInterpolated() {
    func dataset(rows: Int, folded: Double, chunked: Double) -> CompareReport.Dataset {
      var cells: [CompareReport.Cell] = []
      for (strategy, seconds) in [("folded", folded), ("chunked", chunked)] {
        var cell = CompareReport.Cell(
          strategy: strategy, keyword: "k", label: "frequent", samples: [seconds])
        cell.seconds = Summary([seconds])
        cells.append(cell)
      }
      return .init(
        name: "mixed-\(rows)", script: "mixed", rows: rows, textBytes: rows, cells: cells,
        peers: [], ceilingSeconds: nil)
    }
    // chunked ÷ folded: 2 at 1,000 rows, 0.5 at 100,000: equal at 10,000 (in log-log).
    let report = CompareReport(
      command: "test", machine: "test", rounds: 1, cellBudgetSeconds: 3, conformance: [],
      datasets: [
        dataset(rows: 1_000, folded: 1, chunked: 2), dataset(rows: 100_000, folded: 2, chunked: 1),
      ],
      scaling: [], peerSemantics: [:])
    #expect(report.chunkedCrossovers().first?.hasPrefix("**mixed**: from about 10000 rows") == true)
  }

  @Test func aMissingOrBrokenPeerIsReportedNotTrusted() {
    let runner = PeerRunner(scriptsDirectory: "/nonexistent")
    #expect(StringZillaPeer(scriptsDirectory: "/nonexistent", file: "/nonexistent/a.txt") == nil)
    #expect(runner.ripgrep("a", in: "/nonexistent/file.txt") == nil)
    #expect(runner.cat("/nonexistent/file.txt") == nil)
  }

  @Test func readingTheFileIsTimedAsAWholeProcess() throws {
    let path = NSTemporaryDirectory() + "cat-\(UUID().uuidString).txt"
    try Data("one row\n".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let seconds = try #require(PeerRunner(scriptsDirectory: "/nonexistent").cat(path))
    #expect(seconds > 0)
  }

  @Test func theReportOpensWithTheStrategyToShip() {
    // Per class: folded is fastest; chunked conforms but is slower; pcre2 (stock) is
    // 2×, 3×, 4× folded; naive (the user's) is 10× and disagrees with the oracle.
    let times: [String: [Double]] = [
      "folded": [1, 1, 1], "chunked": [1.5, 1.5, 1.5], "pcre2": [2, 3, 4],
      "regex": [50, 50, 50], "naive": [10, 10, 10],
    ]
    var cells: [CompareReport.Cell] = []
    for (strategy, seconds) in times.sorted(by: { $0.key < $1.key }) {
      for (index, label) in ["frequent", "rare", "absent"].enumerated() {
        var cell = CompareReport.Cell(
          strategy: strategy, keyword: label, label: label, samples: [seconds[index]])
        cell.seconds = Summary([seconds[index]])
        cell.oracle = OracleCheck(
          rowsCompared: 10, rowsTotal: 10, expectedMatches: 1, foundMatches: 1,
          agrees: strategy != "naive")
        cells.append(cell)
      }
    }
    let dataset = CompareReport.Dataset(
      name: "mixed-1m", script: "mixed", rows: 1_000_000, textBytes: 100, cells: cells,
      peers: [], ceilingSeconds: nil)
    let small = CompareReport.Dataset(
      name: "mixed-1k", script: "mixed", rows: 1_000, textBytes: 1, cells: [], peers: [],
      ceilingSeconds: nil)
    let origins: [String: Strategy.Origin] = [
      "folded": .project, "chunked": .project, "pcre2": .stock, "regex": .stock, "naive": .user,
    ]
    let report = CompareReport(
      command: "test", machine: "test", rounds: 1, cellBudgetSeconds: 3,
      conformance: origins.map {
        .init(
          strategy: $0.key, passed: $0.value == .project ? 10 : 7, total: 10,
          failingFamilies: [], origin: $0.value)
      },
      datasets: [small, dataset], scaling: [], peerSemantics: [:])
    let markdown = report.markdown(allocatorSummary: nil)
    #expect(markdown.hasPrefix("# Transcript search: strategies compared\n\n## Which strategy"))
    #expect(
      markdown.contains("| mixed (1M rows) | **folded** | pcre2 (7/10) | 2.0× | 3.0× | 4.0× |"))
    #expect(markdown.contains("| mixed (1M rows) | naive | 7/10 | no | 10.0× | 10.0× | 10.0× |"))
  }

  /// The queries from which an index's build is repaid: build ÷ (scan − index), rounded up;
  /// never where the scan is as fast.
  @Test func theBreakEvenOfAnIndexIsItsBuildOverWhatEachQuerySaves() {
    #expect(CompareReport.breakEven(build: 10, index: 0.001, scan: 0.011) == "1000")
    #expect(CompareReport.breakEven(build: 1, index: 0.3, scan: 0.2) == "never")
    #expect(CompareReport.breakEven(build: 1, index: 0.2, scan: 0.2) == "never")
    #expect(CompareReport.breakEven(build: 0.001, index: 0.1, scan: 1) == "1")
    #expect(CompareReport.breakEven(build: 1, index: nil, scan: 1) == "–")

    func cell(_ strategy: String, _ label: String, _ seconds: Double) -> CompareReport.Cell {
      var cell = CompareReport.Cell(
        strategy: strategy, keyword: label, label: label, samples: [seconds])
      cell.seconds = Summary([seconds])
      return cell
    }
    let built = CompareReport.Dataset(
      name: "mixed-100k", script: "mixed", rows: 100_000, textBytes: 16_000_000,
      cells: [
        cell("folded", "frequent", 0.010), cell("fts5", "frequent", 0.050),
        cell("folded", "rare", 0.008), cell("fts5", "rare", 0.002),
        cell("folded", "absent", 0.007), cell("fts5", "absent", 0.000_2),
      ], peers: [], ceilingSeconds: nil, preparationSeconds: ["fts5": 1.6, "folded": 0.2])
    var notBuilt = CompareReport.Cell(strategy: "fts5", keyword: "k", label: "rare", samples: [])
    notBuilt.skipped = "preparation over budget: about 90 s to build"
    let skipped = CompareReport.Dataset(
      name: "mixed-1m", script: "mixed", rows: 1_000_000, textBytes: 160_000_000,
      cells: [notBuilt], peers: [], ceilingSeconds: nil)
    let report = CompareReport(
      command: "test", machine: "test", rounds: 1, cellBudgetSeconds: 3, conformance: [],
      datasets: [built, skipped], scaling: [], peerSemantics: [:])
    let markdown = report.markdown(allocatorSummary: nil)
    #expect(markdown.contains("## When an index pays for itself: fts5 against folded"))
    // 1.6 s ÷ 6 ms = 267 rare queries; 1.6 s ÷ 6.8 ms = 236 absent ones.
    #expect(
      markdown.contains("| mixed | 100k rows | 1.6 s (10.0 MB/s) | 200 ms | never | 267 | 236 |"))
    #expect(
      markdown.contains("Not built: mixed-1m (preparation over budget: about 90 s to build)."))
  }
}
