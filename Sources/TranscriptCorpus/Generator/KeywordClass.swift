/// How often a planted keyword occurs in a generated corpus.
public enum KeywordClass: String, CaseIterable, Codable, Sendable, Comparable {
  /// In at least 10% of the rows.
  case frequent
  /// In about 0.1% of the rows.
  case rare
  /// In no row.
  case absent

  /// The probability that a row receives the keyword.
  var plantingRate: Double {
    switch self {
    case .frequent: 0.12
    case .rare: 0.001
    case .absent: 0
    }
  }

  public static func < (left: Self, right: Self) -> Bool {
    allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
  }
}
