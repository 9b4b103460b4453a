/// Finds the first commit whose gate count moved past a threshold, by binary search over
/// the commits between a good and a bad one, as `git bisect` does, but deciding each
/// commit from its instruction count rather than by hand.
///
/// Each step measures the commit halfway between the last good and the first bad one
/// known; a commit that does not build is skipped and its neighbour measured instead.
/// Counts already in the history (same fingerprint) are used without building, so with
/// both ends recorded, n commits take ⌈log₂ n⌉ builds.
public struct Bisection {
  /// What measuring one commit gave.
  public enum Measurement: Sendable {
    /// Instructions per benchmark, and the fingerprint of the machine that counted them.
    case counted([String: Int], fingerprint: String)
    case skipped(reason: String)
  }

  /// One commit looked at.
  public struct Probe: Sendable, Equatable {
    public enum Source: String, Sendable { case built, history }
    public var index: Int
    public var commit: String
    public var count: Int?
    public var source: Source
    public var skipped: String?
    /// Whether its count moved past the threshold; nil when skipped.
    public var bad: Bool?
  }

  /// The outcome.
  public struct Result: Sendable {
    public var benchmark: String
    public var good: Int
    public var bad: Int
    public var thresholdPercent: Double
    /// The first commit past the threshold, when the skips left one candidate.
    public var firstBad: String?
    /// The commits it could be, oldest first, when skipped commits leave several.
    public var candidates: [String]
    public var probes: [Probe]
    /// Commits built and counted (history reads are not builds).
    public var builds: Int
  }

  /// The good commit, then every commit after it up to the bad one, oldest first.
  public var commits: [String]
  public var thresholdPercent = 1.0
  /// The benchmark to follow; nil for the one that differs most between the two ends.
  public var benchmark: String?
  /// Counts already known per commit, with the fingerprint they were counted on.
  public var history: [String: (counts: [String: Int], fingerprint: String)] = [:]

  public init(commits: [String]) { self.commits = commits }

