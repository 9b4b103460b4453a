import Foundation
import Testing

@testable import TranscriptCorpus

/// Input without a byte-order mark: its encoding told from its bytes, or refused.
@Suite("TextEncoding")
struct TextEncodingTests {
  func told(_ bytes: [UInt8]) throws -> TextEncoding {
    try bytes.withUnsafeBufferPointer { (head) throws(DatasetError) in
      try TextEncoding.unmarked(head, path: "t")
    }
  }

  func encoded(_ text: String, _ encoding: String.Encoding) throws -> [UInt8] {
    Array(try #require(text.data(using: encoding)))
  }

  /// Characters U+xx00 put a zero on the side ASCII does not: the probe's 가, 一, U+3000.
  @Test func utf16IsToldByItsLineFeedsNotItsZeroCount() throws {
    // Two lines at least: one line feed is too little to tell a pattern from a stray NUL.
    for line in [
      "가\n", "가가가 가\n가가\n", "一一一\n一\u{3000}一\n", "\u{3000}\u{3000}\n",
      "hello world\n", "Ѐ Ѐ\nЀ\n",
    ] {
      let text = line + line
      #expect(try told(encoded(text, .utf16LittleEndian)) == .utf16(bigEndian: false), "\(text)")
      #expect(try told(encoded(text, .utf16BigEndian)) == .utf16(bigEndian: true), "\(text)")
      #expect(try told(encoded(text, .utf32LittleEndian)) == .utf32(bigEndian: false), "\(text)")
      #expect(try told(encoded(text, .utf32BigEndian)) == .utf32(bigEndian: true), "\(text)")
    }
  }

  @Test func utf8AndAStrayNulStayUTF8() throws {
    #expect(try told(Array("plain text, straße, 一\n".utf8)) == .utf8)
    var long = Array(String(repeating: "a line of text\n", count: 100).utf8)
    long[50] = 0
    #expect(try told(long) == .utf8)
    // Nothing but zeros: no encoding to tell; the line bound deals with it.
    #expect(try told([UInt8](repeating: 0, count: 64)) == .utf8)
  }

  @Test func zerosThatNameNoEncodingAreRefusedNamingTheOption() {
    // Every other byte zero, but no line feed, carriage return or space on either side.
    let bytes: [UInt8] = (0..<64).flatMap { _ in [0x00, 0x41, 0x42, 0x00] }
    #expect {
      try told(bytes)
    } throws: { error in
      "\(error)".contains("--encoding")
    }
  }
}
