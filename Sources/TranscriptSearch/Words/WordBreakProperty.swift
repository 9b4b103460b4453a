/// A code point's Word_Break value (UAX #29) and whether it is Extended_Pictographic:
/// what the default word boundary rules read.
struct WordBreakProperty: Equatable, Sendable {
  /// The Word_Break values, in the order of the generated table.
  enum Value: UInt8, Sendable {
    case other, cr, lf, newline, extend, zwj, regionalIndicator, format, katakana
    case hebrewLetter, aLetter, singleQuote, doubleQuote, midNumLet, midLetter, midNum
    case numeric, extendNumLet, wSegSpace
  }

  let rawValue: UInt8

  var value: Value { Value(rawValue: rawValue & 0x1F) ?? .other }
  var isExtendedPictographic: Bool { rawValue & 0x20 != 0 }

  /// CR, LF or Newline: a word boundary falls on both sides (WB3a, WB3b).
  var isNewline: Bool { (1...3).contains(rawValue & 0x1F) }
  /// Extend, Format or ZWJ: what WB4 attaches to the character before.
  var isIgnorable: Bool {
    let value = value
    return value == .extend || value == .format || value == .zwj
  }
  /// ALetter or Hebrew_Letter (the rules' AHLetter).
  var isLetter: Bool { value == .aLetter || value == .hebrewLetter }
  /// MidNumLet or Single_Quote (the rules' MidNumLetQ).
  var isMidNumLetQ: Bool { value == .midNumLet || value == .singleQuote }

  /// The property of `scalar`.
  ///
  /// - Complexity: O(1) for ASCII, O(log *r*) otherwise, where *r* is the number of runs
  ///   in the table (about 2,000).
  init(of scalar: UInt32) {
    if scalar < 0x80 {
      rawValue = Self.ascii[Int(scalar)]
      return
    }
    rawValue = Self.lookUp(scalar)
  }

  private init(rawValue: UInt8) { self.rawValue = rawValue }

  private static func lookUp(_ scalar: UInt32) -> UInt8 {
    let starts = WordBreakTable.runStarts
    // The last run starting at or before `scalar`.
    var low = 0
    var high = starts.count
    while low < high {
      let mid = (low + high) / 2
      if starts[mid] <= scalar { low = mid + 1 } else { high = mid }
    }
    return low == 0 ? 0 : WordBreakTable.runValues[low - 1]
  }

  private static let ascii: [UInt8] = (0..<0x80).map { lookUp($0) }
}
