import Foundation
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

  /// JSON stays JSON, and means the same: DEL, C1 and bidirectional controls, which
  /// JSONEncoder leaves raw, become JSON escapes.
  @Test func jsonKeepsItsMeaningAndLosesItsControls() throws {
    let text = "a\u{7F}b\u{9B}31m\u{202E}c\u{1B}d straße"
    let json = String(decoding: try JSONEncoder().encode(["text": text]), as: UTF8.self)
    let safe = TerminalText.safeJSON(json)
    #expect(!safe.unicodeScalars.contains { [0x7F, 0x9B, 0x202E, 0x1B].contains($0.value) })
    let decoded = try JSONDecoder().decode([String: String].self, from: Data(safe.utf8))
    #expect(decoded["text"] == text)
  }
}
