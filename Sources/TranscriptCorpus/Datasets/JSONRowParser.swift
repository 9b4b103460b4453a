import TranscriptSearch

/// Parses one JSON Lines row, `{"start": 1200, "speaker": "Ada", "text": "…"}`, from
/// UTF-8 bytes.
///
/// A hand-written parser rather than `JSONDecoder`: a million lines must load in about
/// a second, and each line's text is decoded straight into a reused buffer. It accepts
/// any JSON object: keys in any order, whitespace, escapes (including surrogate pairs),
/// `null` or a missing `speaker`, a missing `start` (0), and unknown keys of any type.
struct JSONRowParser {
  struct Row {
    var start: Int64 = 0
    var speaker: String?
  }

  /// A parse failure at a byte column (0-based) of the line.
  struct Failure: Error {
    var column: Int
    var reason: String
  }

  /// How to treat bytes that are not UTF-8 inside strings.
  enum InvalidUTF8 {
    /// Report the first one.
    case reject
    /// Replace each maximal invalid sequence with U+FFFD and count it.
    case repair
  }

  var invalidUTF8 = InvalidUTF8.reject
  /// Invalid UTF-8 sequences replaced so far, under `.repair`.
  private(set) var repairs = 0
  /// The decoded text of the last parsed row.
  private(set) var text: [UInt8] = []
  private var scratch: [UInt8] = []

  /// Parses `line`, leaving its text in ``text``.
  mutating func parse(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> Row {
    var cursor = Cursor(bytes: line)
    var row = Row()
    var sawText = false
    cursor.skipWhitespace()
    try cursor.expect(UInt8(ascii: "{"), "expected '{' at the start of a JSON object")
    cursor.skipWhitespace()
    if cursor.peek() == UInt8(ascii: "}") {
      throw Failure(column: cursor.position, reason: "missing \"text\"")
    }
    while true {
      cursor.skipWhitespace()
      try Self.readString(&cursor, into: &scratch, policy: invalidUTF8, repairs: &repairs)
      cursor.skipWhitespace()
      try cursor.expect(UInt8(ascii: ":"), "expected ':' after a key")
      cursor.skipWhitespace()
      if scratch.elementsEqual("text".utf8) {
        guard cursor.peek() == UInt8(ascii: "\"") else {
          throw Failure(column: cursor.position, reason: "\"text\" must be a string")
        }
        try Self.readString(&cursor, into: &text, policy: invalidUTF8, repairs: &repairs)
        sawText = true
      } else if scratch.elementsEqual("speaker".utf8) {
        if cursor.peek() == UInt8(ascii: "n") {
          try cursor.expectLiteral("null")
          row.speaker = nil
        } else {
          guard cursor.peek() == UInt8(ascii: "\"") else {
            throw Failure(column: cursor.position, reason: "\"speaker\" must be a string or null")
          }
          try Self.readString(&cursor, into: &scratch, policy: invalidUTF8, repairs: &repairs)
          row.speaker = String(decoding: scratch, as: UTF8.self)
        }
      } else if scratch.elementsEqual("start".utf8) {
        row.start = try cursor.readInteger(name: "start")
      } else {
        try cursor.skipValue(depth: 0)
      }
      cursor.skipWhitespace()
      if cursor.peek() == UInt8(ascii: ",") {
        cursor.position += 1
        continue
      }
      try cursor.expect(UInt8(ascii: "}"), "expected ',' or '}' in the object")
      break
    }
    cursor.skipWhitespace()
    guard cursor.isAtEnd else {
      throw Failure(column: cursor.position, reason: "unexpected characters after the object")
    }
    guard sawText else { throw Failure(column: 0, reason: "missing \"text\"") }
    return row
  }

  /// Reads a JSON string at the cursor into `output` as UTF-8.
  private static func readString(
    _ cursor: inout Cursor, into output: inout [UInt8], policy: InvalidUTF8, repairs: inout Int
  ) throws(Failure) {
    output.removeAll(keepingCapacity: true)
    try cursor.expect(UInt8(ascii: "\""), "expected a string")
    let bytes = cursor.bytes
    while true {
      // Fast path: copy a run of plain ASCII.
      let runStart = cursor.position
      var i = runStart
      while i < bytes.count {
        let byte = bytes[i]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
          || byte >= 0x80
        {
          break
        }
        i += 1
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
      cursor.position = i
      guard i < bytes.count else {
        throw Failure(column: i, reason: "unterminated string")
      }
      let byte = bytes[i]
      if byte == UInt8(ascii: "\"") {
        cursor.position += 1
        return
      } else if byte == UInt8(ascii: "\\") {
        try readEscape(&cursor, into: &output)
      } else if byte < 0x20 {
        throw Failure(column: i, reason: "control character in a string (escape it)")
      } else {
        try readMultibyte(&cursor, into: &output, policy: policy, repairs: &repairs)
      }
    }
  }

  private static func readEscape(_ cursor: inout Cursor, into output: inout [UInt8]) throws(Failure)
  {
    let column = cursor.position
    cursor.position += 1
    guard let escaped = cursor.next() else {
      throw Failure(column: column, reason: "unterminated escape")
    }
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      var value = try cursor.readHex4()
      if (0xD800...0xDBFF).contains(value) {
        guard cursor.next() == UInt8(ascii: "\\"), cursor.next() == UInt8(ascii: "u") else {
          throw Failure(column: column, reason: "unpaired surrogate \\u escape")
        }
        let low = try cursor.readHex4()
        guard (0xDC00...0xDFFF).contains(low) else {
          throw Failure(column: column, reason: "unpaired surrogate \\u escape")
        }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(value) {
        throw Failure(column: column, reason: "unpaired surrogate \\u escape")
      }
      output.append(contentsOf: UTF8.encode(Unicode.Scalar(value)!)!)
    default:
      throw Failure(column: column, reason: "unknown escape '\\\(Unicode.Scalar(escaped))'")
    }
  }

  /// Copies one UTF-8 sequence, validating it; repairs or rejects invalid bytes.
  private static func readMultibyte(
    _ cursor: inout Cursor, into output: inout [UInt8], policy: InvalidUTF8, repairs: inout Int
  ) throws(Failure) {
    let bytes = cursor.bytes
    let start = cursor.position
    let length = UTF8Validation.validSequenceLength(in: bytes, at: start)
    if length > 0 {
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<start + length]))
      cursor.position += length
      return
    }
    guard policy == .repair else {
      throw Failure(column: start, reason: "invalid UTF-8")
    }
    repairs += 1
    output.append(contentsOf: [0xEF, 0xBF, 0xBD])
    cursor.position += UTF8Validation.invalidSequenceLength(in: bytes, at: start)
  }
}

