import TranscriptSearch

/// SQLite's FTS5 with the trigram tokenizer: the rows in an in-memory database, an index
/// of every three characters, queried for each keyword as an FTS5 string (so nothing in it
/// is query syntax), and each match's place in its row read from the index's phrase
/// instances, as an app that highlights would read them.
///
/// Not conforming: the tokenizer folds case one code point at a time (`ß` never matches
/// `ss`), knows no canonical equivalence, and a match may start or end inside a character.
/// Keywords of one or two characters cannot use the index and go through SQLite's `LIKE`
/// over every row, which ignores the case of ASCII letters only. SQLite reads a row's text
/// up to its first NUL, so nothing after one is found. It offers no find
/// options: ignoring diacritics needs the tokenizer's `remove_diacritics`, which SQLite
/// added in 3.45.
public struct FTS5Matcher: Matcher {
  public static let name = "fts5"
  /// The index, or why it could not be built (reported by every search).
  private let index: Result<FTS5Index, FTS5Error>

  /// Builds the index: the strategy's preparation, timed apart from its searches.
  public init(corpus: Corpus) {
    do throws(FTS5Error) {
      index = .success(try FTS5Index(corpus))
    } catch {
      index = .failure(error)
    }
  }

  public func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    let places = try index.get().places(of: keyword)
    var matches: [Match] = []
    for (row, ranges) in places {
      // FTS5 lists every instance, overlapping ones too ("aaa" twice in "aaaa"): the
      // leftmost that do not overlap are the matches.
      var end = 0
      for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound })
      where range.lowerBound >= end {
        matches.append(Match(row: row, start: range.lowerBound, end: range.upperBound))
        end = range.upperBound
      }
    }
    return matches
  }
}
