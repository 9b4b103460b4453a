import Foundation
import Testing
import TranscriptSearch

@testable import TranscriptCorpus

/// A large UTF-8 file is read in parts on every core; the answer must be the streaming
/// reader's, to the row, the repair and the line and offset of the first problem.
@Suite("JSON Lines read in parts")
struct JSONLinesInPartsTests {
  /// 160,000 rows (about 11 MB) in several scripts, with escapes and speakers that
  /// change; `replacing` gives other bytes for some lines.
  static func largeFile(lineEnd: String = "\n", replacing: (Int) -> [UInt8]? = { _ in nil })
    -> [UInt8]
  {
    let texts = [
      "plain words and more words", "量子 👨‍👩‍👧 🇯🇵 cafe\u{301} Straße", "quote \" tab \t",
      "Привет мир, ΣΊΣΥΦΟΣ", "สวัสดีครับ नमस्ते",
    ]
    let speakers = ["Ada", "王伟", "Zoë", nil]
    var bytes: [UInt8] = []
    var line = 0
    while line < 160_000 {
      line += 1
      if let replaced = replacing(line) {
        bytes += replaced
      } else {
        let text = texts[line % texts.count] + " \(line)"
        let speaker = speakers[line % speakers.count]
        bytes += #"{"start":\#(line)"#.utf8
        if let speaker {
          bytes += #","speaker":"#.utf8
          Array(speaker.utf8).withUnsafeBufferPointer {
            JSONLinesWriter.appendJSONString($0, to: &bytes)
          }
        }
        bytes += #","text":"#.utf8
        Array(text.utf8).withUnsafeBufferPointer {
          JSONLinesWriter.appendJSONString($0, to: &bytes)
        }
        bytes += "}".utf8
      }
      bytes += lineEnd.utf8
    }
    return bytes
  }

  /// The streaming reader's answer for the same bytes.
  static func streamed(_ bytes: [UInt8], strict: Bool) throws -> TranscriptImporter.Result {
    var importer = try TranscriptImporter(path: "same.jsonl")
    importer.strict = strict
    return try importer.read(bytes: bytes)
  }

  /// The error reading `path` in parts gives, if any (not the rows: too many to print).
  static func error(reading path: String, windowBytes: Int = 256 << 10) -> DatasetError? {
    var reader = JSONLinesReader(path: path)
    reader.windowBytes = windowBytes
    do {
      _ = try reader.read()
      return nil
    } catch {
      return error
    }
  }

  static func line(_ error: DatasetError) -> Int? {
    switch error {
    case .malformedLine(_, let line, _, _), .invalidUTF8(_, let line, _): line
    default: nil
    }
  }

