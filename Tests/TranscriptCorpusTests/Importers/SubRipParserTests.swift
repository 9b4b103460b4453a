import Testing
import TranscriptSearch

@testable import TranscriptCorpus

/// SubRip as real readers accept it, one written file per rule.
@Suite("SubRip parsing")
struct SubRipParserTests {
  func read(_ file: String) throws -> TranscriptImporter.Result {
    try TranscriptImporter(path: "t.srt").read(bytes: Array(file.utf8))
  }

  func rows(_ file: String) throws -> [String] {
    try read(file).corpus.map { "\($0.start): \($0.text)" }
  }

  @Test func aTimingLineStartsACueWithoutABlankLineBefore() throws {
    let file =
      "1\n00:00:01,000 --> 00:00:02,000\nline a\n2\n00:00:03,000 --> 00:00:04,000\nline b\n"
    #expect(try rows(file) == ["1000: line a", "3000: line b"])
    // Without numbers too.
    #expect(
      try rows("00:00:01,000 --> 00:00:02,000\na\n00:00:03,000 --> 00:00:04,000\nb")
        == ["1000: a", "3000: b"])
  }

  @Test func anEmptyCueIsAnEmptyRow() throws {
    let file = "1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\ntext\n"
    #expect(try rows(file) == ["1000: ", "3000: text"])
    #expect(try read(file).notices == [])
  }

  @Test func numbersMissingOrOutOfOrder() throws {
    let file =
      "7\n00:00:01,000 --> 00:00:02,000\na\n\n00:00:03,000 --> 00:00:04,000\nb\n\n2\n00:00:05,000 --> 00:00:06,000\nc\n"
    #expect(try rows(file) == ["1000: a", "3000: b", "5000: c"])
  }

  @Test func timestampVariants() throws {
    #expect(try rows("1\n0:00:01.500 --> 0:00:02.000\na") == ["1500: a"])
    #expect(try rows("1\n00:0:1,5 --> 00:0:2,0\na") == ["1005: a"])
    #expect(try rows("1\n100:00:00,000 --> 100:00:01,000\na") == ["360000000: a"])
    #expect(
      try rows("1\n00:00:01,000 --> 00:00:02,000  X1:100 X2:200 Y1:10 Y2:20\na") == ["1000: a"])
    #expect(try rows("1\n 00:00:01,000\t-->\t00:00:02,000\na") == ["1000: a"])
  }

  @Test func strayBlankLinesAndLineEndings() throws {
    let body = [
      "", "", "1", "00:00:01,000 --> 00:00:02,000", "a", "", "", "", "2",
      "00:00:03,000 --> 00:00:04,000", "b", "", "",
    ]
    for terminator in ["\n", "\r\n", "\r"] {
      #expect(try rows(body.joined(separator: terminator)) == ["1000: a", "3000: b"])
    }
    #expect(try rows("\u{FEFF}1\n00:00:01,000 --> 00:00:02,000\na") == ["1000: a"])
  }

  @Test func tagsAndOverridesAreDropped() throws {
    #expect(
      try rows(
        "1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<i>Hello</i> <font color=\"red\">there</font>")
        == ["1000: Hello there"])
    // An arrow inside the text is text.
    #expect(try rows("1\n00:00:01,000 --> 00:00:02,000\na --> b") == ["1000: a --> b"])
  }

  @Test func anUnreadableTimingLineSkipsItsBlockAndIsReported() throws {
    let file =
      "1\n00:00:01,000 --> 00:00:02,000\na\n\n2\n00:00:0x,000 --> 00:00:04,000\nlost\n\n3\n00:00:05,000 --> 00:00:06,000\nc\n"
    let result = try read(file)
    #expect(result.corpus.map(\.text) == ["a", "c"])
    #expect(result.notices.map(\.line) == [6])
    #expect(result.notices.first?.reason.contains("00:00:0x,000") == true)
  }

  @Test func hugeHourFieldsAreReportedNotACrash() throws {
    let file =
      "1\n2562047788016:00:00,000 --> 2562047788017:00:00,000\nbig\n\n2\n00:00:01,000 --> 00:00:02,000\nok\n"
    let result = try read(file)
    #expect(result.corpus.map(\.text) == ["ok"])
    #expect(result.notices.first?.reason.contains("too large") == true)
    let largest = "1\n2562047788015:00:00,000 --> 2562047788015:00:01,000\nfits\n"
    #expect(try read(largest).corpus.first?.start == 2_562_047_788_015 * 3_600_000)
  }
}
