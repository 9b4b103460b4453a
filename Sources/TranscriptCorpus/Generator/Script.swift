/// A writing system the generator can produce transcripts in.
public enum Script: String, CaseIterable, Codable, Sendable {
  case english
  /// French, German and Vietnamese-style accented Latin; about a tenth of the rows are
  /// in decomposed (NFD) form.
  case latin
  case cyrillic
  /// Greek, with final sigma.
  case greek
  case chinese
  /// Kana and kanji.
  case japanese
  case korean
  case arabic
  case devanagari
  case thai
  /// Words mixed with emoji: skin tones, ZWJ families and flags.
  case emoji
  /// Rows from every other script, and rows that mix scripts.
  case mixed

  /// Every script except ``mixed``.
  public static let single: [Script] = allCases.filter { $0 != .mixed }
}
