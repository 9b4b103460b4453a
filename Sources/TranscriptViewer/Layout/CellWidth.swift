import CCharacterWidth

/// How many terminal columns a character takes: 2 for the wide and fullwidth characters
/// of East Asian scripts and for emoji, 0 for a character a terminal draws as nothing,
/// 1 otherwise.
///
/// The width of each scalar is the C library's `wcwidth` under a UTF-8 locale (glibc's
/// table follows Unicode's East Asian Width and emoji data); a grapheme cluster, as the standard
/// library forms it, takes the width of its widest scalar, and 2 when it asks for emoji
/// presentation (U+FE0F) or is a flag, as most terminals draw them. Terminals disagree on
/// emoji sequences (tmux 3.3 draws each emoji of a ZWJ sequence apart), so the viewer
/// never lets a line's width spill into the next (see ``Terminal``).
public enum CellWidth {
  /// The columns `character` takes.
  public static func of(_ character: Character) -> Int {
    if character.isASCII {
      // Printable ASCII; controls never reach the screen (see ``ScreenText``).
      return 1
    }
    var widest = 0
    var regionalIndicators = 0
    for scalar in character.unicodeScalars {
      // A flag: two regional indicators, which terminals draw two columns wide.
      if (0x1F1E6...0x1F1FF).contains(scalar.value) {
        regionalIndicators += 1
        if regionalIndicators == 2 { return 2 }
      }
      if scalar.value == 0xFE0F { return 2 }
      widest = max(widest, of(scalar))
    }
    return widest
  }

  /// The columns `scalar` takes on its own (0 for one that takes none or is not
  /// printable).
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    if scalar.value < 0x7F { return scalar.value >= 0x20 ? 1 : 0 }
    return max(0, Int(tsb_character_width(scalar.value)))
  }

  /// The columns `text` takes.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }
}
