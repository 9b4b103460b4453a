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

  /// Every value in the table is a case of `Value`, so the conversion needs no check.
  var value: Value {
    @inline(__always) get { unsafeBitCast(rawValue & 0x1F, to: Value.self) }
  }
  var isExtendedPictographic: Bool {
    @inline(__always) get { rawValue & 0x20 != 0 }
  }

  /// CR, LF or Newline: a word boundary falls on both sides (WB3a, WB3b).
  var isNewline: Bool {
    @inline(__always) get { (1...3).contains(rawValue & 0x1F) }
  }
  /// Extend, Format or ZWJ: what WB4 attaches to the character before.
  var isIgnorable: Bool {
    @inline(__always) get {
      let value = value
      return value == .extend || value == .format || value == .zwj
    }
  }
  /// ALetter or Hebrew_Letter (the rules' AHLetter).
  var isLetter: Bool {
    @inline(__always) get { value == .aLetter || value == .hebrewLetter }
  }
  /// MidNumLet or Single_Quote (the rules' MidNumLetQ).
  var isMidNumLetQ: Bool {
    @inline(__always) get { value == .midNumLet || value == .singleQuote }
  }

  /// MidLetter, MidNumLet, Single_Quote, Double_Quote or MidNum: what WB6, WB7, WB7b,
  /// WB7c, WB11 and WB12 look past, so only then do the rules read a second character.
  var isMiddle: Bool {
    @inline(__always) get {
      let value = value
      return value == .midLetter || value == .midNumLet || value == .singleQuote
        || value == .doubleQuote || value == .midNum
    }
  }

  /// The property of `scalar`.
  ///
  /// - Complexity: O(1) in the Basic Multilingual Plane, O(log *r*) beyond, where *r* is
  ///   the number of runs in the table (about 2,000).
  @inline(__always)
  init(of scalar: UInt32) {
    rawValue = scalar < 0x1_0000 ? Self.basicPlane[Int(scalar)] : Self.lookUp(scalar)
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

  /// The Basic Multilingual Plane expanded from the runs, once: 64 KiB, so that a check
  /// at a candidate costs a load, not a binary search.
  private static let basicPlane: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 0x1_0000)
    let starts = WordBreakTable.runStarts
    let values = WordBreakTable.runValues
    for run in starts.indices where starts[run] < 0x1_0000 {
      let end = run + 1 < starts.count ? min(Int(starts[run + 1]), 0x1_0000) : 0x1_0000
      for code in Int(starts[run])..<end { table[code] = values[run] }
    }
    return table
  }()
}
