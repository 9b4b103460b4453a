import Foundation

/// One row on screen, with its matches marked.
public struct HighlightedRow: Sendable {
  /// The row's index in the corpus.
  public var row: Int
  /// The row's text; each match carries ``MatchHighlightAttribute`` and a link to its
  /// position (``HighlightLink``).
  public var text: AttributedString
  /// The positions of the matches in this row.
  public var positions: Range<Int>
}

extension SearchNavigation {
  /// The rows of the viewport with their matches marked. The cost depends on the rows
  /// on screen only, never on the size of the corpus.
  ///
  /// - Parameter corpus: the corpus the index was built from.
  public func highlightedRows(in corpus: Corpus) -> [HighlightedRow] {
    viewport.map { row in
      let positions = index.positions(inRow: row)
      return HighlightedRow(
        row: row, text: highlight(row: row, positions: positions, in: corpus), positions: positions)
    }
  }

  /// The text of `row` with its matches marked: one `AttributedString` of the whole
  /// row, then each match's range converted from UTF-8 offsets. Matches lie on
  /// character boundaries, so every range converts, in every script.
  private func highlight(row: Int, positions: Range<Int>, in corpus: Corpus) -> AttributedString {
    let string = corpus.withUTF8Text(ofRow: row) { String(decoding: $0, as: UTF8.self) }
    var text = AttributedString(string)
    for position in positions {
      let match = index[position]
      let start = string.utf8.index(string.startIndex, offsetBy: match.start)
      let end = string.utf8.index(string.startIndex, offsetBy: match.end)
      guard let range = Range(start..<end, in: text) else { continue }
      // Both attributes in one change of the text: each change copies the runs it splits
      // and costs microseconds on Linux (a row of two matches: 17 -> 13 µs).
      var attributes = AttributeContainer()
      attributes[MatchHighlightAttribute.self] = MatchHighlight(
        position: position, isCurrent: position == current, token: tokens.map { Int($0[position]) })
      attributes.link = HighlightLink.url(forPosition: position)
      // (The row's text has no attributes of its own, and matches never overlap.)
      text[range].setAttributes(attributes)
    }
    return text
  }
}

extension SearchSession {
  /// The rows on screen with their matches marked.
  public func highlightedRows() -> [HighlightedRow] {
    navigation.highlightedRows(in: corpus)
  }
}
