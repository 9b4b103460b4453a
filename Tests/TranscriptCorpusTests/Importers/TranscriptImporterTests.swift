import Foundation
import Testing
import TranscriptSearch

@testable import TranscriptCorpus

@Suite("TranscriptImporter")
struct TranscriptImporterTests {
  func importing(
    _ text: String, _ format: TranscriptFormat, strict: Bool = false
  ) throws -> TranscriptImporter.Result {
    var importer = try TranscriptImporter(path: "test.\(format.rawValue)", format: format)
    importer.strict = strict
    return try importer.read(bytes: Array(text.utf8))
  }

  func malformed(_ text: String, _ format: TranscriptFormat) -> (line: Int, reason: String)? {
    do {
      _ = try importing(text, format)
      return nil
    } catch {
      guard case .malformedCue(_, let line, let reason)? = error as? DatasetError else {
        return nil
      }
      return (line, reason)
    }
  }

  @Test func readsSubRipWithItsEdgeCases() throws {
    // A byte-order mark, CRLF line ends, a multi-line cue, "-->" inside text, tags,
    // and no newline after the last cue.
    let srt =
      "\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <i>there</i>\r\nsecond line\r\n\r\n"
      + "2\r\n00:01:00,250 --> 00:01:03,000\r\nthe arrow --> stays text\r\n\r\n"
      + "3\n01:02:03,004 --> 01:02:04,000\nLast cue, no final newline"
    let rows = Array(try importing(srt, .srt).corpus)
    #expect(
      rows == [
        TranscriptRow(start: 1_000, text: "Hello there second line"),
        TranscriptRow(start: 60_250, text: "the arrow --> stays text"),
        TranscriptRow(start: 3_723_004, text: "Last cue, no final newline"),
      ])
  }

  @Test func readsWebVTTWithItsEdgeCases() throws {
    let vtt = """
      WEBVTT - a title

      NOTE this is a comment
      spanning two lines

      STYLE
      ::cue { color: yellow }

      intro
      00:01.000 --> 00:04.000 position:10% align:start
      <v Ada Lovelace>The engine &amp; the <b>numbers</b>

      00:00:05.500 --> 00:00:07.000
      <v.loud Bob>Zephyr!</v> &lt;applause&gt;
      <c.blue>second</c> line <00:00:06.000>timed

      00:08.000 --> 00:09.000
      no voice here
      """
    let rows = Array(try importing(vtt, .vtt).corpus)
    #expect(
      rows == [
        TranscriptRow(start: 1_000, speaker: "Ada Lovelace", text: "The engine & the numbers"),
        TranscriptRow(start: 5_500, speaker: "Bob", text: "Zephyr! <applause> second line timed"),
        TranscriptRow(start: 8_000, speaker: nil, text: "no voice here"),
      ])
  }

  @Test func unreadableBlocksAreSkippedAndNamedOrUnderStrictStopTheImport() throws {
    let srt =
      "1\n00:00:01,000 --> 00:00:02,000\nfirst\n\n2\nnot a timing\nlost\n\n"
      + "3\n00:00:09,000 --> 00:00:xx,000\nbad time\n\n4\n00:00:11,000 --> 00:00:12,000\nfourth\n"
    let result = try importing(srt, .srt)
    #expect(result.corpus.map(\.text) == ["first", "fourth"])
    #expect(result.notices.map(\.line) == [5, 10])
    #expect(result.notices[0].reason.contains("\"2\""))
    #expect(result.notices[1].reason.contains("00:00:xx,000"))
    #expect(
      throws: DatasetError.malformedCue(
        path: "(input)", line: 5,
        reason: result.notices[0].reason + " (without --strict it is skipped)")
    ) {
      try importing(srt, .srt, strict: true)
    }
    let noHeader = malformed("00:01.000 --> 00:02.000\nhello\n", .vtt)
    #expect(noHeader?.line == 1)
    #expect(noHeader?.reason.contains("WEBVTT") == true)
    // Not one cue: the file is unusable, and the message says why.
    let nothing = malformed("just some text\nand more\n", .srt)
    #expect(nothing?.line == 1)
    #expect(nothing?.reason.hasPrefix("no cue could be read") == true)
  }

  @Test func anEmptyInputIsTheSameErrorInEveryFormat() throws {
    for format in TranscriptFormat.allCases {
      for bytes in [[], [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
        let importer = try TranscriptImporter(path: "x", format: format)
        #expect(throws: DatasetError.self, "\(format) \(bytes)") { try importer.read(bytes: bytes) }
        do {
          _ = try importer.read(bytes: bytes)
        } catch {
          #expect("\(error)".contains("the file is empty"), "\(format): \(error)")
        }
      }
    }
  }

  @Test func readsUTF16InBothByteOrders() throws {
    let text = "WEBVTT\n\n00:01.000 --> 00:02.000\n<v Zoë>Straße 👍🏽\n"
    for bigEndian in [false, true] {
      var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
      for unit in text.utf16 {
        bytes +=
          bigEndian
          ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      }
      let rows = Array(try TranscriptImporter(path: "x.vtt").read(bytes: bytes).corpus)
      #expect(
        rows == [TranscriptRow(start: 1_000, speaker: "Zoë", text: "Straße 👍🏽")], "\(bigEndian)")
    }
  }

  @Test func invalidUTF8IsRepairedAndCountedOrRejectedWithItsOffset() throws {
    let bytes = Array("line one\nbad ".utf8) + [0xFF, 0xC3] + Array(" bytes\n".utf8)
    let importer = try TranscriptImporter(path: "x.txt")
    let repaired = try importer.read(bytes: bytes)
    #expect(repaired.repairedSequences == 2)
    #expect(repaired.corpus[1].text == "bad \u{FFFD}\u{FFFD} bytes")
    var strict = importer
    strict.strict = true
    #expect(throws: DatasetError.invalidUTF8(path: "(input)", line: 2, byteOffset: 13)) {
      try strict.read(bytes: bytes)
    }
  }

  @Test func plainTextAndEmptyRowsAndNoFinalNewline() throws {
    let rows = Array(try importing("one\n\nthree", .text).corpus)
    #expect(rows.map(\.text) == ["one", "", "three"])
  }

  @Test func formatsComeFromTheExtensionOrAreAsked() {
    #expect((try? TranscriptImporter(path: "a.SRT"))?.format == .srt)
    #expect((try? TranscriptImporter(path: "a.vtt"))?.format == .vtt)
    #expect(throws: DatasetError.self) { try TranscriptImporter(path: "a.docx") }
  }

  /// SubRip → JSON Lines → search finds what the SubRip held.
  @Test func subRipRoundTripsThroughJSONLinesToSearch() async throws {
    let folder = NSTemporaryDirectory() + "tsb-import-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let srt = (1...50).map { index in
      "\(index)\n00:00:\(String(format: "%02d", index % 60)),000 --> 00:00:\(String(format: "%02d", index % 60)),500\n"
        + (index % 10 == 0 ? "the STRASSE number \(index)" : "cue \(index)") + "\n"
    }.joined(separator: "\n")
    try Data(srt.utf8).write(to: URL(fileURLWithPath: "\(folder)/in.srt"))
    let imported = try TranscriptImporter(path: "\(folder)/in.srt").read().corpus
    let writer = try JSONLinesWriter(path: "\(folder)/out.jsonl")
    for row in imported { try writer.write(row) }
    try writer.finish()
    let reloaded = try TranscriptImporter(path: "\(folder)/out.jsonl").read().corpus
    #expect(reloaded == imported)
    let matches = try await FoldedMatcher(corpus: reloaded).matches(of: "straße")
    #expect(matches.map(\.row) == [9, 19, 29, 39, 49])
  }
}

