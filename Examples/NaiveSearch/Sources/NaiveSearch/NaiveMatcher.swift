import Foundation
import TranscriptSearch

/// The search many apps ship: lower-case the row and the keyword, then `range(of:)` in a
/// loop, and highlight the offsets found in the lower-cased row.
///
/// It is what the comparison is for: lower-casing is not case folding (`ß` never finds
/// `SS`), and where lower-casing changes a row's length (`İ` becomes `i̇`) the offsets
/// land beside the text they found.
public struct NaiveMatcher: Matcher {
  public static let name = "naive"
  private let lowered: [String]

  public init(corpus: Corpus) {
    lowered = corpus.map { $0.text.lowercased() }
  }

  public func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    let key = keyword.lowercased()
    var matches: [Match] = []
    for (row, text) in lowered.enumerated() {
      var from = text.startIndex
      while let range = text.range(of: key, range: from..<text.endIndex) {
        matches.append(Match(row: row, range: range, in: text))
        from = range.upperBound
      }
    }
    return matches
  }
}
