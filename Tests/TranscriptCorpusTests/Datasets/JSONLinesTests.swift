import Foundation
import Testing
import TranscriptSearch

@testable import TranscriptCorpus

@Suite("JSON Lines")
struct JSONLinesTests {
  let tricky = [
    TranscriptRow(
      start: 0, speaker: "Ada \"the\" \\ Countess", text: "quote \" backslash \\ slash /"),
    TranscriptRow(start: 12, speaker: nil, text: "line\nbreak\r\n tab\t bell\u{7} nul\u{0}"),
    TranscriptRow(start: -5, speaker: "王伟", text: "量子 👨‍👩‍👧 🇯🇵 cafe\u{301} Straße"),
    TranscriptRow(start: Int64.max, speaker: "", text: ""),
  ]

  @Test func roundTripsAnyText() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let writer = try JSONLinesWriter(path: folder.file("rows.jsonl"))
    for row in tricky { try writer.write(row) }
    try writer.finish()
    let result = try JSONLinesReader(path: folder.file("rows.jsonl")).read()
    #expect(Array(result.corpus) == tricky)
    #expect(result.repairedSequences == 0)
  }

  /// Readers remember speakers by their bytes: more names than they remember, names
  /// that come back, escaped and equivalent spellings, text with and without escapes,
  /// and a key given twice (the last one counts, as in most JSON readers).
  @Test func manySpeakersComingBackAndRepeatedKeys() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let names = (0..<150).map { "Speaker \($0) \"é\"" } + ["Zoe\u{308}", "Zoë", "", "\\"]
    var expected: [TranscriptRow] = []
    var lines = ""
    for row in 0..<1_200 {
      let speaker = row % 7 == 0 ? nil : names[(row * 37) % names.count]
      let text = row % 3 == 0 ? "line \(row) with \"quotes\"" : "line \(row) 量子"
      expected.append(TranscriptRow(start: Int64(row), speaker: speaker, text: text))
      let speakerValue: Any = speaker ?? NSNull()
      let written = try JSONSerialization.data(
        withJSONObject: ["start": row, "speaker": speakerValue, "text": text])
      lines += String(decoding: written, as: UTF8.self) + "\n"
    }
    lines += #"{"text":"first","speaker":"A","text":"second","speaker":null}"# + "\n"
    expected.append(TranscriptRow(start: 0, speaker: nil, text: "second"))
    let path = try folder.write(lines, to: "speakers.jsonl")
    let rows = Array(try JSONLinesReader(path: path).read().corpus)
    #expect(rows == expected)
    for (row, want) in zip(rows, expected) where row.speaker != want.speaker {
      Issue.record("\(row) should be \(want)")
      break
    }
  }

  @Test func writtenLinesAreValidJSONForOtherTools() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let writer = try JSONLinesWriter(path: folder.file("rows.jsonl"))
    for row in tricky { try writer.write(row) }
    try writer.finish()
    let lines = try String(contentsOfFile: folder.file("rows.jsonl"), encoding: .utf8)
      .split(separator: "\n")
    #expect(lines.count == tricky.count)
    for (line, row) in zip(lines, tricky) {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      #expect(object["text"] as? String == row.text)
      #expect(object["speaker"] as? String == row.speaker)
    }
  }

  @Test func acceptsAnyValidObjectLayout() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write(
      """
      { "text" : "a\\u00e9\\ud83d\\udc4d" , "start" : 7 }\r
      {"extra":{"nested":[1,2.5e3,true,false,null,"}"]},"speaker":null,"text":"b","start":-1}

         \t
      {"text":"c","speaker":"Zoë","id":"x\\"y"}
      """, to: "layout.jsonl")
    let rows = Array(try JSONLinesReader(path: path).read().corpus)
    #expect(
      rows == [
        TranscriptRow(start: 7, speaker: nil, text: "aé👍"),
        TranscriptRow(start: -1, speaker: nil, text: "b"),
        TranscriptRow(start: 0, speaker: "Zoë", text: "c"),
      ])
  }

  @Test(arguments: [
    ("{\"start\":1}", 1, "missing \"text\""),
    ("{\"text\":5}", 1, "\"text\" must be a string"),
    ("not json", 1, "expected '{'"),
    ("{\"text\":\"unterminated}", 1, "unterminated string"),
    ("{\"text\":\"a\"} trailing", 1, "unexpected characters"),
    ("{\"text\":\"a\",\"start\":1.5}", 1, "must be an integer"),
    ("{\"text\":\"\\ud800\"}", 1, "unpaired surrogate"),
    ("{\"text\":\"a\\qb\"}", 1, "unknown escape"),
    ("{\"text\":\"a\"}\n{\"text\":\"b\"\n", 2, "expected ',' or '}'"),
    ("{\"text\":\"tab\there\"}", 1, "control character"),
  ])
  func malformedLinesNameTheFileAndLine(_ text: String, line: Int, reason: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write(text, to: "bad.jsonl")
    let error = #expect(throws: DatasetError.self) { try JSONLinesReader(path: path).read() }
    guard case .malformedLine(let errorPath, let errorLine, _, let errorReason) = error else {
      Issue.record("expected a malformed line for \(text), got \(String(describing: error))")
      return
    }
    #expect(errorPath == path)
    #expect(errorLine == line)
    #expect(errorReason.contains(reason), "\(errorReason)")
  }

  @Test func invalidUTF8IsRejectedWithItsByteOffsetOrRepairedAndCounted() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let first = Array("{\"text\":\"ok\"}\n".utf8)
    let second = Array("{\"text\":\"a".utf8) + [0xC3, 0x28, 0xFF] + Array("b\"}\n".utf8)
    let path = try folder.write(bytes: first + second, to: "bad.jsonl")
    #expect(throws: DatasetError.invalidUTF8(path: path, line: 2, byteOffset: first.count + 10)) {
      try JSONLinesReader(path: path).read()
    }
    let repaired = try JSONLinesReader(path: path, repairsInvalidUTF8: true).read()
    #expect(repaired.repairedSequences == 2)
    #expect(repaired.corpus[1].text == "a\u{FFFD}(\u{FFFD}b")
  }

  @Test func aMissingFileIsNamed() {
    let error = #expect(throws: DatasetError.self) {
      try JSONLinesReader(path: "/nonexistent/rows.jsonl").read()
    }
    #expect("\(String(describing: error))".contains("/nonexistent/rows.jsonl"))
  }

  @Test func linesLongerThanTheReadChunkAreReadWhole() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let long = String(repeating: "word ", count: 400_000)
    let path = try folder.write("{\"text\":\"\(long)\"}\n{\"text\":\"end\"}", to: "long.jsonl")
    var reader = InputLines(.path(path))
    reader.chunkSize = 4096
    var lengths: [Int] = []
    try reader.forEachLine { line, _, _ in lengths.append(line.count) }
    #expect(lengths == [long.utf8.count + 11, 14])
    #expect(try JSONLinesReader(path: path).read().corpus[0].text == long)
  }
}
