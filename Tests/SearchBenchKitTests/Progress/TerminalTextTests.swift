import Testing

@testable import SearchBenchKit

@Suite("TerminalText")
struct TerminalTextTests {
  @Test func controlCharactersAreEscapedAndTextIsKept() {
    #expect(TerminalText.safe("straße 一 👍🏽\tand\nmore") == "straße 一 👍🏽\tand\nmore")
    #expect(TerminalText.safe("\u{1B}]0;pwned\u{07}") == "\\u{1B}]0;pwned\\u{7}")
    #expect(TerminalText.safe("a\u{9B}31m\u{7F}\r") == "a\\u{9B}31m\\u{7F}\\u{D}")
    #expect(TerminalText.safe("abc\u{202E}def\u{2066}") == "abc\\u{202E}def\\u{2066}")
    #expect(TerminalText.safe("\u{0}") == "\\u{0}")
  }
}
