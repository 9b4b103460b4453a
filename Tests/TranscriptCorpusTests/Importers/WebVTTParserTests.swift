import Foundation
import Testing
import TranscriptSearch

@testable import TranscriptCorpus

/// Each case is a file written for one rule of WebVTT's parsing algorithm (W3C WebVTT,
/// §6.1 file parsing, §6.3 timings, §6.4 cue text), with the cues the algorithm gives.
@Suite("WebVTT parsing")
struct WebVTTParserTests {
  struct Cue: Equatable, CustomStringConvertible {
    var start: Int64
    var speaker: String?
    var text: String
    init(_ start: Int64, _ text: String, speaker: String? = nil) {
      self.start = start
      self.text = text
      self.speaker = speaker
    }
    var description: String { "(\(start), \(speaker ?? "-"), \(text.debugDescription))" }
  }

  func cues(_ file: String) throws -> [Cue] {
    try cues(bytes: Array(file.utf8))
  }

  func cues(bytes: [UInt8]) throws -> [Cue] {
    try TranscriptImporter(path: "t.vtt").read(bytes: bytes).corpus.map {
      Cue($0.start, $0.text, speaker: $0.speaker)
    }
  }

  func notices(_ file: String) throws -> [ImportNotice] {
    try TranscriptImporter(path: "t.vtt").read(bytes: Array(file.utf8)).notices
  }