  /// Runs the search, measuring with `measure`.
  ///
  /// - Throws: ``BisectError`` when an end cannot be measured, the two ends do not differ
  ///   past the threshold, or the benchmark is not in both; what `measure` throws.
  public func run(
    measure: (String) throws -> Measurement, progress: (String) -> Void = { _ in }
  ) throws -> Result {
    guard commits.count >= 2 else {
      throw BisectError("the range holds no commit after the good one: nothing to bisect")
    }
    var probes: [Int: Probe] = [:]
    var counts: [Int: [String: Int]] = [:]
    var fingerprint: String?
    var builds = 0

    // A history count is trusted once a build has shown it is from this machine kind.
    func fromHistory(_ index: Int) -> [String: Int]? {
      guard let known = history[commits[index]], let fingerprint, known.fingerprint == fingerprint
      else { return nil }
      return known.counts
    }
    func build(_ index: Int) throws -> [String: Int]? {
      builds += 1
      switch try measure(commits[index]) {
      case .counted(let found, let machine):
        fingerprint = fingerprint ?? machine
        return found
      case .skipped(let reason):
        probes[index] = Probe(index: index, commit: commits[index], source: .built, skipped: reason)
        return nil
      }
    }
    func counted(_ index: Int) throws -> [String: Int]? {
      if let known = counts[index] { return known }
      if let known = fromHistory(index) {
        counts[index] = known
        probes[index] = Probe(index: index, commit: commits[index], source: .history)
        return known
      }
      guard let found = try build(index) else { return nil }
      counts[index] = found
      probes[index] = Probe(index: index, commit: commits[index], source: .built)
      return found
    }

    let last = commits.count - 1
    // Until a build has been made the machine's fingerprint is unknown: with both ends in
    // the history, the middle commit is built first and tells it.
    let bothRecorded = history[commits[0]] != nil && history[commits[last]] != nil
    var early: Int?
    if bothRecorded, last >= 2 {
      early = last / 2
      _ = try counted(last / 2)
    }
    guard let badCounts = try counted(last) else {
      throw BisectError(
        "the bad commit \(commits[last].prefix(12)) could not be measured: \(probes[last]?.skipped ?? "")"
      )
    }
    guard let goodCounts = try counted(0) else {
      throw BisectError(
        "the good commit \(commits[0].prefix(12)) could not be measured: \(probes[0]?.skipped ?? "")"
      )
    }
    let name = try benchmark ?? Self.mostChanged(good: goodCounts, bad: badCounts)
    guard let good = goodCounts[name], let bad = badCounts[name] else {
      throw BisectError(
        "\(name) is not counted at both ends (good has \(goodCounts.keys.sorted()), bad has \(badCounts.keys.sorted()))"
      )
    }
    let change = Double(bad - good) / Double(good) * 100
    guard abs(change) >= thresholdPercent else {
      throw BisectError(
        "the ends do not differ: \(name) counts \(good) at \(commits[0].prefix(12)) and \(bad) at "
          + "\(commits[last].prefix(12)) (\(String(format: "%+.2f", change))%, within the \(thresholdPercent)% threshold); "
          + "nothing to bisect")
    }
    let direction: Double = change > 0 ? 1 : -1
    func isBad(_ counts: [String: Int]) -> Bool? {
      guard let value = counts[name] else { return nil }
      return Double(value - good) / Double(good) * 100 * direction >= thresholdPercent
    }
    probes[0]?.bad = false
    probes[last]?.bad = true
    if let early, let found = counts[early] { probes[early]?.bad = isBad(found) }

    var low = 0
    var high = last
    var skipped = Set<Int>()
    // Settle what is known already (the early middle probe, history in the range).
    func narrow() {
      for (index, known) in counts.sorted(by: { $0.key < $1.key }) where index > low && index < high
      {
        guard let verdict = isBad(known) else { continue }
        probes[index]?.bad = verdict
        if verdict { high = min(high, index) }
      }
      for (index, known) in counts.sorted(by: { $0.key > $1.key }) where index > low && index < high
      {
        if isBad(known) == false { low = max(low, index) }
      }
    }
    narrow()
    while true {
      let open = (low + 1..<high).filter { !skipped.contains($0) }
      guard !open.isEmpty else { break }
      let middle = (low + high) / 2
      let next = open.min { abs($0 - middle) < abs($1 - middle) }!
      progress("\(open.count) commits left; measuring \(commits[next].prefix(12))")
      guard let found = try counted(next) else {
        skipped.insert(next)
        continue
      }
      guard let verdict = isBad(found) else {
        probes[next]?.skipped = "its workload has no \(name)"
        probes[next]?.bad = nil
        skipped.insert(next)
        continue
      }
      probes[next]?.bad = verdict
      if verdict { high = next } else { low = next }
    }
    let candidates = Array(commits[(low + 1)...high])
    return Result(
      benchmark: name, good: good, bad: bad, thresholdPercent: thresholdPercent,
      firstBad: candidates.count == 1 ? candidates[0] : nil, candidates: candidates,
      probes: probes.values.sorted { $0.index < $1.index }.map { probe in
        var probe = probe
        probe.count = counts[probe.index]?[name]
        return probe
      }, builds: builds)
  }

  /// The gated benchmark whose count differs most, relatively, between the two ends.
  static func mostChanged(good: [String: Int], bad: [String: Int]) throws -> String {
    let shared = Set(good.keys).intersection(bad.keys).subtracting(InstructionProfile.ungatedPhases)
    guard
      let name = shared.max(by: { first, second in
        let a = abs(Double(bad[first]! - good[first]!) / Double(good[first]!))
        let b = abs(Double(bad[second]! - good[second]!) / Double(good[second]!))
        return (a, second) < (b, first)
      })
    else {
      throw BisectError(
        "the two ends share no gated benchmark (good has \(good.keys.sorted()), bad has \(bad.keys.sorted()))"
      )
    }
    return name
  }
}

/// A bisection that cannot run, with why.
public struct BisectError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
