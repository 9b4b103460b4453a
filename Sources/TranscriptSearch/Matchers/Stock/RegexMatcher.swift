/// Swift Regex, as the well-known SwiftUI sample searches:
/// `Regex<AnyRegexOutput>(verbatim: keyword).ignoresCase()` and `ranges(of:)` on each
/// row.
///
/// Not conforming: it compares characters by their lowercase mapping, so it misses
/// full-folding expansions (`ß`/`SS`) and `ς`/`σ`.
public struct RegexMatcher: Matcher {
  public static let name = "regex"
  private let rows: [String]

  public init(corpus: Corpus) {
    rows = corpus.map(\.text)
  }

  public func nonEmptyMatches(of keyword: String) async throws -> [Match] {
    let regex = Regex<AnyRegexOutput>(verbatim: keyword).ignoresCase()
    var matches: [Match] = []
    for (row, text) in rows.enumerated() {
      for range in text.ranges(of: regex) where !range.isEmpty {
        matches.append(Match(row: row, range: range, in: text))
      }
    }
    return matches
  }
}
