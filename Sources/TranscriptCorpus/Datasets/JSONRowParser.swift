import CJSONScan
import TranscriptSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses one JSON Lines row, `{"start": 1200, "speaker": "Ada", "text": "…"}`, from
/// UTF-8 bytes.
///
/// A hand-written parser rather than `JSONDecoder`: a million lines must load in about
/// a second, and each line's text is decoded straight into a reused buffer. It accepts
/// any JSON object: keys in any order, whitespace, escapes (including surrogate pairs),
/// `null` or a missing `speaker`, a missing `start` (0), and unknown keys of any type.
///
/// Lines must be valid UTF-8, as ``InputLines`` hands them out: bytes from 0x80 up are
/// copied like ASCII, eight at a time, with no second validation.
struct JSONRowParser {
  struct Row {
    var start: Int64 = 0
    /// The speaker's place in the parser's list of names met so far, or nil for none.
    var speaker: Int?
    /// Where the text lies in the line when it has no escapes (most do): it is used
    /// from there, with no copy. Nil when it was decoded into ``JSONRowParser/text``.
    var textInLine: Range<Int>?
  }

  /// A parse failure at a byte column (0-based) of the line.
  struct Failure: Error {
    var column: Int
    var reason: String
  }

  /// The decoded text of the last parsed row.
  private(set) var text: [UInt8] = []
  private var scratch: [UInt8] = []
  /// Whether strings are read with the AVX2 kernel: decided once a parser, since the
  /// automatic choice may be limited at launch.
  private let vectorRuns = Self.vectorRunsSupported && UTF8Validation.Kernel.automatic == .avx2

  /// Whether ``parse(_:)`` tries ``parseCommonShape(_:)`` first (tests turn it off to
  /// compare the two).
  var triesCommonShape = true

