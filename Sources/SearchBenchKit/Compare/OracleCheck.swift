import TranscriptSearch

/// How one strategy's matches for one keyword compare with the contract's (the oracle's),
/// and over how much of the dataset.
public struct OracleCheck: Codable, Sendable, Equatable {
  /// The rows compared (the first `rowsCompared` of the dataset), of `rowsTotal`.
  public var rowsCompared: Int
  public var rowsTotal: Int
  /// The oracle's matches in the rows compared, and the strategy's.
  public var expectedMatches: Int
  public var foundMatches: Int
  /// Whether every match (row, start, end) is the oracle's.
  public var agrees: Bool

  public init(
    rowsCompared: Int, rowsTotal: Int, expectedMatches: Int, foundMatches: Int, agrees: Bool
  ) {
    self.rowsCompared = rowsCompared
    self.rowsTotal = rowsTotal
    self.expectedMatches = expectedMatches
    self.foundMatches = foundMatches
    self.agrees = agrees
  }

  /// Compares `found` with `expected`, the oracle's matches in the first `rowsCompared`
  /// rows; matches of `found` past those rows are not judged.
  public init(found: [Match], expected: [Match], rowsCompared: Int, rowsTotal: Int) {
    let judged = rowsCompared >= rowsTotal ? found[...] : found.prefix { $0.row < rowsCompared }
    self.init(
      rowsCompared: rowsCompared, rowsTotal: rowsTotal, expectedMatches: expected.count,
      foundMatches: judged.count, agrees: judged.elementsEqual(expected))
  }

  /// Whether every row was compared.
  public var isComplete: Bool { rowsCompared >= rowsTotal }

  /// The report's words: "yes" only for a check of every row that agreed.
  public var summary: String {
    let scope = isComplete ? "" : " in the first \(rowsCompared) of \(rowsTotal) rows"
    if agrees {
      return isComplete ? "yes" : "agrees on \(rowsCompared) of \(rowsTotal) rows"
    }
    let difference = foundMatches - expectedMatches
    if difference == 0 {
      return "**no**: \(foundMatches) matches as the contract, at other places\(scope)"
    }
    let signed = difference > 0 ? "+\(difference)" : "\(difference)"
    return "**no**: \(foundMatches) matches, the contract \(expectedMatches) (\(signed))\(scope)"
  }
}
