/// The one place that makes text from a user's data (row text, speaker names, keywords,
/// file names) safe to write to a terminal: a transcript must never drive the terminal
/// (retitle it, clear it, move the cursor, reorder what follows).
///
/// Every control character but the line feed and the tab is written as `\u{…}`: C0 (ESC
/// among them) and DEL, C1 (U+0080–U+009F: U+009B starts a sequence on its own on some
/// terminals), and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069), which reorder the rest of the line. Everything else is kept.
public enum TerminalText {
  /// `text` with its control characters escaped.
  public static func safe(_ text: String) -> String {
    escaping(text) { "\\u{" + String($0, radix: 16, uppercase: true) + "}" }
  }

  /// JSON text with the same characters escaped as JSON escapes (`\u202E`), so it stays
  /// valid JSON that means the same: JSONEncoder escapes C0 itself but leaves DEL, C1 and
  /// the bidirectional controls raw. (Outside strings JSON has only ASCII, so every one
  /// of them is inside a string.)
  public static func safeJSON(_ json: String) -> String {
    escaping(json) { value in
      let hex = String(value, radix: 16, uppercase: true)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
  }

  /// `text` with every scalar that ``needsEscape(_:)`` written as `escape` spells its value.
  private static func escaping(_ text: String, as escape: (UInt32) -> String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += escape(scalar.value)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\n" && scalar != "\t" && isControl(scalar)
  }

  /// Whether `scalar` can drive a terminal or reorder a line: C0, DEL, C1 and the
  /// bidirectional embeddings, overrides and isolates. (Line feed and tab among them: a
  /// full-screen view, which places every line itself, shows them too.)
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
