import Foundation
import TranscriptSearch

/// `NSRegularExpression` with `.caseInsensitive` and `.ignoreMetacharacters` (the
/// keyword is literal), row by row. Offers word matching: the escaped keyword between
/// `\b` anchors, with `.useUnicodeWordBoundaries`; it cannot ignore diacritics.
///
/// Not conforming: it works code point by code point, so it can split characters and
/// ignores canonical equivalence. Its UTF-16 ranges are converted to UTF-8 offsets
/// without force-unwrapping; a bound inside a surrogate pair is moved to the edge of
/// its scalar, and the match is reported as found (and scored as such).
public struct NSRegexMatcher: Matcher {
  public static let name = "nsregex"
  private let rows: [String]

  public init(corpus: Corpus) {
    rows = corpus.map(\.text)
  }

  public static func offers(_ options: SearchOptions) -> Bool { !options.ignoresDiacritics }

  public func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    let expression: NSRegularExpression
    do {
      if options.wordMatch == .contains {
        expression = try NSRegularExpression(
          pattern: keyword, options: [.caseInsensitive, .ignoreMetacharacters])
      } else {
        let escaped = NSRegularExpression.escapedPattern(for: keyword)
        let pattern =
          (options.wordMatch.checksStart ? "\\b" : "") + "(?:\(escaped))"
          + (options.wordMatch.checksEnd ? "\\b" : "")
        expression = try NSRegularExpression(
          pattern: pattern, options: [.caseInsensitive, .useUnicodeWordBoundaries])
      }
    } catch {
      // Only an invalid pattern throws, and an escaped or literal pattern is never invalid.
      return []
    }
    var matches: [Match] = []
    for (row, text) in rows.enumerated() {
      let found = expression.matches(
        in: text, range: NSRange(location: 0, length: text.utf16.count))
      guard !found.isEmpty else { continue }
      let ranges = found.map(\.range).filter { $0.length > 0 }
      let offsets = Self.utf8Offsets(
        ofUTF16Offsets: ranges.flatMap { [$0.location, $0.location + $0.length] }, in: text)
      for index in stride(from: 0, to: offsets.count, by: 2)
      where offsets[index] < offsets[index + 1] {
        matches.append(Match(row: row, start: offsets[index], end: offsets[index + 1]))
      }
    }
    return matches
  }

  /// Converts ascending UTF-16 offsets in `text` to UTF-8 offsets; an offset inside a
  /// surrogate pair maps to the start of its scalar.
  static func utf8Offsets(ofUTF16Offsets wanted: [Int], in text: String) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(wanted.count)
    var utf16 = 0
    var utf8 = 0
    var next = 0
    for scalar in text.unicodeScalars {
      while next < wanted.count && wanted[next] < utf16 + UTF16.width(scalar) {
        result.append(utf8)
        next += 1
      }
      utf16 += UTF16.width(scalar)
      utf8 += UTF8.width(scalar)
    }
    while next < wanted.count {
      result.append(utf8)
      next += 1
    }
    return result
  }
}
