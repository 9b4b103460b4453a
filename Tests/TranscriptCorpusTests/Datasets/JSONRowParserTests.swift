import CJSONScan
import Foundation
import Testing
import TranscriptSearch

@testable import TranscriptCorpus

@Suite("JSONRowParser")
struct JSONRowParserTests {
  /// The end of a string's plain bytes, by its definition: the first quote, backslash or
  /// byte below 0x20 from `start`, or the end.
  static func definition(_ bytes: [UInt8], from start: Int) -> Int {
    bytes[start...].firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
      ?? bytes.count
  }

  /// The Swift loop and, where the CPU has it, the AVX2 kernel find the end of a plain run
  /// as its definition does: texts of 0 to 100 bytes of letters, multi-byte scalars and
  /// bytes 0x7F and above, with a stop (each kind) at any place or none, from every start.
  @Test func findsTheEndOfAPlainRunFromEveryStart() {
    let plain = Array("aZ~ é中👍".utf8) + [0x7F, 0xFF, 0x80, 0x20, 0x21]
    let stopBytes: [UInt8] = [0x22, 0x5C, 0x00, 0x09, 0x0A, 0x1F]
    var random = SplitMix64(seed: 0x150A)
    for length in 0...100 {
      for round in 0..<6 {
        var bytes = (0..<length).map { _ in plain[Int(random.next() % UInt64(plain.count))] }
        // No stop, one, or two (the second after the first).
        for _ in 0..<(round % 3) where length > 0 {
          bytes[Int(random.next() % UInt64(length))] =
            stopBytes[Int(random.next() % UInt64(stopBytes.count))]
        }
        bytes.withUnsafeBufferPointer { buffer in
          for start in 0...length {
            let expected = Self.definition(bytes, from: start)
            #expect(
              JSONRowParser.endOfPlainRunPortably(buffer, from: start) == expected,
              "\(bytes) from \(start)")
            if tsb_json_avx2_supported() != 0 {
              #expect(
                tsb_json_plain_run_avx2(buffer.baseAddress!, length, start) == expected,
                "avx2: \(bytes) from \(start)")
            }
          }
        }
      }
    }
  }

  /// What `parser` makes of `line`: the corpus it appended to, or the error it threw.
  static func outcome(_ line: [UInt8], _ parser: inout JSONRowParser) -> String {
    var corpus = Corpus()
    do {
      try line.withUnsafeBufferPointer {
        try parser.appendRow(from: $0, number: 1, path: "t.jsonl", to: &corpus)
      }
      return corpus.map { "\($0.start) \($0.speaker.debugDescription) \($0.text.debugDescription)" }
        .joined()
    } catch {
      return "\(error)"
    }
  }

  /// Rows in the common shape (as this project's writer and Python's json.dumps write
  /// them), near misses of it and broken lines: the parser gives each the row, or the
  /// error, that the general parser alone gives.
  @Test func theCommonShapeReadsEveryLineAsTheGeneralParserDoes() {
    var random = SplitMix64(seed: 0x5A0E)
    func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
    let starts = [
      "0", "1500", "-3", "-0", "007", "100000000000000000", "999999999999999999",
      "1000000000000000000", "9223372036854775807", "9223372036854775808", "1.5", "2e3", "",
      "-", "12x",
    ]
    let strings = [
      #""""#, #""Ada""#, #""王伟""#, #""a \"quoted\" b""#, #""caf\u00e9""#, #""\ud83d\udc4d""#,
      #""tab\there""#, #""end\\""#, "\"raw\u{01}control\"", #""unterminated"#, "null", "nul",
      "1",
    ]
    let spaces = ["", " ", "  ", "\t"]
    var differences: [String] = []
    for _ in 0..<6_000 {
      let space = { pick(spaces) }
      var line = "{\"start\":" + space() + pick(starts)
      if random.next() % 4 != 0 {
        line += space() + "," + space() + "\"speaker\":" + space() + pick(strings)
      }
      line += space() + "," + space() + "\"text\":" + space() + pick(strings)
      if random.next() % 8 == 0 { line += ",\"other\":[1,{\"a\":null}]" }
      line += space() + "}" + (random.next() % 10 == 0 ? pick(spaces) : "")
      if random.next() % 10 == 0 {
        line = line.replacingOccurrences(of: "\"start\"", with: "\"Start\"")
      }
      var bytes = Array(line.utf8)
      // A byte added or taken away, ASCII only, so the line stays UTF-8.
      if random.next() % 3 == 0, !bytes.isEmpty {
        let at = Int(random.next() % UInt64(bytes.count))
        if random.next() % 2 == 0, bytes[at] < 0x80 {
          bytes.remove(at: at)
        } else {
          bytes.insert(pick(Array(#"",:{} \x1.e-"#.utf8)), at: at)
        }
      }
      var withShape = JSONRowParser()
      var general = JSONRowParser()
      general.triesCommonShape = false
      let expected = Self.outcome(bytes, &general)
      let found = Self.outcome(bytes, &withShape)
      if found != expected {
        differences.append("\(String(decoding: bytes, as: UTF8.self)): \(found) ≠ \(expected)")
      }
    }
    #expect(differences.isEmpty, "\(differences.prefix(5))")
    // And the shape is taken where it should be: the writer's lines and json.dumps's.
    var parser = JSONRowParser()
    for line in [
      #"{"start":1500,"speaker":"Ada","text":"hello"}"#,
      #"{"start": -7, "speaker": null, "text": "NAME"}"#, #"{"start":0,"text":""}"#,
    ] {
      let row = Array(line.utf8).withUnsafeBufferPointer { parser.parseCommonShape($0) }
      #expect(row != nil, "\(line)")
    }
  }
}
