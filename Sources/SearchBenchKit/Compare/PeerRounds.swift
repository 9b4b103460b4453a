/// The peers of one dataset, searched among the strategies' rounds: each round, every
/// peer that runs here searches every keyword once, in turn with the strategies, and the
/// file is read once by `cat`. A peer timed after all the rounds would be timed at another
/// pace of a shared machine than the strategies it is compared with.
final class PeerRounds {
  private let runner: PeerRunner
  private let file: String
  /// Why a peer does not run here.
  private var missing: [Peer: String] = [:]
  private var stringzilla: StringZillaPeer?
  private var samples: [String: [Double]] = [:]
  private var counts: [String: Int] = [:]
  private var failed: Set<String> = []
  /// The seconds of each `cat` of the file.
  private(set) var reads: [Double] = []
  /// How StringZilla's searches are timed (ripgrep is timed as a whole process, once).
  private let timing: SearchTiming
  /// StringZilla's batch size per keyword, from its calibration searches.
  private var batches: [String: Int] = [:]

  /// The peers that run here, in the order of ``Peer/allCases``.
  var running: [Peer] { Peer.allCases.filter { missing[$0] == nil } }

  init(runner: PeerRunner, file: String, timing: SearchTiming = SearchTiming()) {
    self.runner = runner
    self.timing = timing
    self.file = file
    for peer in Peer.allCases {
      missing[peer] = runner.availability(of: peer)
    }
    if missing[.stringzilla] == nil {
      stringzilla = StringZillaPeer(scriptsDirectory: runner.scriptsDirectory, file: file)
    }
  }

  /// The key of `peer`'s samples of `keyword`.
  private static func key(_ peer: Peer, _ keyword: String) -> String {
    "\(peer.rawValue)|\(keyword)"
  }

  /// One timed search of `keyword` by `peer`; a peer that failed once is not asked again.
  func search(_ peer: Peer, _ keyword: String) {
    let key = Self.key(peer, keyword)
    guard !failed.contains(key) else { return }
    let run =
      switch peer {
      case .ripgrep: runner.ripgrep(keyword, in: file)
      case .stringzilla: stringzillaSample(keyword, key: key)
      }
    guard let run else {
      failed.insert(key)
      return
    }
    samples[key, default: []].append(run.seconds)
    counts[key] = run.count
  }

  /// One sample of StringZilla's search, in the batch its first (calibration) search set.
  private func stringzillaSample(_ keyword: String, key: String) -> (count: Int, seconds: Double)? {
    guard let stringzilla else { return nil }
    if batches[key] == nil {
      // The first search pays for first touches: the faster of two chooses the batch.
      guard let first = stringzilla.search(keyword), let second = stringzilla.search(keyword)
      else { return nil }
      batches[key] = timing.batchSize(forSearchTaking: min(first.seconds, second.seconds))
    }
    if timing.cache == .cold { CacheEviction.shared.evict() }
    return stringzilla.search(keyword, batch: batches[key]!, warmUp: timing.warmsUp)
  }

  /// Every sample `peer` took of `keyword` so far; empty when it failed or does not run.
  func taken(by peer: Peer, for keyword: String) -> [Double] {
    let key = Self.key(peer, keyword)
    return failed.contains(key) ? [] : samples[key] ?? []
  }

  /// Times `cat` reading the file, once.
  func readOnce() {
    if let seconds = runner.cat(file) { reads.append(seconds) }
  }

  /// Each peer's result for each keyword, with a note on how it was timed or why it is
  /// missing. Ends the StringZilla process.
  func results(for keywords: [(keyword: String, label: String)]) -> [PeerResult] {
    let perMatch = stringzilla?.perMatchSeconds().map {
      "; \(Int(($0 * 1e9).rounded())) ns a match of Python objects, "
        + "measured on back-to-back matches"
    }
    stringzilla?.close()
    var results: [PeerResult] = []
    for peer in Peer.allCases {
      for (keyword, label) in keywords {
        let key = Self.key(peer, keyword)
        var result = PeerResult(peer: peer.rawValue, keyword: keyword, label: label, note: "")
        if let reason = missing[peer] {
          result.note = reason
        } else if let taken = samples[key], !failed.contains(key) {
          result.count = counts[key]
          result.samples = taken
          result.seconds = Summary(taken)
          result.batch = peer == .stringzilla ? batches[key] : 1
          result.note =
            switch peer {
            case .ripgrep: "whole process, start-up included"
            case .stringzilla:
              "timed inside Python, counted with len(list(...))\(perMatch ?? "")"
            }
        } else {
          result.note =
            peer == .stringzilla ? "failed to run or printed garbage" : "failed to run"
        }
        results.append(result)
      }
    }
    return results
  }
}
