import Foundation

extension CompareReport {
  /// How sure each pair's verdict is: per dataset and keyword, folded ÷ pcre2, StringZilla
  /// and chunked with their 95% intervals, marked precise or not and why; then where folded
  /// is slower than pcre2 or StringZilla beyond the noise.
  func precisionSection() -> [String] {
    let measured = datasets.filter { !($0.pairs ?? []).isEmpty }
    guard !measured.isEmpty, let precision else { return [] }
    let percent = "±\(Int((precision * 100).rounded()))%"
    let denominators = measured.flatMap { $0.pairs! }.map(\.denominator)
      .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    let all = measured.flatMap { $0.pairs! }
    let precise = all.count(where: \.precise)
    var lines = [
      "## How precise the verdicts are", "",
      "Time of folded ÷ time of each other entrant, the median of the ratios of searches made "
        + "in the same round, with a 95% bootstrap interval over rounds (below 1: folded is "
        + "faster). ✓: the interval is within \(percent) of the estimate. Rounds went on after "
        + "the set \(rounds), for the entrants of the ratios not yet within \(percent), up to "
        + "\(Self.seconds(precisionBudgetSeconds ?? 0)) a dataset. "
        + "\(precise) of \(all.count) ratios are within \(percent).", "",
      "| dataset | keyword | rounds | "
        + denominators.map { "folded ÷ \($0)" }.joined(separator: " | ") + " |",
      "|---|---|---:|" + denominators.map { _ in "---:" }.joined(separator: "|") + "|",
    ]
    var reasons: [String] = []
    var slower: [String] = []
    for dataset in measured {
      let pairs = dataset.pairs!
      let keywords = pairs.map(\.keyword).reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
      }
      for keyword in keywords {
        let own = pairs.filter { $0.keyword == keyword }
        let label = own.first!.label
        let matches = dataset.cells.first { $0.strategy == "folded" && $0.keyword == keyword }?
          .matches
        let noMatches = matches == 0 && label != "absent" ? " (no matches at this size)" : ""
        let columns = denominators.map { name -> String in
          guard let pair = own.first(where: { $0.denominator == name }) else { return "–" }
          let estimate = pair.estimate
          let interval =
            estimate.hasInterval
            ? "\(Self.format(estimate.ratio)) [\(Self.format(estimate.low))–\(Self.format(estimate.high))]"
            : Self.format(estimate.ratio)
          return interval + (pair.precise ? " ✓" : " imprecise")
        }
        let rounds = own.map(\.rounds).max() ?? 0
        lines.append(
          "| \(dataset.name) | \(label) \(keyword.debugDescription)\(noMatches) | \(rounds) | "
            + columns.joined(separator: " | ") + " |")
        for pair in own where !pair.precise {
          let why = pair.note ?? dataset.precisionStop ?? "the rounds stopped"
          reasons.append(
            "- \(dataset.name), \(label), folded ÷ \(pair.denominator): \(why).")
        }
        for pair in own
        where pair.denominator != "chunked" && pair.estimate.hasInterval && pair.estimate.low > 1 {
          slower.append(
            "- \(dataset.name), \(label) \(keyword.debugDescription): folded takes "
              + "\(Self.format(pair.estimate.ratio))× \(pair.denominator)'s time"
              + (pair.precise ? "." : " (imprecise)."))
        }
      }
    }
    if !reasons.isEmpty {
      lines += ["", "Imprecise, and why:", ""] + reasons
    }
    lines += [""]
    if slower.isEmpty {
      lines.append(
        "Folded is slower than pcre2 or StringZilla beyond the noise (the whole interval above "
          + "1) on no keyword of any dataset.")
    } else {
      lines +=
        [
          "Where folded is slower than pcre2 or StringZilla beyond the noise (the whole interval "
            + "above 1):", "",
        ] + slower
    }
    return lines + [""]
  }

  /// "3/3 ±10%": how many of a dataset's pairs are precise, for the ship table.
  func precisionSummary(of dataset: Dataset) -> String {
    guard let pairs = dataset.pairs, !pairs.isEmpty, let precision else { return "–" }
    return
      "\(pairs.count(where: \.precise))/\(pairs.count) within ±\(Int((precision * 100).rounded()))%"
  }
}
