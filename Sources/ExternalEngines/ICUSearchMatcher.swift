import CICUSearch
import TranscriptSearch

/// ICU's collation-based string search (`usearch`) with the root collator at secondary
/// strength (case ignored, accents kept) and canonical equivalence on, row by row over
/// UTF-16 converted once when prepared.
///
/// Not conforming: collation equates more than case folding does (it ignores characters
/// that carry no collation weight, such as many controls and some marks, and compares
/// compatibility forms at the strength it ignores), and it folds no full case mappings
/// (`ß` ≠ `ss` at secondary strength). It matches on character boundaries. It offers no
/// find options. The empty matches it reports for a keyword of ignorable characters only
/// are dropped.
public struct ICUSearchMatcher: Matcher {
  public static let name = "icu"
  private let rows: ConcatenatedRows<UInt16>

  public init(corpus: Corpus) {
    rows = ConcatenatedRows(corpus) { $0.utf16 }
  }

  /// The system ICU's version.
  public static var version: String { "ICU \(String(cString: tsb_icu_version()))" }

  public func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    let pattern = Array(keyword.utf16)
    var error: UnsafePointer<CChar>?
    guard let search = tsb_icu_search_open(pattern, Int32(pattern.count), &error) else {
      throw ICUSearchError(message: error.map { String(cString: $0) } ?? "usearch_open failed")
    }
    defer { tsb_icu_search_close(search) }
    var matches: [Match] = []
    try rows.units.withUnsafeBufferPointer { units in
      guard let base = units.baseAddress else { return }
      for row in 0..<rows.starts.count - 1 {
        let start = rows.starts[row]
        let count = rows.starts[row + 1] - start
        guard count > 0 else { continue }
        guard tsb_icu_search_set_text(search, base + start, Int32(count)) == 0 else {
          throw ICUSearchError(message: "usearch_setText failed on row \(row)")
        }
        var offsets = UTF8Offsets(UnsafeBufferPointer(start: base + start, count: count))
        var length: Int32 = 0
        while true {
          let found = tsb_icu_search_next(search, &length)
          if found == -1 { break }
          guard found >= 0 else {
            throw ICUSearchError(message: "usearch_next failed on row \(row)")
          }
          // A keyword of characters without collation weight (U+200B, U+00AD) matches
          // nothing's worth at every place: such empty matches are no matches.
          guard length > 0 else { continue }
          let utf8Start = offsets.utf8Offset(ofUTF16Offset: Int(found))
          let utf8End = offsets.utf8Offset(ofUTF16Offset: Int(found + length))
          matches.append(Match(row: row, start: utf8Start, end: utf8End))
        }
      }
    }
    return matches
  }
}

/// An error ICU reported.
public struct ICUSearchError: Error, CustomStringConvertible {
  public var message: String
  public var description: String { "ICU string search: \(message)" }
}

/// UTF-8 offsets of UTF-16 offsets in one row, for offsets asked in increasing order.
private struct UTF8Offsets {
  let units: UnsafeBufferPointer<UInt16>
  var utf16 = 0
  var utf8 = 0

  init(_ units: UnsafeBufferPointer<UInt16>) { self.units = units }

  mutating func utf8Offset(ofUTF16Offset target: Int) -> Int {
    while utf16 < target {
      let unit = units[utf16]
      switch unit {
      case ..<0x80: utf8 += 1
      case ..<0x800: utf8 += 2
      case 0xD800..<0xDC00:
        // A surrogate pair is one four-byte scalar; a lone one counts as U+FFFD's three.
        let paired = utf16 + 1 < units.count && (0xDC00..<0xE000).contains(units[utf16 + 1])
        utf8 += paired ? 4 : 3
        utf16 += paired ? 1 : 0
      default: utf8 += 3
      }
      utf16 += 1
    }
    return utf8
  }
}
