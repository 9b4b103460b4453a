import RegexBuilder
import TranscriptSearch

/// Swift Regex, as the well-known SwiftUI sample searches:
/// `Regex<AnyRegexOutput>(verbatim: keyword).ignoresCase()` and `ranges(of:)` on each
/// row.
///
/// Not conforming: it compares characters by their lowercase mapping, so it misses
/// full-folding expansions (`ß`/`SS`) and `ς`/`σ`. Offers word matching (the keyword
/// between `Anchor.wordBoundary`s, Unicode's default word boundaries); it cannot ignore
/// diacritics.
public struct RegexMatcher: Matcher {
  public static let name = "regex"
  private let rows: [String]

  public init(corpus: Corpus) {
    rows = corpus.map(\.text)
  }

  public static func offers(_ options: SearchOptions) -> Bool { !options.ignoresDiacritics }

  public func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    let verbatim = Regex<AnyRegexOutput>(verbatim: keyword)
    let regex: Regex<AnyRegexOutput>
    switch options.wordMatch {
    case .contains: regex = verbatim.ignoresCase()
    case .start:
      regex = Regex(
        Regex {
          Anchor.wordBoundary
          verbatim
        }
      ).ignoresCase()
    case .end:
      regex = Regex(
        Regex {
          verbatim
          Anchor.wordBoundary
        }
      ).ignoresCase()
    case .whole:
      regex = Regex(
        Regex {
          Anchor.wordBoundary
          verbatim
          Anchor.wordBoundary
        }
      ).ignoresCase()
    }
    var matches: [Match] = []
    for (row, text) in rows.enumerated() {
      for range in text.ranges(of: regex) where !range.isEmpty {
        matches.append(Match(row: row, range: range, in: text))
      }
    }
    return matches
  }
}
