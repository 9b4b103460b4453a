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

  /// The fixed cost of a search per dataset and keyword: each strategy on the dataset's
  /// first row alone, beside its time on the whole dataset.
  func fixedCostSection() -> [String] {
    let measured = datasets.filter { !($0.fixedCosts ?? []).isEmpty }
    guard !measured.isEmpty else { return [] }
    let names = FixedCost.strategies.filter { name in
      measured.contains { $0.fixedCosts!.contains { $0.strategy == name } }
    }
    var lines = [
      "## The fixed cost of a search", "",
      "What a search costs whatever the corpus's size (folding the keyword, setting up the "
        + "scan, making the result): each strategy on a corpus of the dataset's first row "
        + "alone, \(FixedCost.rounds) interleaved rounds of batches, medians; after the slash, "
        + "its median on the whole dataset.", "",
      "| dataset | keyword | " + names.joined(separator: " | ") + " |",
      "|---|---|" + names.map { _ in "---:" }.joined(separator: "|") + "|",
    ]
    for dataset in measured {
      let costs = dataset.fixedCosts!
      let keywords = costs.map(\.keyword).reduce(into: [String]()) {
        if !$0.contains($1) { $0.append($1) }
      }
      for keyword in keywords {
        let label = costs.first { $0.keyword == keyword }!.label
        let columns = names.map { name -> String in
          guard let cost = costs.first(where: { $0.strategy == name && $0.keyword == keyword })
          else { return "–" }
          let whole =
            dataset.cells.first { $0.strategy == name && $0.keyword == keyword }?
            .seconds.map { " / \(Self.seconds($0.median))" } ?? ""
          return Self.seconds(cost.seconds.median) + whole
        }
        lines.append(
          "| \(dataset.name) | \(label) \(keyword.debugDescription) | "
            + columns.joined(separator: " | ") + " |")
      }
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
