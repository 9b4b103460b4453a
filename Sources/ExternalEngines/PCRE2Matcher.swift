import CPCRE2
import TranscriptSearch

/// PCRE2's 8-bit library with `UTF`, `CASELESS` and `LITERAL`, JIT-compiled, searching
/// every row's UTF-8 in one buffer.
///
/// Not conforming: PCRE2 folds case one code point at a time (simple folding: `ß` never
/// matches `ss`), knows no canonical equivalence, and can start or end a match inside a
/// character (the `e` of `e` + U+0301). It offers no find options.
public struct PCRE2Matcher: Matcher {
  public static let name = "pcre2"
  private let rows: ConcatenatedRows<UInt8>

  public init(corpus: Corpus) {
    rows = ConcatenatedRows(corpus) { $0.utf8 }
  }

  /// The library's version, and whether its JIT compiler is available here.
  public static let version: String = {
    var buffer = [UInt8](repeating: 0, count: 64)
    _ = buffer.withUnsafeMutableBytes {
      pcre2_config_8(UInt32(PCRE2_CONFIG_VERSION), $0.baseAddress)
    }
    var jit: UInt32 = 0
    _ = pcre2_config_8(UInt32(PCRE2_CONFIG_JIT), &jit)
    let text = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
    return "PCRE2 \(text)" + (jit == 1 ? " (JIT)" : " (no JIT: interpreted)")
  }()

  public func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    let pattern = try Pattern(keyword)
    defer { pattern.free() }
    var matches: [Match] = []
    try rows.units.withUnsafeBufferPointer { text in
      guard let base = text.baseAddress else { return }
      var position = 0
      while position < text.count,
        let found = try pattern.firstMatch(in: base, length: text.count, from: position)
      {
        let row = rows.row(containing: found.lowerBound)
        let rowStart = rows.starts[row]
        let rowEnd = rows.starts[row + 1]
        // A match that ran into the next row is searched again in its row alone.
        let inRow =
          found.upperBound <= rowEnd
          ? found : try pattern.firstMatch(in: base, length: rowEnd, from: found.lowerBound)
        guard let inRow else {
          position = rowEnd
          continue
        }
        matches.append(
          Match(row: row, start: inRow.lowerBound - rowStart, end: inRow.upperBound - rowStart))
        position = inRow.upperBound
      }
    }
    return matches
  }

  /// A compiled keyword and the match data it fills.
  private struct Pattern {
    let code: OpaquePointer
    let data: OpaquePointer

    init(_ keyword: String) throws {
      var errorCode: Int32 = 0
      var errorOffset = 0
      let options = UInt32(PCRE2_UTF | PCRE2_CASELESS | PCRE2_LITERAL)
      let compiled = keyword.utf8CString.withUnsafeBufferPointer { pattern in
        pattern.withMemoryRebound(to: UInt8.self) {
          pcre2_compile_8($0.baseAddress, $0.count - 1, options, &errorCode, &errorOffset, nil)
        }
      }
      guard let compiled else {
        throw PCRE2Error(code: errorCode, offset: errorOffset)
      }
      // Without a JIT (an unsupported CPU) PCRE2 interprets: slower, same answers.
      _ = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))
      guard let data = pcre2_match_data_create_from_pattern_8(compiled, nil) else {
        pcre2_code_free_8(compiled)
        throw PCRE2Error(code: Int32(PCRE2_ERROR_NOMEMORY), offset: 0)
      }
      code = compiled
      self.data = data
    }

    /// The first match in the first `length` bytes at or after `start`.
    func firstMatch(
      in text: UnsafePointer<UInt8>, length: Int, from start: Int
    ) throws -> Range<Int>? {
      // The rows are valid UTF-8 and every start is a code point's first byte.
      let result = pcre2_match_8(code, text, length, start, UInt32(PCRE2_NO_UTF_CHECK), data, nil)
      if result == PCRE2_ERROR_NOMATCH { return nil }
      guard result > 0 else { throw PCRE2Error(code: result, offset: start) }
      let vector = pcre2_get_ovector_pointer_8(data)!
      return vector[0]..<vector[1]
    }

    func free() {
      pcre2_match_data_free_8(data)
      pcre2_code_free_8(code)
    }
  }
}

/// An error PCRE2 reported, with its message.
public struct PCRE2Error: Error, CustomStringConvertible {
  public var code: Int32
  public var offset: Int

  public var description: String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
    let message =
      length > 0 ? String(decoding: buffer.prefix(Int(length)), as: UTF8.self) : "error \(code)"
    return "PCRE2: \(message) (at offset \(offset))"
  }
}
