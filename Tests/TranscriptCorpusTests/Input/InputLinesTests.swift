import Foundation
import Testing

@testable import TranscriptCorpus

@Suite("InputLines")
struct InputLinesTests {
  func lines(
    _ bytes: [UInt8], chunkSize: Int = 1 << 20, encoding: TextEncoding? = nil,
    strict: Bool = false
  ) throws -> (lines: [String], input: InputLines) {
    var input = InputLines(.bytes(bytes), strict: strict, encoding: encoding)
    input.chunkSize = chunkSize
    var lines: [String] = []
    try input.forEachLine { line, _, _ in lines.append(String(decoding: line, as: UTF8.self)) }
    return (lines, input)
  }

  func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
    var bytes: [UInt8] = mark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
      bytes +=
        bigEndian
        ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    return bytes
  }

  @Test func everyTerminatorEvenAcrossChunks() throws {
    let text = Array("a\r\nb\rc\nd\r\r\ne".utf8)
    for chunk in [1, 2, 3, 4, 1 << 20] {
      #expect(try lines(text, chunkSize: chunk).lines == ["a", "b", "c", "d", "", "e"], "\(chunk)")
    }
  }

  @Test func utf16WithoutAMarkIsRecognisedFromItsZeroBytes() throws {
    for bigEndian in [false, true] {
      let bytes = utf16("WEBVTT\nStraße 👍\n", bigEndian: bigEndian, mark: false)
      let (read, input) = try lines(bytes)
      #expect(read == ["WEBVTT", "Straße 👍"])
      #expect(input.encoding == .utf16(bigEndian: bigEndian))
    }
    // Text in a script without zero bytes is not guessed: it stays UTF-8 (and is repaired).
    let (_, input) = try lines(utf16("数据数据数据", bigEndian: false, mark: false))
    #expect(input.encoding == .utf8)
  }

  @Test func anUnpairedSurrogateIsCountedAndRejectedWhenStrict() throws {
    var bytes = utf16("ab", bigEndian: false, mark: true)
    bytes += [0x00, 0xD8]  // a high surrogate, then a plain letter
    bytes += utf16("c\n", bigEndian: false, mark: false)
    let (read, input) = try lines(bytes)
    #expect(read == ["ab\u{FFFD}c"])
    #expect(input.repairs == 1)
    #expect(throws: DatasetError.self) { try lines(bytes, strict: true) }
  }

  @Test func utf32AndLegacyEncodings() throws {
    let utf32: [UInt8] =
      [0xFF, 0xFE, 0, 0]
      + "é\n".unicodeScalars.flatMap { scalar in
        withUnsafeBytes(of: scalar.value.littleEndian, Array.init)
      }
    #expect(try lines(utf32).lines == ["é"])
    let windows1252: [UInt8] = [0x93, 0x43, 0x61, 0x66, 0xE9, 0x94, 0x0A]  // “Café”
    #expect(
      try lines(windows1252, encoding: TextEncoding(name: "windows-1252")).lines == ["“Café”"])
    #expect(try lines([0xE9, 0x0A], encoding: TextEncoding(name: "ISO-8859-1")).lines == ["é"])
    #expect(throws: DatasetError.self) { try lines([0x41], encoding: .iconv("NO-SUCH-CODE")) }
    // A byte Windows-1252 leaves undefined is repaired and counted.
    let (read, input) = try lines([0x41, 0x81, 0x42], encoding: .iconv("WINDOWS-1252"))
    #expect(read == ["A\u{FFFD}B"] && input.repairs == 1)
  }

  @Test func aLineLongerThanTheLimitIsAnErrorNamingItsLine() throws {
    var input = InputLines(.bytes(Array("short\n".utf8) + [UInt8](repeating: 0x61, count: 5_000)))
    input.maximumLineBytes = 1_000
    input.chunkSize = 256
    #expect(throws: DatasetError.lineTooLong(path: "(input)", line: 2, limit: 1_000)) {
      try input.forEachLine { _, _, _ in }
    }
  }

  @Test func aPipeIsReadFromItsFirstByte() throws {
    let folder = NSTemporaryDirectory() + "tsb-fifo-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fifo = folder + "/pipe"
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = Thread {
      let handle = FileHandle(forWritingAtPath: fifo)!
      handle.write(Data("first line\nsecond\n".utf8))
      try? handle.close()
    }
    writer.start()
    var input = InputLines(.path(fifo))
    var read: [String] = []
    try input.forEachLine { line, _, _ in read.append(String(decoding: line, as: UTF8.self)) }
    #expect(read == ["first line", "second"])
  }

  @Test func aDirectoryIsAClearError() throws {
    var input = InputLines(.path(NSTemporaryDirectory()))
    #expect(throws: DatasetError.self) { try input.forEachLine { _, _, _ in } }
    do {
      try input.forEachLine { _, _, _ in }
    } catch {
      #expect("\(error)".contains("directory"))
    }
  }
}
