import TranscriptSearch

/// What the search field's text asks for: a keyword, or, when commas separate several
/// tokens, a token query finding any of them.
public enum FieldText {
  /// The edit for keystroke `keystroke` with `text` in the field.
  public static func edit(keystroke: Int, text: String, options: SearchOptions) -> KeywordEdit {
    let tokens = tokens(in: text)
    guard tokens.count > 1 else {
      return KeywordEdit(keystroke: keystroke, keyword: tokens.first ?? text, options: options)
    }
    return KeywordEdit(
      keystroke: keystroke, keyword: text, options: options,
      query: TokenQuery(tokens: tokens, mode: .any, options: options))
  }

  /// The comma-separated tokens of `text`, without the spaces around each, empty ones
  /// dropped; a text without a comma is one token, as typed.
  public static func tokens(in text: String) -> [String] {
    guard text.contains(",") else { return text.isEmpty ? [] : [text] }
    return text.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
  }

  /// The word being typed: what follows the last space or comma.
  public static func lastWord(of text: String) -> Substring {
    text[
      (text.lastIndex { $0 == "," || $0.isWhitespace }.map(text.index(after:))
        ?? text.startIndex)...]
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
