import Foundation
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
/// the estimate; `full` runs everything.
public struct Comparison: Sendable {
  public var strategies: [MatcherKind] = [.folded, .chunked, .regex, .nsregex, .foundation]
  public var rounds = 5
  public var cellBudget = 3.0
  public var full = false
  public var oracleSampleRows = 1_000
  public var peers: PeerRunner?

  public init() {}

  /// Seconds per byte per strategy and script, from the last dataset measured: the
  /// estimate that decides what is over budget.
  private var speeds: [String: Double] = [:]

  /// Measures one dataset.
  public mutating func measure(
    _ dataset: ComparisonDataset, progress: (String) -> Void = { _ in }
  ) async throws -> CompareReport.Dataset {
    let corpus = dataset.corpus
    let bytes = Double(max(corpus.utf8TextCount, 1))
    var prepared: [MatcherKind: any Matcher] = [:]
    for kind in strategies { prepared[kind] = kind.prepare(corpus) }

    // Correctness first: each strategy against the oracle on the first rows.
    let sample = Corpus(corpus.prefix(oracleSampleRows))
    let oracle = OracleMatcher(corpus: sample)
    var agrees: [String: Bool] = [:]
    for (keyword, _) in dataset.keywords {
      let expected = try await oracle.matches(of: keyword)
      for kind in strategies {
        agrees["\(kind.rawValue)|\(keyword)"] =
          try await kind.prepare(sample).matches(of: keyword) == expected
      }
    }

    var cells: [String: CompareReport.Cell] = [:]
    var allowed: [String: Int] = [:]
    for (keyword, label) in dataset.keywords {
      for kind in strategies {
        let key = "\(kind.rawValue)|\(keyword)"
        var cell = CompareReport.Cell(
          strategy: kind.rawValue, keyword: keyword, label: label, samples: [],
          agreesWithOracle: agrees[key])
        let speedKey = "\(kind.rawValue)|\(dataset.script?.rawValue ?? dataset.name)"
        let estimate = speeds[speedKey].map { $0 * bytes }
        if !full, let estimate, estimate > cellBudget {
          cell.skipped = "over budget: about \(Self.format(estimate)) a query"
          allowed[key] = 0
        } else {
          // One untimed run: the count, and the rounds that fit the budget.
          let clock = ContinuousClock()
          var count = 0
          let elapsed = try await clock.measure {
            count = try await prepared[kind]!.matches(of: keyword).count
          }.seconds
          cell.matches = count
          allowed[key] = full ? rounds : max(1, min(rounds, Int(cellBudget / max(elapsed, 1e-9))))
          speeds[speedKey] = max(speeds[speedKey] ?? 0, elapsed / bytes)
        }
        cells[key] = cell
      }
    }
    for round in 0..<rounds {
      progress("\(dataset.name): round \(round + 1) of \(rounds)")
      for (keyword, _) in dataset.keywords {
        // The order rotates each round, so no strategy always runs first.
        for index in strategies.indices {
          let kind = strategies[(index + round) % strategies.count]
          let key = "\(kind.rawValue)|\(keyword)"
          guard round < allowed[key]! else { continue }
          try Task.checkCancellation()
          let matcher = prepared[kind]!
          let elapsed = try await ContinuousClock().measure {
            _ = try await matcher.matches(of: keyword)
          }
          cells[key]!.samples.append(elapsed.seconds)
        }
      }
    }
    var ordered = dataset.keywords.flatMap { keyword, _ in
      strategies.map { cells["\($0.rawValue)|\(keyword)"]! }
    }
    for index in ordered.indices where !ordered[index].samples.isEmpty {
      ordered[index].seconds = Summary(ordered[index].samples)
    }
    Self.rankAgainstBest(&ordered)

    progress("\(dataset.name): peers and ceiling")
    let peerResults = runPeers(dataset)
    let ceiling = Self.ceiling(of: (prepared[.folded] as? FoldedMatcher)?.folded, rounds: rounds)
    return CompareReport.Dataset(
      name: dataset.name, script: dataset.script?.rawValue, rows: corpus.count,
      textBytes: corpus.utf8TextCount, cells: ordered, peers: peerResults, ceilingSeconds: ceiling)
  }

  /// For each keyword: each measured cell's time ÷ the fastest conforming one's.
  static func rankAgainstBest(_ cells: inout [CompareReport.Cell]) {
    let keywords = Set(cells.map(\.keyword))
    for keyword in keywords {
      let conforming = cells.filter {
        $0.keyword == keyword && !$0.samples.isEmpty
          && (MatcherKind(rawValue: $0.strategy)?.followsContract ?? false)
      }
      guard let best = conforming.min(by: { $0.seconds!.median < $1.seconds!.median }) else {
        continue
      }
      for index in cells.indices
      where cells[index].keyword == keyword && !cells[index].samples.isEmpty {
        cells[index].ratioToBest = RatioEstimate.bootstrap(cells[index].samples, over: best.samples)
      }
    }
  }

  private func runPeers(_ dataset: ComparisonDataset) -> [PeerResult] {
    guard let peers, let path = dataset.plainTextPath else { return [] }
    var results: [PeerResult] = []
    for peer in Peer.allCases {
      if let missing = peers.availability(of: peer) {
        results += dataset.keywords.map {
          PeerResult(peer: peer.rawValue, keyword: $0.keyword, label: $0.label, note: missing)
        }
        continue
      }
      switch peer {
      case .ripgrep:
        for (keyword, label) in dataset.keywords {
          var samples: [Double] = []
          var count: Int?
          for _ in 0..<rounds {
            guard let run = peers.ripgrep(keyword, in: path) else { break }
            samples.append(run.seconds)
            count = run.count
          }
          results.append(
            PeerResult(
              peer: peer.rawValue, keyword: keyword, label: label, count: count,
              seconds: samples.isEmpty ? nil : Summary(samples),
              note: samples.isEmpty ? "failed to run" : "whole process, start-up included"))
        }
      case .stringzilla:
        let measured = peers.stringzilla(dataset.keywords.map(\.keyword), in: path, rounds: rounds)
        for (keyword, label) in dataset.keywords {
          let run = measured[keyword]
          results.append(
            PeerResult(
              peer: peer.rawValue, keyword: keyword, label: label, count: run?.count,
              seconds: run.map { Summary($0.seconds) },
              note: run == nil ? "failed to run or printed garbage" : "timed inside Python"))
        }
      }
    }
    return results
  }

  /// memchr for a byte that never occurs in UTF-8 (0xFE) over every folded buffer: how
  /// fast memory can be read, the ceiling no search beats.
  static func ceiling(of folded: FoldedCorpus?, rounds: Int) -> Summary? {
    guard let folded else { return nil }
    var samples: [Double] = []
    for _ in 0..<rounds {
      var found = 0
      let elapsed = ContinuousClock().measure {
        folded.forEachSegmentBuffer { buffer in
          if let base = buffer.baseAddress, memchr(base, 0xFE, buffer.count) != nil { found += 1 }
        }
      }
      precondition(found == 0, "0xFE never occurs in UTF-8")
      samples.append(elapsed.seconds)
    }
    return Summary(samples)
  }

  static func format(_ seconds: Double) -> String {
    seconds >= 1 ? "\(Double(Int(seconds * 10)) / 10) s" : "\(Int(seconds * 1000)) ms"
  }
}