@Suite("SubtitleWriter")
struct SubtitleWriterTests {
  @Test(arguments: [TranscriptFormat.srt, .vtt])
  func writtenCuesImportBackToTheSameRows(_ format: TranscriptFormat) throws {
    let path = NSTemporaryDirectory() + "tsb-sub-\(UUID().uuidString).\(format.rawValue)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var (corpus, _) = TranscriptGenerator(script: .mixed, seed: 8).makeCorpus(rows: 300)
    // Text that needs escaping in WebVTT.
    corpus.append(TranscriptRow(start: 999_999, speaker: "A & B", text: "1 < 2 --> 3 &amp; <b>"))
    let writer = try SubtitleWriter(path: path, format: format)
    for row in corpus { try writer.write(row, end: row.start + 1_500) }
    try writer.finish()
    let imported = try TranscriptImporter(path: path).read().corpus
    #expect(imported.count == corpus.count)
    if format == .vtt {
      #expect(Array(imported) == Array(corpus))
    } else {
      // SubRip has no speakers and drops tags.
      #expect(imported.map(\.text).dropLast() == corpus.map(\.text).dropLast())
    }
    #expect(imported.map(\.start) == corpus.map(\.start))
    #expect(SubtitleWriter.timestamp(3_723_004, .srt) == "01:02:03,004")
    #expect(SubtitleWriter.timestamp(3_723_004, .vtt) == "01:02:03.004")
  }

  @Test func aLongRowWithoutANewlineAndManyEmptyRowsImport() throws {
    let long = String(repeating: "straße ", count: 150_000)  // about 1 MB, one line
    let rows = try TranscriptImporter(path: "x.txt").read(bytes: Array(long.utf8)).corpus
    #expect(rows.count == 1)
    #expect(rows[0].text == long)
    let empty = String(repeating: "{\"text\":\"\"}\n", count: 50_000)
    let emptyRows = try TranscriptImporter(path: "x.jsonl").read(bytes: Array(empty.utf8)).corpus
    #expect(emptyRows.count == 50_000)
    #expect(emptyRows.utf8TextCount == 0)
  }
}
