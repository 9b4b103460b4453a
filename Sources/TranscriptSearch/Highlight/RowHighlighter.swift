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

  /// The text of `row`, built piece by piece: the text between matches as it is, each
  /// match with its attributes. Matches lie on character boundaries, so the pieces are
  /// whole characters in every script.
  private func highlight(row: Int, positions: Range<Int>, in corpus: Corpus) -> AttributedString {
    corpus.withUTF8Text(ofRow: row) { bytes in
      let piece = { (range: Range<Int>) in
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
      }
      guard !positions.isEmpty else { return AttributedString(piece(0..<bytes.count)) }
      var text = AttributedString()
      var done = 0
      for position in positions {
        let match = index[position]
        if match.start > done { text += AttributedString(piece(done..<match.start)) }
        var marked = AttributedString(piece(match.start..<match.end))
        marked[MatchHighlightAttribute.self] = MatchHighlight(
          position: position, isCurrent: position == current)
        marked.link = HighlightLink.url(forPosition: position)
        text += marked
        done = match.end
      }
      if done < bytes.count { text += AttributedString(piece(done..<bytes.count)) }
      return text
    }
  }
}

extension SearchSession {
  /// The rows on screen with their matches marked.
  public func highlightedRows() -> [HighlightedRow] {
    navigation.highlightedRows(in: corpus)
  }
}
