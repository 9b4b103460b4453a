import PropertyBased

/// Pieces that stress the match contract: case pairs, expansions, canonical
/// equivalents, marks that attach to what precedes them, emoji sequences, CRLF, and
/// scripts without case. Random strings are built from them.
enum TrickyText {
  static let pieces: [String] = [
    "a", "A", "b", "s", "S", "ss", "SS", "ß", "ẞ", "i", "I", "İ", "ı", "k", "\u{212A}",
    "e", "E", "é", "e\u{301}", "\u{301}", "\u{308}", "\u{323}", "o\u{308}", "ö",
    "σ", "ς", "Σ", "ό", "\u{1F79}", "ΐ", "ι\u{308}\u{301}", "ᾳ", "ᾼ", "αι",
    "ﬁ", "fi", "f", "ﬀ", "ŉ", "ʼn", "ǰ", "j\u{30C}", "և", "եւ",
    "한", "하", "\u{1112}\u{1161}\u{11AB}", "\u{11AB}", "ㅎ",
    "𐐀", "𐐨", "𞤀", "𞤢", "Ａ", "ａ", "ꭰ", "Ꭰ",
    "👍", "👍🏽", "🏽", "\u{200D}", "👨\u{200D}👩\u{200D}👧", "🇯", "🇵", "🇺", "🇸", "❤", "\u{FE0F}",
    "\r", "\n", "\r\n", " ", "\t", "\u{A0}", ".", "*",
    "中", "文", "ラ", "ら", "น", "้", "ำ", "क", "ि", "्", "ब", "\u{64E}",
    "ಕ", "\u{CC6}", "\u{CC2}", "ക", "\u{D46}", "\u{D3E}", "\u{FFFD}",
    // For word boundaries and ignored diacritics: quotes, digits and separators that join
    // or split words, katakana runs, a soft hyphen, a control before a lone mark, voicing.
    "'", "\u{2019}", "\"", "1", "3", ",", ":", "_", "-", "x", "ア", "カ", "ー", "が", "\u{3099}",
    "\u{5D0}", "\u{5D1}", "\u{AD}", "\u{1}", "\u{64E}", "ệ", "Ě", "\u{345}", "Ⓜ", "ⓜ",
    // Marks whose combining classes the fold checks for canonical order (Thai tone and
    // vowel signs, a mark below), and a nukta, which composes with what precedes it.
    "\u{E48}", "\u{E38}", "\u{316}", "न", "\u{93C}", "\u{929}",
  ]

  /// A string of 0 to `maximum` random pieces.
  static func strings(upTo maximum: Int) -> Generator<String, AnySequence<Any>> {
    Gen<String?>.element(of: pieces).array(of: 0...maximum)
      .map { $0.compactMap { $0 }.joined() }.eraseToAny()
  }

  /// A non-empty keyword of 1 to 3 pieces.
  static var keywords: Generator<String, AnySequence<Any>> {
    Gen<String?>.element(of: pieces).array(of: 1...3)
      .map { $0.compactMap { $0 }.joined() }.eraseToAny()
  }
}
