import TranscriptSearch

/// The match contract written as plainly as possible: the reference every other
/// matcher is scored against. Slow on purpose; never optimised.
///
/// A row is split into characters (Swift's `Character` view), each character gets its
/// key, and from each character boundary, left to right, the keys of the following
/// characters are concatenated until they equal the keyword's key at an end the options
/// allow (a match: resume after it), stop being a prefix of it, or the row ends. The key
/// of a string is the concatenation of its characters' keys, so this is the contract's
/// definition. With diacritics ignored a character's key can be empty (a lone mark):
/// the match then starts as early and ends as early as the options allow.
public struct OracleMatcher: Matcher {
  public static let name = "oracle"
  private let rows: [String]

  public init(corpus: Corpus) {
    rows = corpus.map(\.text)
  }

  public static func offers(_ options: SearchOptions) -> Bool { true }

  public func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    var matches: [Match] = []
    for (row, text) in rows.enumerated() {
      for range in Self.matchRanges(of: keyword, in: text, options: options) {
        matches.append(Match(row: row, start: range.lowerBound, end: range.upperBound))
      }
    }
    return matches
  }

  /// The contract's matches of `keyword` in `text`, as UTF-8 offset ranges.
  public static func matchRanges(
    of keyword: String, in text: String, options: SearchOptions = .default
  ) -> [Range<Int>] {
    matchRanges(
      of: keyword, in: PreparedText(text, ignoringDiacritics: options.ignoresDiacritics),
      wordMatch: options.wordMatch)
  }

  /// A text split into characters, with each character's key, where it starts, and
  /// whether a word boundary is there: what the contract looks at, worked out once so
  /// that many keywords can be looked for in the same text.
  public struct PreparedText: Sendable {
    /// Whether the keys are those that ignore diacritics.
    public let ignoresDiacritics: Bool
    let keys: [[Unicode.Scalar]]
    /// offsets[i]: the UTF-8 offset where character i starts (the text's end for
    /// i = count).
    let offsets: [Int]
    let isWordBoundary: [Bool]

    public init(_ text: String, ignoringDiacritics: Bool) {
      ignoresDiacritics = ignoringDiacritics
      let characters = Array(text)
      keys = characters.map {
        Array(MatchKey.key(String($0), ignoringDiacritics: ignoringDiacritics).unicodeScalars)
      }
      var offsets = [0]
      for character in characters {
        offsets.append(offsets[offsets.count - 1] + character.utf8.count)
      }
      self.offsets = offsets
      var utf8 = Array(text.utf8)
      isWordBoundary = utf8.withUnsafeMutableBufferPointer { bytes in
        offsets.map { WordBoundaries.isBoundary(at: $0, in: UnsafeBufferPointer(bytes)) }
      }
    }
  }

  /// A keyword's key, worked out once so that it can be looked for in many prepared
  /// texts.
  public struct PreparedKeyword: Sendable {
    /// Whether the key is the one that ignores diacritics.
    public let ignoresDiacritics: Bool
    let wanted: [Unicode.Scalar]

    public init(_ keyword: String, ignoringDiacritics: Bool) {
      ignoresDiacritics = ignoringDiacritics
      wanted = Array(MatchKey.key(keyword, ignoringDiacritics: ignoringDiacritics).unicodeScalars)
    }
  }

  /// The contract's matches of `keyword` in a prepared text, with the diacritics option
  /// the text was prepared with and `wordMatch`, as UTF-8 offset ranges.
  public static func matchRanges(
    of keyword: String, in text: PreparedText, wordMatch: SearchOptions.WordMatch = .contains
  ) -> [Range<Int>] {
    matchRanges(
      of: PreparedKeyword(keyword, ignoringDiacritics: text.ignoresDiacritics), in: text,
      wordMatch: wordMatch)
  }

  /// The contract's matches of a prepared keyword in rows prepared with the same
  /// diacritics option, with `wordMatch`: what ``matches(of:options:)`` answers for the
  /// rows they were prepared from, for a caller that asks many keywords of the same rows
  /// and prepares them once.
  public static func matches(
    of keyword: PreparedKeyword, inRows rows: [PreparedText],
    wordMatch: SearchOptions.WordMatch = .contains
  ) -> [Match] {
    var matches: [Match] = []
    for (row, text) in rows.enumerated() {
      for range in matchRanges(of: keyword, in: text, wordMatch: wordMatch) {
        matches.append(Match(row: row, start: range.lowerBound, end: range.upperBound))
      }
    }
    return matches
  }

  /// The contract's matches of a prepared keyword in a prepared text, with `wordMatch`,
  /// as UTF-8 offset ranges.
  ///
  /// - Precondition: both were prepared with the same diacritics option.
  public static func matchRanges(
    of keyword: PreparedKeyword, in text: PreparedText,
    wordMatch: SearchOptions.WordMatch = .contains
  ) -> [Range<Int>] {
    precondition(
      keyword.ignoresDiacritics == text.ignoresDiacritics,
      "The keyword and the text were prepared with different diacritics options")
    let wanted = keyword.wanted
    guard !wanted.isEmpty else { return [] }
    let keys = text.keys
    let offsets = text.offsets
    let isWordBoundary = text.isWordBoundary
    let startAllowed = { (i: Int) in !wordMatch.checksStart || isWordBoundary[i] }
    let endAllowed = { (j: Int) in !wordMatch.checksEnd || isWordBoundary[j] }

    var ranges: [Range<Int>] = []
    var start = 0  // index of the first character of a candidate
    while start < keys.count {
      var end: Int? = nil
      if startAllowed(start) {
        var matched = 0  // scalars of `wanted` matched so far
        var next = start
        while true {
          if matched == wanted.count && endAllowed(next) {
            end = next
            break
          }
          guard next < keys.count else { break }
          let key = keys[next]
          guard matched + key.count <= wanted.count,
            wanted[matched..<matched + key.count].elementsEqual(key)
          else { break }
          matched += key.count
          next += 1
        }
      }
      if let end {
        ranges.append(offsets[start]..<offsets[end])
        start = end
      } else {
        start += 1
      }
    }
    return ranges
  }
}
