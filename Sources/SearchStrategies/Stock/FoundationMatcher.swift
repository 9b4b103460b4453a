import Foundation
import TranscriptSearch

/// Foundation's `range(of:options: .caseInsensitive)`, called in a loop on each row,
/// resuming after each match.
///
/// Not conforming: on Linux it misses case pairs outside the 16-bit range and can start
/// a match inside a character. Offers ignoring diacritics (`.diacriticInsensitive`); it
/// has no word matching.
public struct FoundationMatcher: Matcher {
  public static let name = "foundation"
  private let rows: [String]

  public init(corpus: Corpus) {
    rows = corpus.map(\.text)
  }

  public static func offers(_ options: SearchOptions) -> Bool {
    options.wordMatch == .contains
  }

  public func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    let compare: String.CompareOptions =
      options.ignoresDiacritics ? [.caseInsensitive, .diacriticInsensitive] : .caseInsensitive
    var matches: [Match] = []
    for (row, text) in rows.enumerated() {
      var from = text.startIndex
      while from < text.endIndex,
        let range = text.range(of: keyword, options: compare, range: from..<text.endIndex)
      {
        guard !range.isEmpty else {
          from = text.unicodeScalars.index(after: range.lowerBound)
          continue
        }
        matches.append(Match(row: row, range: range, in: text))
        from = range.upperBound
      }
    }
    return matches
  }
}