  /// Line ends, the window each part is read in (the default; smaller than a few lines;
  /// smaller than a line, which the window then grows to hold), and whether the last
  /// line ends.
  @Test(arguments: [
    ("\n", 256 << 10, true), ("\n", 4_096, false), ("\n", 64, true), ("\r\n", 256 << 10, true),
    ("\r\n", 4_096, true), ("\r\n", 64, false), ("\r", 4_096, true), ("\r", 64, false),
  ])
  func givesTheStreamingReadersRows(lineEnd: String, windowBytes: Int, lastLineEnds: Bool) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    var bytes = Self.largeFile(lineEnd: lineEnd)
    if !lastLineEnds { bytes.removeLast(lineEnd.utf8.count) }
    try #require(bytes.count >= 2 * JSONLinesReader.minimumBytesPerPart)
    let path = try folder.write(bytes: bytes, to: "large.jsonl")
    var reader = JSONLinesReader(path: path)
    reader.windowBytes = windowBytes
    #expect(try reader.readInPartsIfLarge() != nil)
    let read = try reader.read()
    let expected = try Self.streamed(bytes, strict: true).corpus
    #expect(read.corpus.count == expected.count)
    #expect(read.corpus == expected, "the rows differ")
    #expect(read.corpus.speakers == expected.speakers)
    #expect(read.corpus.startTimesAreOrdered)
  }

  @Test func theFirstRowsAreReadAlone() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let bytes = Self.largeFile()
    let path = try folder.write(bytes: bytes, to: "large.jsonl")
    let whole = try Self.streamed(bytes, strict: true).corpus
    for count in [0, 1, 40] {
      let first = try JSONLinesReader(path: path).readFirstRows(count)
      #expect(Array(first) == Array(whole.prefix(count)))
    }
    let tiny = try folder.write("{\"text\":\"a\"}\n\n{\"text\":\"b\"}", to: "tiny.jsonl")
    #expect(try JSONLinesReader(path: tiny).readFirstRows(5).map(\.text) == ["a", "b"])
    let bad = try folder.write("{\"text\":\"a\"}\n{\"text\":1}\n", to: "bad.jsonl")
    #expect(try JSONLinesReader(path: bad).readFirstRows(1).count == 1)
    #expect(throws: DatasetError.self) { try JSONLinesReader(path: bad).readFirstRows(2) }
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let bytes = Self.largeFile()
    let path = try folder.write(bytes: [0xEF, 0xBB, 0xBF] + bytes, to: "marked.jsonl")
    let read = try JSONLinesReader(path: path).read().corpus
    #expect(read == (try Self.streamed(bytes, strict: true).corpus), "the rows differ")
  }

  @Test(arguments: [256 << 10, 64])
  func aProblemLateInTheFileIsNamedByItsLineInTheWholeFile(windowBytes: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    // Far past the middle, so it lies in the last part.
    let bad = 150_000
    let bytes = Self.largeFile { $0 == bad ? Array(#"{"text": 12}"#.utf8) : nil }
    let path = try folder.write(bytes: bytes, to: "bad.jsonl")
    #expect(Self.error(reading: path, windowBytes: windowBytes).map(Self.line) == bad)
  }

  @Test(arguments: [256 << 10, 64])
  func invalidUTF8LateInTheFileIsRejectedAtItsOffsetOrRepairedAndCounted(windowBytes: Int) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let bad: Set = [3, 120_000, 150_001]
    let bytes = Self.largeFile {
      bad.contains($0)
        ? Array(#"{"text":"bad "#.utf8) + [0xC3, 0x28, 0xFF] + Array(#""}"#.utf8) : nil
    }
    let path = try folder.write(bytes: bytes, to: "invalid.jsonl")
    var expectedError: DatasetError?
    do { _ = try Self.streamed(bytes, strict: true) } catch {
      expectedError = error as? DatasetError
    }
    #expect(expectedError.map(Self.line) == 3)
    #expect(
      Self.error(reading: path, windowBytes: windowBytes)
        == expectedError.map { $0.renamed(to: path) })
    var repairing = JSONLinesReader(path: path, repairsInvalidUTF8: true)
    repairing.windowBytes = windowBytes
    let repaired = try repairing.read()
    let expected = try Self.streamed(bytes, strict: false)
    #expect(repaired.repairedSequences == 6)
    #expect(repaired.repairedSequences == expected.repairedSequences)
    #expect(repaired.corpus == expected.corpus, "the rows differ")
  }

  @Test func repairsThatOutgrowAPartsRoomAreJoinedAllTheSame() throws {
    // Every invalid byte becomes the three of U+FFFD: texts of such bytes outgrow the
    // lines they came from, and the room their part had for them.
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let garbage =
      Array(#"{"text":""#.utf8) + [UInt8](repeating: 0xFF, count: 200) + Array(#""}"#.utf8)
    let bytes = Self.largeFile { $0 % 4 == 0 || $0 > 100_000 ? garbage : nil }
    let path = try folder.write(bytes: bytes, to: "garbage.jsonl")
    let repaired = try JSONLinesReader(path: path, repairsInvalidUTF8: true).read()
    let expected = try Self.streamed(bytes, strict: false)
    #expect(repaired.repairedSequences == expected.repairedSequences)
    #expect(repaired.corpus == expected.corpus, "the rows differ")
    #expect(repaired.corpus.speakers == expected.corpus.speakers)
  }
}

extension DatasetError {
  /// The same problem in a file at `path`.
  fileprivate func renamed(to path: String) -> DatasetError {
    switch self {
    case .invalidUTF8(_, let line, let byteOffset):
      .invalidUTF8(path: path, line: line, byteOffset: byteOffset)
    case .malformedLine(_, let line, let column, let reason):
      .malformedLine(path: path, line: line, column: column, reason: reason)
    default: self
    }
  }
}