  // §6.1 step 1: CRLF, lone CR and LF are all line terminators.
  @Test func everyLineTerminator() throws {
    let body = ["WEBVTT", "", "00:01.000 --> 00:02.000", "a", "", "00:03.000 --> 00:04.000", "b"]
    let expected = [Cue(1_000, "a"), Cue(3_000, "b")]
    for terminator in ["\n", "\r\n", "\r"] {
      #expect(
        try cues(body.joined(separator: terminator)) == expected, "\(terminator.debugDescription)")
    }
    // Mixed in one file, and a CR at the very end of a read chunk followed by an LF.
    #expect(
      try cues("WEBVTT\r\n\r00:01.000 --> 00:02.000\na\r\r\n00:03.000 --> 00:04.000\rb") == expected
    )
  }

  // §6.1 step 1: U+0000 becomes U+FFFD.
  @Test func nulBecomesTheReplacementCharacter() throws {
    let bytes = Array("WEBVTT\n\n00:01.000 --> 00:02.000\na".utf8) + [0] + Array("b\n".utf8)
    #expect(try cues(bytes: bytes) == [Cue(1_000, "a\u{FFFD}b")])
  }

  // §6.1 steps 4–6: the signature is "WEBVTT" alone or followed by a space or a tab.
  @Test func theSignature() throws {
    #expect(try cues("WEBVTT\tKind: captions\n\n00:01.000 --> 00:02.000\nx") == [Cue(1_000, "x")])
    #expect(try cues("WEBVTT - title\n\n00:01.000 --> 00:02.000\nx") == [Cue(1_000, "x")])
    #expect(throws: DatasetError.self) { try cues("WEBVTTX\n\n00:01.000 --> 00:02.000\nx") }
    #expect(throws: DatasetError.self) { try cues("webvtt\n\n00:01.000 --> 00:02.000\nx") }
    #expect(throws: DatasetError.self) { try cues("\n\nWEBVTT\n\n00:01.000 --> 00:02.000\nx") }
    // A byte-order mark is not part of the text.
    #expect(try cues("\u{FEFF}WEBVTT\n\n00:01.000 --> 00:02.000\nx") == [Cue(1_000, "x")])
  }

  // §6.1 steps 8 and 10: a file of only the signature has no cues, successfully.
  @Test func onlyTheSignature() throws {
    #expect(try cues("WEBVTT") == [])
    #expect(try cues("WEBVTT\n") == [])
    #expect(try cues("WEBVTT\n\n\n") == [])
  }

  // §6.1 step 11 and "collect a WebVTT block" step 11.4 (in header): the header ends at
  // a blank line or at a line containing "-->", which is then the first cue's.
  @Test func theHeaderEndsAtATimingLine() throws {
    #expect(try cues("WEBVTT\n00:01.000 --> 00:02.000\nfirst\n") == [Cue(1_000, "first")])
    #expect(
      try cues("WEBVTT\nKind: captions\nLanguage: en\n00:01.000 --> 00:02.000\nfirst\n")
        == [Cue(1_000, "first")])
  }

  // Block step 11.4: a "-->" line that is not the block's first or (after an
  // identifier) second line ends the cue text and starts the next block.
  @Test func cueTextEndsAtALineWithAnArrow() throws {
    let youtube = """
      WEBVTT

      00:04:46.070 --> 00:04:46.470 align:start position:0%
      yeah
      00:04:46.470 --> 00:04:50.310 align:start position:0%
      yeah what
      """
    #expect(try cues(youtube) == [Cue(286_070, "yeah"), Cue(286_470, "yeah what")])
    // An identifier and a timing line directly after cue text.
    #expect(
      try cues("WEBVTT\n\n00:01.000 --> 00:02.000\na\nid\n00:03.000 --> 00:04.000\nb")
        == [Cue(1_000, "a id"), Cue(3_000, "b")])
    // Two timing lines in a row: the first cue has no text.
    #expect(
      try cues("WEBVTT\n\n00:01.000 --> 00:02.000\n00:03.000 --> 00:04.000\nb")
        == [Cue(1_000, ""), Cue(3_000, "b")])
  }

  // Block step 11.6.1: identifiers beginning with NOTE, STYLE or REGION are identifiers;
  // only a block that *is* "STYLE" or "REGION" (before any cue) is a style or a region,
  // and a NOTE block has no timing line.
  @Test func keywordLikeIdentifiersAreCues() throws {
    let file = """
      WEBVTT

      STYLE
      ::cue { color: lime }

      REGION
      id:fred width:40%

      NOTE a comment
      00:00.500 is not a cue line

      NOTE1
      00:01.000 --> 00:02.000
      one

      STYLED-intro
      00:03.000 --> 00:04.000
      two

      REGIONAL-news
      00:05.000 --> 00:06.000
      three
      """
    #expect(try cues(file) == [Cue(1_000, "one"), Cue(3_000, "two"), Cue(5_000, "three")])
    #expect(try notices(file) == [])
  }

  // Block step 11.4.1: a block whose timing line fails is dropped (and reported here).
  @Test func aBadTimingDropsTheCueAndIsReported() throws {
    let file = "WEBVTT\n\nid\n00:01.000 --> 00:0x.000\nlost\n\n00:03.000 --> 00:04.000\nkept\n"
    #expect(try cues(file) == [Cue(3_000, "kept")])
    let reported = try notices(file)
    #expect(reported.map(\.line) == [4])
    #expect(reported.first?.kind == .skipped)
    // A block without any timing line (not a NOTE) is reported too.
    let stray = try notices("WEBVTT\n\njust text\n\n00:03.000 --> 00:04.000\nkept\n")
    #expect(stray.map(\.line) == [3])
  }

  // §6.3 "collect a WebVTT timestamp": hours optional and of any length; minutes and
  // seconds exactly two digits and at most 59; exactly three digits of milliseconds.
  @Test func theTimestampGrammar() throws {
    func start(_ timing: String) throws -> Int64? {
      try TranscriptImporter(path: "t.vtt").read(
        bytes: Array("WEBVTT\n\n\(timing)\nx\n\n00:00.000 --> 00:00.001\nanchor\n".utf8)
      ).corpus.first { $0.text == "x" }?.start
    }
    #expect(try start("01:02.003 --> 01:03.000") == 62_003)
    #expect(try start("1:02:03.004 --> 1:02:04.000") == 3_723_004)
    #expect(try start("123:00:00.000 --> 124:00:00.000") == 442_800_000)
    // Two digits over 59 are hours, so a third field is needed.
    #expect(try start("60:00.000 --> 61:00.000") == nil)
    #expect(try start("60:00:00.000 --> 61:00:00.000") == 216_000_000)
    #expect(try start("0:0:3.540 --> 0:0:7.230") == nil)
    #expect(try start("00:01.5 --> 00:02.000") == nil)
    #expect(try start("00:60.000 --> 00:61.000") == nil)
    #expect(try start("00:01,000 --> 00:02,000") == nil)
    // An hour field far past any real time: too large, not a crash.
    #expect(try start("2562047788016:00:00.000 --> 2562047788017:00:00.000") == nil)
    #expect(try start("99999999999999999999999:00:00.000 --> 1:00:00.000") == nil)
  }

  // §6.3 steps 3–12: whitespace (space, tab, form feed) around the arrow and before the
  // settings; invalid settings never make the timing fail.
  @Test func whitespaceAndSettings() throws {
    #expect(try cues("WEBVTT\n\n00:01.000\t-->\t00:02.000\tline:0\nx") == [Cue(1_000, "x")])
    #expect(
      try cues("WEBVTT\n\n\u{0C}00:01.000 --> 00:02.000 nonsense:%% vertical:up\nx") == [
        Cue(1_000, "x")
      ])
    #expect(try cues("WEBVTT\n\n00:01.000-->00:02.000\nx") == [Cue(1_000, "x")])
  }

  // The algorithm keeps a cue whose end is not after its start.
  @Test func aBackwardsCueIsKept() throws {
    #expect(try cues("WEBVTT\n\n00:05.000 --> 00:02.000\nx") == [Cue(5_000, "x")])
  }

  // §6.4: tags dropped, the first voice's annotation the speaker (whitespace collapsed),
  // character references decoded: named (with and without ';'), decimal, hexadecimal,
  // and HTML's replacements for numbers that are not characters.
  @Test func cueTextTagsVoicesAndReferences() throws {
    func text(_ cue: String) throws -> Cue? {
      try cues("WEBVTT\n\n00:01.000 --> 00:02.000\n\(cue)").first
    }
    #expect(
      try text("<v.loud   Ada   Lovelace >Hi</v> <i>there</i>")
        == Cue(1_000, "Hi there", speaker: "Ada Lovelace"))
    #expect(try text("<v Ada>a</v><v Bob>b</v>") == Cue(1_000, "ab", speaker: "Ada"))
    #expect(try text("a <00:00:01.500>b <c.x.y>c</c> <ruby>d<rt>e</rt></ruby>")?.text == "a b c de")
    #expect(
      try text("&amp; &lt;&gt; &nbsp;&eacute;&Eacute; &hearts; &NotNestedGreaterGreater;")?.text
        == "& <> \u{A0}éÉ ♥ \u{2AA2}\u{338}")
    #expect(
      try text("&amp &copy2 &notit; &#65;&#x42;&#X43 &#0; &#x110000; &#128; &#xD800;")?.text
        == "& ©2 ¬it; ABC \u{FFFD} \u{FFFD} € \u{FFFD}")
    #expect(try text("AT&T &unknown; & &#; &#x;")?.text == "AT&T &unknown; & &#; &#x;")
    // A "<" without its ">" starts a tag that runs to the end of the cue text.
    #expect(try text("2 < 3 is true")?.text == "2")
    #expect(try text("line one\n  line two  ")?.text == "line one line two")
  }

  // Voices alternating among more people than the parser keeps recent voices for, some
  // of the same length, some written with extra whitespace or a character reference:
  // each cue has its own speaker, as if it were the only cue.
  @Test func voicesAlternatingAmongManyPeople() throws {
    let voices: [(written: String, speaker: String)] = [
      ("Ann", "Ann"), ("Bob", "Bob"), ("  Ann ", "Ann"), ("Eve", "Eve"), ("Ann Lee", "Ann Lee"),
      ("Ann  Lee", "Ann Lee"), ("A&amp;B", "A&B"), ("A&B", "A&B"), ("王伟", "王伟"),
      ("Анна", "Анна"), ("Zoë", "Zoë"), ("Zoe", "Zoe"), ("Dan", "Dan"), ("Cy", "Cy"),
    ]
    // Each voice many times, in an order that revisits old ones after many others.
    var order: [Int] = []
    var state: UInt64 = 7
    for _ in 0..<300 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      order.append(Int(state >> 33) % voices.count)
    }
    var file = "WEBVTT\n"
    for (cue, voice) in order.enumerated() {
      file += "\n00:\(String(format: "%02d", cue / 60)):\(String(format: "%02d", cue % 60)).000"
      file += " --> 01:00:00.000\n<v \(voices[voice].written)>line \(cue)\n"
    }
    let expected = order.enumerated().map { cue, voice in
      Cue(Int64(cue) * 1_000, "line \(cue)", speaker: voices[voice].speaker)
    }
    #expect(try cues(file) == expected)
  }

  // Block step 11.5: a blank line ends the cue; a whitespace-only line is text.
  @Test func blankAndWhitespaceLines() throws {
    #expect(try cues("WEBVTT\n\n00:01.000 --> 00:02.000\na\n \nb\n\nc") == [Cue(1_000, "a b")])
  }

  // The shapes the web platform's own parser tests check (their file-parsing suite, run
  // against `tsbench import` outside this suite: every cue count, text and start agrees):
  // a line with an arrow but no timings is a failed timing line, so the real one after
  // it starts the next block; a NUL (U+FFFD once read) anywhere in a timestamp or the
  // arrow fails the timings, and after the signature keeps the next line in the header;
  // form feed is whitespace around the arrow, vertical tab is not.
  @Test func linesTheWebPlatformTestsCheck() throws {
    let arrows = ["-->", "foo-->", "-->foo", "--->", "-->-->", "00:00.000 -a -->"]
    var file = "WEBVTT\n\n"
    for (index, arrow) in arrows.enumerated() {
      file += "\(arrow)\n00:0\(index).000 --> 00:09.000\ntext\(index)\n"
    }
    #expect(try cues(file) == arrows.indices.map { Cue(Int64($0) * 1_000, "text\($0)") })

    let timing = Array("00:01.000 --> 00:02.000".utf8)
    for place in 0...timing.count {
      var line = timing
      line.insert(0, at: place)
      let bytes =
        Array("WEBVTT\n\n".utf8) + line + Array("\nlost\n\n00:03.000 --> 00:04.000\nkept".utf8)
      // A NUL after the end timestamp is in the settings, which never fail.
      let expected =
        place == timing.count ? [Cue(1_000, "lost"), Cue(3_000, "kept")] : [Cue(3_000, "kept")]
      #expect(try cues(bytes: bytes) == expected, "NUL at \(place)")
    }
    #expect(
      try cues(
        bytes: Array("WEBVTT\n".utf8) + [0] + Array("\nheader\n00:01.000 --> 00:02.000\nx".utf8))
        == [Cue(1_000, "x")])

    #expect(
      try cues("WEBVTT\n\n\u{0C}00:01.000\u{0C}-->\u{0C}00:02.000\u{0C}\nx") == [Cue(1_000, "x")])
    #expect(
      try cues("WEBVTT\n\n\u{0B}00:01.000\u{0B}-->\u{0B}00:02.000\nx\n\n00:03.000 --> 00:04.000\ny")
        == [Cue(3_000, "y")])
  }
}
