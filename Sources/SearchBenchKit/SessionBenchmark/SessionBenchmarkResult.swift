/// What a ``SessionBenchmark`` measured.
public struct SessionBenchmarkResult: Codable, Sendable {
  public struct Size: Codable, Sendable {
    public var rows: Int
    public var denseMatches: Int
    /// The matches in the rows on screen: of the dense keyword, then of the other one.
    public var matchesOnScreen: [Int]?
    /// Heap bytes held by the match index and by the seed-style index of the dense
    /// keyword's matches.
    public var indexBytes: Int?
    public var seedBytes: Int?
    /// Seconds per operation, by operation name.
    public var seconds: [String: Summary]
  }

  public var script: String
  public var denseKeyword: String
  public var otherDenseKeyword: String?
  public var typedKeywords: [String]
  public var visibleRows: Int
  public var rounds: Int
  public var sizes: [Size]

  /// A performance target of the session issue, checked against a median.
  public struct Target: Codable, Sendable {
    public var name: String
    public var measured: Double
    public var limit: String
    public var met: Bool
  }

  public var targets: [Target] {
    guard let largest = sizes.last, let smallest = sizes.first else { return [] }
    var targets: [Target] = []
    func add(_ name: String, _ measured: Double?, _ limit: String, _ met: (Double) -> Bool) {
      guard let measured, measured.isFinite else { return }
      targets.append(Target(name: name, measured: measured, limit: limit, met: met(measured)))
    }
    let rows = "\(largest.rows) rows"
    let matches = Double(max(largest.denseMatches, 1))
    add(
      "index build, ns per match (\(rows))",
      largest.seconds["indexBuild"].map { $0.median * 1e9 / matches }, "≤ 5"
    ) { $0 <= 5 }
    add(
      "index memory, bytes per match (\(rows))", largest.indexBytes.map { Double($0) / matches },
      "≤ 12"
    ) { $0 <= 12 }
    for branch in ["Overlap", "Viewport"] {
      add(
        "keep current (\(branch.lowercased()) branch), µs (\(rows))",
        largest.seconds["keepCurrent\(branch)"].map { $0.median * 1e6 }, "≤ 5"
      ) { $0 <= 5 }
    }
    add(
      "highlight \(visibleRows) rows, µs (\(rows))",
      largest.seconds["highlight"].map { $0.median * 1e6 }, "≤ 100"
    ) { $0 <= 100 }
    add(
      "highlight \(visibleRows) rows on a new keyword, texts kept, µs (\(rows))",
      largest.seconds["highlightNewKeyword"].map { $0.median * 1e6 }, "≤ 100"
    ) { $0 <= 100 }
    add(
      "highlight the same \(visibleRows) rows again, texts kept, µs (\(rows))",
      largest.seconds["highlightAgain"].map { $0.median * 1e6 }, "≤ 100"
    ) { $0 <= 100 }
    if let large = largest.seconds["highlight"], let small = smallest.seconds["highlight"] {
      add(
        "highlight cost ratio \(largest.rows) ÷ \(smallest.rows) rows", large.median / small.median,
        "≤ 1.2"
      ) { $0 <= 1.2 }
    }
    add("edit one row, µs (\(rows))", largest.seconds["editRow"].map { $0.median * 1e6 }, "≤ 50") {
      $0 <= 50
    }
    add(
      "append one row, µs (\(rows))", largest.seconds["appendRow"].map { $0.median * 1e6 }, "≤ 50"
    ) { $0 <= 50 }
    for keyword in typedKeywords {
      if let narrowed = largest.seconds["typeNarrowed \(keyword)"],
        let full = largest.seconds["typeFull \(keyword)"]
      {
        // Never slower where the prefix is as common as the word; 5× faster where rarer.
        let least = SessionBenchmark.keywordsAsCommonAsTheirPrefix.contains(keyword) ? 1.0 : 5.0
        add(
          "typing the last character of \(keyword.debugDescription), speed-up over a full search (\(rows))",
          full.median / narrowed.median, "≥ \(Int(least))"
        ) { $0 >= least }
      }
    }
    return targets
  }
}
