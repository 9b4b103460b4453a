extension CompareReport {
  /// The index the break-even section weighs against the scan, and the scan.
  static let indexStrategy = "fts5"
  static let scanStrategy = "folded"

  /// "When an index pays for itself": per dataset where the index was built and both it
  /// and the scan were timed, the build, and per keyword class from how many queries the
  /// build is repaid: build + n × index query ≤ n × scan query. Empty when no dataset has
  /// both.
  func breakEvenSection() -> [String] {
    var rows: [String] = []
    var skipped: [String] = []
    for dataset in datasets {
      let index = dataset.cells.filter { $0.strategy == Self.indexStrategy }
      guard !index.isEmpty else { continue }
      guard let build = dataset.preparationSeconds?[Self.indexStrategy] else {
        let reason = index.first?.skipped ?? "not built"
        skipped.append("\(dataset.name) (\(reason))")
        continue
      }
      let scan = dataset.cells.filter { $0.strategy == Self.scanStrategy }
      let megabytes = Double(dataset.textBytes) / 1e6
      var columns: [String] = []
      for label in Self.classes {
        columns.append(
          Self.breakEven(
            build: build,
            index: Self.classMedian(index, label), scan: Self.classMedian(scan, label)))
      }
      let fold = dataset.preparationSeconds?[Self.scanStrategy].map(Self.seconds) ?? "–"
      rows.append(
        "| \(dataset.script ?? dataset.name) | \(Self.rows(dataset.rows)) | "
          + "\(Self.seconds(build)) (\(Self.format(megabytes / build)) MB/s) | \(fold) | "
          + columns.joined(separator: " | ") + " |")
    }
    guard !rows.isEmpty || !skipped.isEmpty else { return [] }
    var lines = [
      "", "## When an index pays for itself: fts5 against folded", "",
      "SQLite's FTS5 with the trigram tokenizer finds rows from an index built once; `folded` "
        + "scans the folded text at every query. Per dataset: the index's build (its "
        + "preparation, timed once, and the text it indexed per second), `folded`'s own "
        + "preparation (folding the corpus) for comparison, and per keyword class the number "
        + "of queries n from which build + n × fts5 query ≤ n × folded query (medians over the "
        + "class's keywords; \"never\" where the scan is as fast or faster). Keywords of one or "
        + "two characters cannot use the trigram index and are found by `LIKE` over every row. "
        + "fts5 does not follow the match contract (see Conformance): what it finds differs "
        + "where case folding, canonical equivalence or character boundaries matter. "
        + "Edit, append, size and first-query costs: `results/index.md`.",
      "",
      "| script | rows | fts5 build | folded's fold | n, frequent | n, rare | n, absent |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    lines += rows
    if !skipped.isEmpty {
      lines += ["", "Not built: " + skipped.joined(separator: "; ") + "."]
    }
    return lines
  }

  /// The median of a strategy's medians over a class's keywords, or nil if none was timed.
  static func classMedian(_ cells: [Cell], _ label: String) -> Double? {
    let medians = cells.filter { $0.label == label }.compactMap { $0.seconds?.median }
    return medians.isEmpty ? nil : Summary(medians).median
  }

  /// The queries from which an index built in `build` seconds and answering in `index`
  /// seconds beats a scan answering in `scan`: "never" when the scan is as fast.
  static func breakEven(build: Double, index: Double?, scan: Double?) -> String {
    guard let index, let scan else { return "–" }
    guard scan > index else { return "never" }
    // A hair under, so that an exact quotient is not rounded up by its last bit.
    let queries = (build / (scan - index) * (1 - 1e-12)).rounded(.up)
    return queries >= 1e9 ? "never" : String(Int(max(1, queries)))
  }
}
