import SearchBenchKit

/// Turns a row's text into cells that are safe and predictable on a terminal: nothing in
/// a transcript may drive the terminal, and every cell takes the columns it is counted as.
///
/// - C0 controls and DEL are shown in caret notation (`^[` for ESC), a line break as `↵`,
///   a tab as one space; C1 controls and the bidirectional embeddings, overrides and
///   isolates (which would reorder the rest of the line) as `<U+202E>`, dimmed.
/// - Other characters that take no column (format characters such as U+200B) are
///   dropped; a mark with nothing to combine with is drawn on a dotted circle (U+25CC).
public enum ScreenText {
  /// The cells of `text`, each with the UTF-8 offset in `text` where its character
  /// starts; `style` gives a character's style from its UTF-8 range.
  public static func cells(
    of text: String, style: (Range<Int>) -> Cell.Style = { _ in .plain }
  ) -> [(cell: Cell, offset: Int)] {
    var result: [(cell: Cell, offset: Int)] = []
    result.reserveCapacity(text.utf8.count)
    var offset = 0
    for character in text {
      let length = character.utf8.count
      defer { offset += length }
      let range = offset..<offset + length
      if let shown = escaped(character) {
        let cellStyle = style(range)
        for scalar in shown.unicodeScalars {
          result.append(
            (
              Cell(
                String(scalar), width: max(1, min(2, CellWidth.of(scalar))),
                style: cellStyle == .plain ? .dim : cellStyle), offset
            ))
        }
        continue
      }
      let width = CellWidth.of(character)
      if width == 0 {
        guard character.unicodeScalars.first?.properties.generalCategory.isMark == true else {
          continue
        }
        result.append((Cell("\u{25CC}" + String(character), width: 1, style: style(range)), offset))
        continue
      }
      result.append((Cell(String(character), width: min(width, 2), style: style(range)), offset))
    }
    return result
  }

  /// What stands for `character` if it holds a control, or nil if it is shown as itself.
  static func escaped(_ character: Character) -> String? {
    guard character.unicodeScalars.contains(where: TerminalText.isControl) else { return nil }
    var shown = ""
    for scalar in character.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x0D: shown += "\u{21B5}"
      case 0x09: shown += " "
      case 0x00...0x1F: shown += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
      case 0x7F: shown += "^?"
      default:
        if TerminalText.isControl(scalar) {
          shown += "<U+" + String(scalar.value, radix: 16, uppercase: true) + ">"
        } else if CellWidth.of(scalar) > 0 {
          shown.unicodeScalars.append(scalar)
        }
      }
    }
    return shown
  }
}

extension Unicode.GeneralCategory {
  var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}
