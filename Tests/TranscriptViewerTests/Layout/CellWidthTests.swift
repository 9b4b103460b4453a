import Testing

@testable import TranscriptViewer

/// Widths from Unicode's East Asian Width property (UAX #11: W and F take two columns)
/// and emoji presentation (UTS #51).
@Suite struct CellWidthTests {
  @Test(arguments: [
    ("a", 1), ("é", 1), ("e\u{301}", 1), ("ß", 1), ("Ж", 1), ("ع", 1), ("क्", 1),
    ("中", 2), ("あ", 2), ("한", 2), ("ａ", 2), ("，", 2),
    ("😀", 2), ("👍🏽", 2), ("❤\u{FE0F}", 2), ("🇫🇷", 2),
  ])
  func columns(_ text: String, _ width: Int) {
    #expect(CellWidth.of(Character(text)) == width, "\(text.unicodeScalars.map(\.value))")
  }

  @Test func scalarsThatTakeNoColumn() {
    #expect(CellWidth.of(Unicode.Scalar(0x301)!) == 0)
    #expect(CellWidth.of(Unicode.Scalar(0x200B)!) == 0)
    #expect(CellWidth.of(Unicode.Scalar(0x1B)!) == 0)
  }

  @Test func aStringIsTheSumOfItsCharacters() {
    #expect(CellWidth.of("ab中文😀") == 8)
  }
}
