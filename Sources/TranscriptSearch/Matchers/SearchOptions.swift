/// The find options: the only variations of the match contract, each part of a search's
/// identity (a session caches results by keyword and options together).
///
/// - ``wordMatch``: where a match's ends must fall besides character boundaries. The
///   start (`start`), the end (`end`) or both (`whole`) must also be word boundaries by
///   Unicode's default word boundary rules (UAX #29, no dictionary: in Chinese, Japanese
///   and Thai that means between most characters, and nothing more). Matches are then the
///   leftmost, never overlapping, among the candidates that satisfy the option.
/// - ``ignoresDiacritics``: the key of a text also drops every nonspacing mark (General
///   Category Mn) after decomposition and case folding, so `resume` matches `RÉSUMÉ`,
///   `e` matches `é`, and `か` matches `が` (U+3099 is Mn); `ß` still matches `ss`. A
///   keyword whose key becomes empty (only marks) has no matches.
public struct SearchOptions: Hashable, Sendable, CustomStringConvertible {
  /// Which ends of a match must be word boundaries.
  public enum WordMatch: String, CaseIterable, Hashable, Sendable, Codable {
    /// Anywhere (the default): only character boundaries.
    case contains
    /// The match starts a word: its start is a word boundary.
    case start
    /// The match ends a word: its end is a word boundary.
    case end
    /// Whole words: both ends are word boundaries.
    case whole

    /// Whether the start must be a word boundary.
    public var checksStart: Bool {
      @inline(__always) get { self == .start || self == .whole }
    }
    /// Whether the end must be a word boundary.
    public var checksEnd: Bool {
      @inline(__always) get { self == .end || self == .whole }
    }

    /// Whether `range` of `text` (UTF-8 offsets, at character boundaries) has word
    /// boundaries at the ends this word match names.
    @inline(__always)
    public func holds(for range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
      (!checksStart || WordBoundaries.isBoundary(at: range.lowerBound, in: text))
        && (!checksEnd || WordBoundaries.isBoundary(at: range.upperBound, in: text))
    }
  }

  /// Where a match must start and end relative to word boundaries.
  public var wordMatch: WordMatch
  /// Whether "café" matches "cafe": marks are folded away from keyword and text alike.
  public var ignoresDiacritics: Bool

  /// Options with a word match and diacritics significant or ignored.
  public init(wordMatch: WordMatch = .contains, ignoresDiacritics: Bool = false) {
    self.wordMatch = wordMatch
    self.ignoresDiacritics = ignoresDiacritics
  }

  /// Contains, diacritics significant: the contract without options.
  public static let `default` = SearchOptions()

  /// Every combination of the options.
  public static let allCombinations: [SearchOptions] = [false, true].flatMap { diacritics in
    WordMatch.allCases.map { SearchOptions(wordMatch: $0, ignoresDiacritics: diacritics) }
  }

  /// Whether the options are the default ones.
  public var isDefault: Bool { self == .default }

  /// Short, as in reports: "contains", "whole", "start, no diacritics".
  public var description: String {
    ignoresDiacritics ? "\(wordMatch.rawValue), no diacritics" : wordMatch.rawValue
  }
}

/// Options a strategy does not offer, such as word matching for an engine without
/// word boundaries.
public struct OptionsNotOfferedError: Error, CustomStringConvertible, Equatable {
  /// The strategy's name.
  public var matcher: String
  /// The options it was asked for.
  public var options: SearchOptions

  /// The error for `matcher` asked to search with `options`.
  public init(matcher: String, options: SearchOptions) {
    self.matcher = matcher
    self.options = options
  }

  public var description: String { "\(matcher) does not offer the options \(options)" }
}

extension SearchOptions: Codable {
  /// The case file's spelling: `{"wordMatch": "whole", "ignoreDiacritics": true}`; either
  /// key may be missing (contains; diacritics significant).
  enum CodingKeys: String, CodingKey {
    case wordMatch
    case ignoresDiacritics = "ignoreDiacritics"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    wordMatch = try container.decodeIfPresent(WordMatch.self, forKey: .wordMatch) ?? .contains
    ignoresDiacritics =
      try container.decodeIfPresent(Bool.self, forKey: .ignoresDiacritics) ?? false
  }
}
