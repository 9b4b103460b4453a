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
  /// - Parameters:
  ///   - corpus: the corpus the index was built from.
  ///   - texts: the texts of the rows highlighted last, reused where a row's text is
  ///     unchanged, and replaced by this viewport's; nil builds every row's text.
  public func highlightedRows(
    in corpus: Corpus, reusing texts: VisibleRowTexts? = nil
  ) -> [HighlightedRow] {
    guard let texts else {
      return highlightedRows(in: corpus) { _, bytes in
        AttributedString(String(decoding: bytes, as: UTF8.self))
      }
    }
    return texts.reusing(rows: viewport.count) { text in highlightedRows(in: corpus, text: text) }
  }

  private func highlightedRows(
    in corpus: Corpus,
    text: (_ row: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> AttributedString
  ) -> [HighlightedRow] {
    viewport.map { row in
      let positions = index.positions(inRow: row)
      let plain = corpus.withUTF8Text(ofRow: row) { text(row, $0) }
      return HighlightedRow(
        row: row, text: highlight(plain, positions: positions), positions: positions)
    }
  }

  /// `text`, a row's attributed text, with the matches at `positions` marked. Matches lie
  /// on character boundaries, so every match's UTF-8 range is a range of the text, in
  /// every script.
  private func highlight(_ text: AttributedString, positions: Range<Int>) -> AttributedString {
    var text = text
    for position in positions {
      let match = index[position]
      // Offsets on the text's own UTF-8 view: no String to keep beside it, no conversion.
      let start = text.utf8.index(text.startIndex, offsetBy: match.start)
      let end = text.utf8.index(start, offsetBy: match.end - match.start)
      // Both attributes in one change of the text: each change copies the runs it splits
      // and costs microseconds on Linux.
      var attributes = AttributeContainer()
      attributes[MatchHighlightAttribute.self] = MatchHighlight(
        position: position, isCurrent: position == current, token: tokens.map { Int($0[position]) })
      attributes.link = HighlightLink.url(forPosition: position)
      // (The row's text has no attributes of its own, and matches never overlap.)
      text[start..<end].setAttributes(attributes)
    }
    return text
  }
}

extension SearchSession {
  /// The rows on screen with their matches marked. The texts of rows highlighted last
  /// that are still on screen, unchanged, are reused (see ``VisibleRowTexts``).
  public func highlightedRows() -> [HighlightedRow] {
    navigation.highlightedRows(in: corpus, reusing: visibleRowTexts)
  }
}
