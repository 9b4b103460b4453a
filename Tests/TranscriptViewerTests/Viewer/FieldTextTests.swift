import Testing
import TranscriptSearch

@testable import TranscriptViewer

@Suite struct FieldTextTests {
  @Test func aKeywordIsSearchedAsTyped() {
    let edit = FieldText.edit(keystroke: 3, text: " hello world", options: .default)
    #expect(edit.keyword == " hello world")
    #expect(edit.query == nil)
    #expect(edit.keystroke == 3)
  }

  @Test func commasSeparateTokens() {
    let options = SearchOptions(wordMatch: .whole)
    let edit = FieldText.edit(keystroke: 0, text: "zephyr, zebu ,", options: options)
    #expect(edit.query == TokenQuery(tokens: ["zephyr", "zebu"], mode: .any, options: options))
    #expect(edit.options == options)
    // One token left after the commas: a keyword.
    #expect(FieldText.edit(keystroke: 0, text: "zephyr,", options: .default).query == nil)
    #expect(FieldText.edit(keystroke: 0, text: "zephyr,", options: .default).keyword == "zephyr")
  }

  @Test func theWordBeingTyped() {
    #expect(FieldText.lastWord(of: "hello wor") == "wor")
    #expect(FieldText.lastWord(of: "a,zep") == "zep")
    #expect(FieldText.lastWord(of: "zep") == "zep")
    #expect(FieldText.lastWord(of: "zep ") == "")
  }
}
