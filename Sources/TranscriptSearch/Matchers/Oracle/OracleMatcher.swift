/// The match contract written as plainly as possible: the reference every other
/// matcher is scored against. Slow on purpose; never optimised.
///
/// A row is split into characters (Swift's `Character` view), each character gets its
/// key, and from each character boundary, left to right, the keys of the following
/// characters are concatenated until they equal the keyword's key (a match: resume
/// after it), stop being a prefix of it, or the row ends. The key of a string is the
/// concatenation of its characters' keys, so this is the contract's definition.
public struct OracleMatcher: Matcher {
  public static let name = "oracle"
  private let rows: [String]

  public init(corpus: Corpus) {
    rows = corpus.map(\.text)
  }

  public func nonEmptyMatches(of keyword: String) async throws -> [Match] {
    var matches: [Match] = []
    for (row, text) in rows.enumerated() {
      for range in Self.matchRanges(of: keyword, in: text) {
        matches.append(Match(row: row, start: range.lowerBound, end: range.upperBound))
      }
    }
    return matches
  }

  /// The contract's matches of `keyword` in `text`, as UTF-8 offset ranges.
  public static func matchRanges(of keyword: String, in text: String) -> [Range<Int>] {
    guard !keyword.isEmpty else { return [] }
    let wanted = Array(MatchKey.key(keyword).unicodeScalars)
    let characters = Array(text)
    let keys = characters.map { Array(MatchKey.key(String($0)).unicodeScalars) }
    let sizes = characters.map { $0.utf8.count }

    var ranges: [Range<Int>] = []
    var start = 0  // index of the first character of a candidate
    var startOffset = 0  // its UTF-8 offset
    while start < characters.count {
      var matched = 0  // scalars of `wanted` matched so far
      var end = start
      while end < characters.count && matched < wanted.count {
        let key = keys[end]
        guard matched + key.count <= wanted.count,
          wanted[matched..<matched + key.count].elementsEqual(key)
        else { break }
        matched += key.count
        end += 1
      }
      if matched == wanted.count {
        let endOffset = startOffset + sizes[start..<end].reduce(0, +)
        ranges.append(startOffset..<endOffset)
        start = end
        startOffset = endOffset
      } else {
        startOffset += sizes[start]
        start += 1
      }
    }
    return ranges
  }
}