/// A position in one line's bytes.
private struct Cursor {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  var isAtEnd: Bool { position >= bytes.count }

  func peek() -> UInt8? { isAtEnd ? nil : bytes[position] }

  mutating func next() -> UInt8? {
    defer { position += 1 }
    return peek()
  }

  mutating func skipWhitespace() {
    while let byte = peek(),
      byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    {
      position += 1
    }
  }

  mutating func expect(_ byte: UInt8, _ reason: String) throws(JSONRowParser.Failure) {
    guard peek() == byte else { throw .init(column: position, reason: reason) }
    position += 1
  }

  mutating func expectLiteral(_ literal: String) throws(JSONRowParser.Failure) {
    let column = position
    for byte in literal.utf8 where next() != byte {
      throw .init(column: column, reason: "expected \(literal)")
    }
  }

  mutating func readHex4() throws(JSONRowParser.Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = next(), let digit = hexValue(byte) else {
        throw .init(column: position - 1, reason: "expected four hex digits after \\u")
      }
      value = value << 4 | digit
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// An integer number of milliseconds; a fraction or exponent is rejected.
  mutating func readInteger(name: String) throws(JSONRowParser.Failure) -> Int64 {
    let column = position
    let negative = peek() == UInt8(ascii: "-")
    if negative { position += 1 }
    var value: Int64 = 0
    var digits = 0
    while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
      guard !overflow1, !overflow2 else {
        throw .init(column: column, reason: "\"\(name)\" is out of range")
      }
      value = sum
      digits += 1
      position += 1
    }
    guard digits > 0 else {
      throw .init(column: column, reason: "\"\(name)\" must be an integer (milliseconds)")
    }
    if let byte = peek(), byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") {
      throw .init(column: column, reason: "\"\(name)\" must be an integer (milliseconds)")
    }
    return negative ? -value : value
  }

  /// Skips any JSON value (for keys the row does not use).
  mutating func skipValue(depth: Int) throws(JSONRowParser.Failure) {
    guard depth < 64 else { throw .init(column: position, reason: "nesting too deep") }
    skipWhitespace()
    guard let byte = peek() else { throw .init(column: position, reason: "expected a value") }
    switch byte {
    case UInt8(ascii: "\""):
      position += 1
      while let byte = next() {
        if byte == UInt8(ascii: "\\") {
          position += 1
        } else if byte == UInt8(ascii: "\"") {
          return
        }
      }
      throw .init(column: position, reason: "unterminated string")
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
      position += 1
      skipWhitespace()
      if peek() == close {
        position += 1
        return
      }
      while true {
        if close == UInt8(ascii: "}") {
          try skipValue(depth: depth + 1)
          skipWhitespace()
          try expect(UInt8(ascii: ":"), "expected ':' after a key")
        }
        try skipValue(depth: depth + 1)
        skipWhitespace()
        if peek() == UInt8(ascii: ",") {
          position += 1
          continue
        }
        try expect(close, "expected ',' or '\(Unicode.Scalar(close))'")
        return
      }
    case UInt8(ascii: "t"): try expectLiteral("true")
    case UInt8(ascii: "f"): try expectLiteral("false")
    case UInt8(ascii: "n"): try expectLiteral("null")
    default:
      let column = position
      while let byte = peek(),
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
          || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte | 0x20 == 0x65
      {
        position += 1
      }
      guard position > column else { throw .init(column: column, reason: "expected a value") }
    }
  }
}

extension JSONRowParser {
  /// Parses line `number` of `path` and appends its row to `corpus`; a blank line is
  /// skipped. The one step every JSON Lines reader shares.
  ///
  /// - Throws: ``DatasetError/malformedLine(path:line:column:reason:)``.
  mutating func appendRow(
    from line: UnsafeBufferPointer<UInt8>, number: Int, path: String, to corpus: inout Corpus
  ) throws(DatasetError) {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
    let row: Row
    do {
      row = try parse(line)
    } catch {
      throw .malformedLine(
        path: path, line: number, column: error.column + 1, reason: error.reason)
    }
    text.withUnsafeBufferPointer {
      corpus.appendRow(start: row.start, speaker: row.speaker, utf8Text: $0)
    }
  }
}