  /// Parses `line`, leaving its text in ``text``.
  mutating func parse(_ line: UnsafeBufferPointer<UInt8>) throws(Failure) -> Row {
    if triesCommonShape, let row = parseCommonShape(line) { return row }
    var cursor = Cursor(bytes: line, vectorRuns: vectorRuns)
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
      let key = try readKey(&cursor)
      cursor.skipWhitespace()
      try cursor.expect(UInt8(ascii: ":"), "expected ':' after a key")
      cursor.skipWhitespace()
      if key == .text {
        guard cursor.peek() == UInt8(ascii: "\"") else {
          throw Failure(column: cursor.position, reason: "\"text\" must be a string")
        }
        row.textInLine = try Self.readString(&cursor, into: &text)
        sawText = true
      } else if key == .speaker {
        if cursor.peek() == UInt8(ascii: "n") {
          try cursor.expectLiteral("null")
          row.speaker = nil
        } else {
          guard cursor.peek() == UInt8(ascii: "\"") else {
            throw Failure(column: cursor.position, reason: "\"speaker\" must be a string or null")
          }
          let speaker = try Self.readString(&cursor, into: &scratch)
          row.speaker =
            if let speaker {
              speakerSlot(UnsafeBufferPointer(rebasing: cursor.bytes[speaker]))
            } else {
              scratch.withUnsafeBufferPointer { speakerSlot($0) }
            }
        }
      } else if key == .start {
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

  /// The row of a line in the shape this project's writer and most tools write,
  /// `{"start": 1200, "speaker": "Ada", "text": "…"}`: those keys in that order (speaker
  /// optional, a string or null), spaces only between the parts, no escape in a string;
  /// nil for any other line, which the general parser then reads. A line read here gives
  /// the row the general parser gives it: only lines it reads alike are taken.
  ///
  /// Why: most of a million rows' load went to the general parser's dispatch (a key read
  /// as a string, then matched), not to their bytes.
  @inline(__always)
  mutating func parseCommonShape(_ line: UnsafeBufferPointer<UInt8>) -> Row? {
    guard let base = line.baseAddress else { return nil }
    let count = line.count
    var position = 0
    @inline(__always) func skipSpaces() {
      while position < count, base[position] == 0x20 { position += 1 }
    }
    /// Consumes `literal` (ASCII) if it is next.
    @inline(__always) func take(_ literal: StaticString) -> Bool {
      let length = literal.utf8CodeUnitCount
      guard count - position >= length, memcmp(base + position, literal.utf8Start, length) == 0
      else { return false }
      position += length
      return true
    }
    /// A string without escapes at the opening quote: where its bytes lie.
    @inline(__always) func plainString() -> Range<Int>? {
      guard position < count, base[position] == UInt8(ascii: "\"") else { return nil }
      let start = position + 1
      let end = Self.endOfPlainRun(line, from: start, vector: vectorRuns)
      guard end < count, base[end] == UInt8(ascii: "\"") else { return nil }
      position = end + 1
      return start..<end
    }
    var row = Row()
    guard take(#"{"start":"#) else { return nil }
    skipSpaces()
    // An integer of at most 18 digits, which cannot overflow; a fraction or an exponent
    // after it is the general parser's to refuse.
    let negative = position < count && base[position] == UInt8(ascii: "-")
    if negative { position += 1 }
    let digitsStart = position
    var value: Int64 = 0
    while position < count, base[position] &- UInt8(ascii: "0") < 10 {
      value = value &* 10 &+ Int64(base[position] &- UInt8(ascii: "0"))
      position += 1
    }
    guard position > digitsStart, position - digitsStart <= 18 else { return nil }
    row.start = negative ? -value : value
    skipSpaces()
    guard take(",") else { return nil }
    skipSpaces()
    if take(#""speaker":"#) {
      skipSpaces()
      if take("null") {
        row.speaker = nil
      } else {
        guard let speaker = plainString() else { return nil }
        row.speaker = speakerSlot(UnsafeBufferPointer(rebasing: line[speaker]))
      }
      skipSpaces()
      guard take(",") else { return nil }
      skipSpaces()
    }
    guard take(#""text":"#) else { return nil }
    skipSpaces()
    guard let text = plainString() else { return nil }
    skipSpaces()
    guard take("}") else { return nil }
    skipSpaces()
    guard position == count else { return nil }
    row.textInLine = text
    return row
  }

  /// Names of speakers met so far, by their bytes: a transcript has few speakers and a
  /// million rows, so each row's name is found here rather than decoded (and hashed, by
  /// the corpus) again. A name's index in the corpus is remembered once it is known.
  private var speakers: [(bytes: [UInt8], name: String, indexInCorpus: Int32?)] = []
  private static let speakerLimit = 64
  /// The slot found last: rows in a run mostly share their speaker.
  private var lastSpeakerSlot = 0

  /// The place of the speaker named by `bytes` in ``speakers``, added if new.
  private mutating func speakerSlot(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    func holds(_ slot: Int) -> Bool {
      speakers[slot].bytes.withUnsafeBufferPointer { name in
        name.count == bytes.count
          && (name.isEmpty || memcmp(name.baseAddress!, bytes.baseAddress!, name.count) == 0)
      }
    }
    if lastSpeakerSlot < speakers.count, holds(lastSpeakerSlot) { return lastSpeakerSlot }
    if let known = speakers.indices.first(where: holds) {
      lastSpeakerSlot = known
      return known
    }
    speakers.append((Array(bytes), String(decoding: bytes, as: UTF8.self), nil))
    // Beyond the limit the list is not searched any longer than this: rows get the last
    // place, rewritten each time.
    if speakers.count > Self.speakerLimit { speakers.remove(at: Self.speakerLimit - 1) }
    lastSpeakerSlot = speakers.count - 1
    return lastSpeakerSlot
  }

  /// The index in `corpus` of the speaker at `slot`.
  ///
  /// - Precondition: every row this parser parses goes to the same corpus.
  private mutating func speakerIndex(_ slot: Int?, in corpus: inout some RowSink) -> Int32 {
    guard let slot else { return -1 }
    if let index = speakers[slot].indexInCorpus {
      assert(corpus.speakers[Int(index)] == speakers[slot].name, "one parser per corpus")
      return index
    }
    let index = corpus.speakerIndex(for: speakers[slot].name)
    speakers[slot].indexInCorpus = index
    return index
  }

  /// The keys a row uses; any other is skipped.
  private enum Key {
    case text, speaker, start, other
  }

  /// Reads an object's key; keys without escapes (all of them, in practice) are compared
  /// where they lie, without a copy.
  private mutating func readKey(_ cursor: inout Cursor) throws(Failure) -> Key {
    if let name = try Self.readString(&cursor, into: &scratch) {
      return Self.key(named: UnsafeBufferPointer(rebasing: cursor.bytes[name]))
    }
    return scratch.withUnsafeBufferPointer { Self.key(named: $0) }
  }

  /// Which key `name` is, by length and then bytes (a call per key of every row: no
  /// generic sequence comparison).
  private static func key(named name: UnsafeBufferPointer<UInt8>) -> Key {
    func equals(_ literal: StaticString) -> Bool {
      name.count == literal.utf8CodeUnitCount
        && memcmp(name.baseAddress!, literal.utf8Start, name.count) == 0
    }
    switch name.count {
    case 4: return equals("text") ? .text : .other
    case 5: return equals("start") ? .start : .other
    case 7: return equals("speaker") ? .speaker : .other
    default: return .other
    }
  }

  /// Reads a JSON string at the cursor: where its bytes lie in the line if it has no
  /// escapes (`output` is then untouched), else nil with it decoded into `output`.
  private static func readString(_ cursor: inout Cursor, into output: inout [UInt8])
    throws(Failure) -> Range<Int>?
  {
    try cursor.expect(UInt8(ascii: "\""), "expected a string")
    let bytes = cursor.bytes
    let start = cursor.position
    var runStart = start
    var runEnd = endOfPlainRun(bytes, from: start, vector: cursor.vectorRuns)
    if runEnd < bytes.count, bytes[runEnd] == UInt8(ascii: "\"") {
      cursor.position = runEnd + 1
      return start..<runEnd
    }
    output.removeAll(keepingCapacity: true)
    while true {
      if runEnd > runStart {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd]))
      }
      cursor.position = runEnd
      guard runEnd < bytes.count else {
        throw Failure(column: runEnd, reason: "unterminated string")
      }
      let byte = bytes[runEnd]
      if byte == UInt8(ascii: "\"") {
        cursor.position += 1
        return nil
      } else if byte == UInt8(ascii: "\\") {
        try readEscape(&cursor, into: &output)
      } else {
        throw Failure(column: runEnd, reason: "control character in a string (escape it)")
      }
      runStart = cursor.position
      runEnd = endOfPlainRun(bytes, from: runStart, vector: cursor.vectorRuns)
    }
  }

  /// The first offset from `start` holding a quote, a backslash or a control character,
  /// or the end: 32 bytes a step where the CPU has AVX2 (as the importers' UTF-8
  /// validation does), else ``endOfPlainRunPortably(_:from:)``.
  @inline(__always)
  static func endOfPlainRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, vector: Bool)
    -> Int
  {
    guard vector, let base = bytes.baseAddress else {
      return endOfPlainRunPortably(bytes, from: start)
    }
    return tsb_json_plain_run_avx2(base, bytes.count, start)
  }

