import Foundation

extension CompareReport {
  /// The answer to "which strategy should I ship", per script at its largest size: the
  /// fastest conforming strategy, the fastest stock engine with its conformance, and the
  /// gap between them per keyword class; then the user's own strategies, if any.
  func shipSection() -> [String] {
    let largest = Dictionary(grouping: datasets) { $0.script ?? $0.name }
      .compactMap { $0.value.max { $0.rows < $1.rows } }
      .sorted { ($0.script ?? $0.name) < ($1.script ?? $1.name) }
    guard !largest.isEmpty else { return [] }
    let byName = Dictionary(conformance.map { ($0.strategy, $0) }) { first, _ in first }
    var lines = [
      "## Which strategy should I ship", "",
      "Per script at its largest size: the fastest strategy that passes every conformance case "
        + "and agrees with the oracle on every keyword (by the geometric mean of its median times "
        + "over the keywords), the fastest stock engine measured on every keyword, and how many "
        + "times slower that engine is per keyword class; the precision column says how many "
        + "of that dataset's ratios of folded to pcre2, StringZilla and chunked have a 95% "
        + "interval within the precision asked (see How precise the verdicts are). Details in "
        + "the tables below.", "",
      "| script (rows) | ship | fastest stock engine (cases passed) | × frequent | × rare | × absent | precision |",
      "|---|---|---|---:|---:|---:|---|",
    ]
    var userLines: [String] = []
    for dataset in largest {
      let cells = Dictionary(grouping: dataset.cells, by: \.strategy)
      // Strategies measured on every keyword, with the geometric mean of their medians.
      let scored = dataset.strategies.compactMap { name -> (name: String, score: Double)? in
        let own = cells[name] ?? []
        guard !own.isEmpty, own.allSatisfy({ $0.seconds != nil }) else { return nil }
        return (name, Self.geometricMean(own.map { $0.seconds!.median }))
      }
      func conforms(_ name: String) -> Bool {
        guard let entry = byName[name], entry.passed == entry.total
        else { return false }
        return (cells[name] ?? []).allSatisfy { $0.oracle?.agrees == true }
      }
      func median(_ name: String, _ label: String) -> Double? {
        cells[name]?.first { $0.label == label }?.seconds?.median
      }
      func gaps(_ name: String, over ship: String) -> [String] {
        Self.classes.map { label in
          guard let mine = median(name, label), let best = median(ship, label) else { return "–" }
          return Self.format(mine / best) + "×"
        }
      }
      let place = "\(dataset.script ?? dataset.name) (\(Self.rows(dataset.rows)))"
      guard let ship = scored.filter({ conforms($0.name) }).min(by: { $0.score < $1.score })
      else {
        lines.append(
          "| \(place) | no conforming strategy measured | | | | | \(precisionSummary(of: dataset)) |"
        )
        continue
      }
      let stock = scored.filter { byName[$0.name]?.origin == .stock }.min { $0.score < $1.score }
      if let stock, let entry = byName[stock.name] {
        lines.append(
          "| \(place) | **\(ship.name)** | \(stock.name) (\(entry.passed)/\(entry.total)) | "
            + gaps(stock.name, over: ship.name).joined(separator: " | ")
            + " | \(precisionSummary(of: dataset)) |")
      } else {
        lines.append(
          "| \(place) | **\(ship.name)** | none measured on every keyword (over budget) | | | | "
            + "\(precisionSummary(of: dataset)) |")
      }
      for user in scored where byName[user.name]?.origin == .user {
        let entry = byName[user.name]!
        let agrees = (cells[user.name] ?? []).allSatisfy { $0.oracle?.agrees == true }
        userLines.append(
          "| \(place) | \(user.name) | \(entry.passed)/\(entry.total) | \(agrees ? "yes" : "no") | "
            + gaps(user.name, over: ship.name).joined(separator: " | ") + " |")
      }
    }
    if !userLines.isEmpty {
      lines +=
        [
          "", "Your strategies, against the strategy to ship:", "",
          "| script (rows) | strategy | cases passed | agrees with the oracle | × frequent | × rare | × absent |",
          "|---|---|---:|---|---:|---:|---:|",
        ] + userLines
    }
    return lines + [""]
  }

  /// 1000000 → "1M rows", 10000 → "10k rows".
  static func rows(_ count: Int) -> String {
    if count >= 1_000_000, count % 1_000_000 == 0 { return "\(count / 1_000_000)M rows" }
    if count >= 1_000, count % 1_000 == 0 { return "\(count / 1_000)k rows" }
    return "\(count) rows"
  }
}
