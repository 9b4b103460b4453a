import Testing

@testable import TranscriptViewer

@Suite struct LineFitTests {
  func cells(_ text: String) -> [Cell] { ScreenText.cells(of: text).map(\.cell) }
  func text(_ cells: [Cell]) -> String { cells.map(\.text).joined() }
  func width(_ cells: [Cell]) -> Int { cells.reduce(0) { $0 + $1.width } }

  @Test func aShortLineIsKept() {
    #expect(text(LineFit.fit(cells("hello"), columns: 10)) == "hello")
  }

  @Test func aLongLineIsCutWithAMarker() {
    let fitted = LineFit.fit(cells("abcdefghij"), columns: 6)
    #expect(text(fitted) == "abcde…")
  }

  /// A wide character that would straddle the edge leaves its column blank.
  @Test func aWideCharacterNeverStraddlesTheEdge() {
    let fitted = LineFit.fit(cells("ab中文字"), columns: 6)
    #expect(text(fitted) == "ab中 …")
    #expect(width(fitted) == 6)
  }

  /// The match the line must show is brought on screen, with a marker on the left.
  @Test func theFocusIsShown() {
    let line = cells(
      String(repeating: "x", count: 50) + "MATCH" + String(repeating: "y", count: 50))
    let fitted = LineFit.fit(line, columns: 20, focus: 50..<55)
    #expect(text(fitted).hasPrefix("…"))
    #expect(text(fitted).contains("MATCH"))
    #expect(text(fitted).hasSuffix("…"))
    #expect(width(fitted) == 20)
  }

  @Test(arguments: 1...12)
  func neverWiderThanTheLine(_ columns: Int) {
    let line = cells("日本語のテキストとemoji😀👍🏽 mixed")
    for focus in [nil, 3..<5, 10..<12, 20..<22] as [Range<Int>?] {
      #expect(width(LineFit.fit(line, columns: columns, focus: focus)) <= columns)
    }
  }
}
