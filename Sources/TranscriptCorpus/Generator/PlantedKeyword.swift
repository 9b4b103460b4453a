/// A keyword the generator places in a known set of rows.
public struct PlantedKeyword: Hashable, Codable, Sendable {
  /// The keyword a search is run with.
  public var keyword: String
  public var frequencyClass: KeywordClass
  /// The spellings placed in rows; each one matches `keyword` under the match contract
  /// (for example `Straße` and `STRASSE` for `straße`).
  public var forms: [String]

  public init(keyword: String, frequencyClass: KeywordClass, forms: [String]) {
    self.keyword = keyword
    self.frequencyClass = frequencyClass
    self.forms = forms
  }
}

/// A planted keyword together with how often a generated corpus holds it.
public struct PlantedKeywordCount: Hashable, Codable, Sendable {
  public var keyword: String
  public var frequencyClass: KeywordClass
  /// The number of rows that hold the keyword. The generator plants a keyword at most
  /// once per row, so this is also the number of matches.
  public var rows: Int

  enum CodingKeys: String, CodingKey {
    case keyword
    case frequencyClass = "class"
    case rows
  }

  public init(keyword: String, frequencyClass: KeywordClass, rows: Int) {
    self.keyword = keyword
    self.frequencyClass = frequencyClass
    self.rows = rows
  }
}