  /// Whether this CPU runs ``endOfPlainRun(_:from:vector:)``'s AVX2 kernel.
  static let vectorRunsSupported = tsb_json_avx2_supported() != 0

  /// ``endOfPlainRun(_:from:vector:)`` in Swift, for every CPU: sixteen bytes a step, each word
  /// tested with the classic "has a zero byte" trick (the lowest byte it flags is always
  /// a true one), then the step that has one byte by byte.
  @inline(__always)
  static func endOfPlainRunPortably(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return start }
    let raw = UnsafeRawPointer(base)
    @inline(__always) func stops(_ word: UInt64) -> UInt64 {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      return
        ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash
        | (word &- ones &* 0x20) & ~word) & 0x8080_8080_8080_8080
    }
    var i = start
    while i + 16 <= bytes.count {
      let low = stops(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
      let high = stops(
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)))
      if low | high != 0 {
        return i + (low != 0 ? low.trailingZeroBitCount : 64 + high.trailingZeroBitCount) >> 3
      }
      i += 16
    }
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return i }
      i += 1
    }
    return i
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
}

/// A position in one line's bytes.
private struct Cursor {
  let bytes: UnsafeBufferPointer<UInt8>
  let vectorRuns: Bool
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
  /// - Precondition: every row this parser reads goes to the same corpus.
  /// - Throws: ``DatasetError/malformedLine(path:line:column:reason:)``.
  mutating func appendRow(
    from line: UnsafeBufferPointer<UInt8>, number: Int, path: String,
    to corpus: inout some RowSink
  ) throws(DatasetError) {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
    let row: Row
    do {
      row = try parse(line)
    } catch {
      throw .malformedLine(
        path: path, line: number, column: error.column + 1, reason: error.reason)
    }
    let speaker = speakerIndex(row.speaker, in: &corpus)
    if let range = row.textInLine {
      corpus.appendRow(
        start: row.start, speakerIndex: speaker,
        utf8Text: UnsafeBufferPointer(rebasing: line[range]))
    } else {
      text.withUnsafeBufferPointer {
        corpus.appendRow(start: row.start, speakerIndex: speaker, utf8Text: $0)
      }
    }
  }
}
