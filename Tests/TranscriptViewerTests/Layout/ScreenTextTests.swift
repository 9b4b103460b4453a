import SearchBenchKit
import Testing

@testable import TranscriptViewer

@Suite struct ScreenTextTests {
  func shown(_ text: String) -> String { ScreenText.cells(of: text).map(\.cell.text).joined() }

  /// No control character of a row reaches the terminal: ESC, CSI (U+009B), BEL, the
  /// bidirectional overrides and isolates.
  @Test func controlsAreShownNotSent() {
    let hostile = "a\u{1B}]0;owned\u{07}b\u{9B}2Jc\u{202E}d\u{2066}e\r\nf\tg\u{7F}"
    let text = shown(hostile)
    #expect(text == "a^[]0;owned^Gb<U+9B>2Jc<U+202E>d<U+2066>e\u{21B5}\u{21B5}f g^?")
    #expect(!text.unicodeScalars.contains { TerminalText.isControl($0) })
  }

  @Test func eachCellKeepsItsCharactersOffset() {
    let cells = ScreenText.cells(of: "aé中\u{1B}b")
    #expect(cells.map(\.offset) == [0, 1, 3, 6, 6, 7])
    #expect(cells.map(\.cell.width) == [1, 1, 2, 1, 1, 1])
  }

  /// A mark alone gets a dotted circle to sit on; a zero-width space is dropped.
  @Test func charactersWithoutAColumn() {
    #expect(shown("\u{301}x") == "\u{25CC}\u{301}x")
    #expect(shown("a\u{200B}b") == "ab")
  }

  @Test func stylesFollowTheUTF8Ranges() {
    let cells = ScreenText.cells(of: "abcd") { range in
      range.lowerBound >= 1 && range.upperBound <= 3 ? .current : .plain
    }
    #expect(cells.map(\.cell.style) == [.plain, .current, .current, .plain])
  }
}
