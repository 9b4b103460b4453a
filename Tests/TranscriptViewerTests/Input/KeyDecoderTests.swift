import Testing

@testable import TranscriptViewer

/// The bytes xterm, tmux and the Linux console send for each key (xterm's ctlseqs: "PC-Style
/// Function Keys"; kitty's keyboard protocol for CSI u).
@Suite struct KeyDecoderTests {
  func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes)
  }

  func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

  @Test func textArrivesAsOneKeyPerRead() {
    #expect(keys("zeph") == [.text("zeph")])
    #expect(keys("日本") == [.text("日本")])
    #expect(keys("a\rb") == [.text("a"), .enter, .text("b")])
  }

  @Test func controlKeys() {
    #expect(keys([0x7F]) == [.backspace])
    #expect(keys([0x08]) == [.backspace])
    #expect(keys([0x09]) == [.tab])
    #expect(keys([0x03]) == [.control("c")])
    #expect(keys([0x0E, 0x10]) == [.control("n"), .control("p")])
    #expect(keys([0x1A]) == [.control("z")])
  }

  @Test func escapeSequences() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OB") == [.up, .down])
    #expect(keys("\u{1B}[5~\u{1B}[6~") == [.pageUp, .pageDown])
    #expect(keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~") == [.home, .end, .home, .end])
    #expect(keys("\u{1B}OR\u{1B}[1;2R") == [.f3, .shiftF3])
    #expect(keys("\u{1B}[13;2u") == [.shiftEnter])
    #expect(keys("\u{1B}[27;2;13~") == [.shiftEnter])
    #expect(keys("\u{1B}w") == [.alt("w")])
    #expect(keys("\u{1B}[1;5A") == [.up])
    #expect(keys("\u{1B}[99x") == [.unknown])
  }

  /// An ESC at the end of a read may start a sequence: it waits; alone, it is Escape.
  @Test func aLoneEscapeWaitsForTheRest() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.hasPending)
    #expect(decoder.decode(Array("[A".utf8)) == [.up])
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.flushPendingEscape() == [.escape])
    #expect(!decoder.hasPending)
  }

  /// A character split between reads is held until it is whole.
  @Test func aSplitCharacterIsHeld() {
    var decoder = KeyDecoder()
    let bytes = Array("é".utf8)
    #expect(decoder.decode(bytes[..<1]) == [])
    #expect(decoder.decode(bytes[1...]) == [.text("é")])
  }
}
