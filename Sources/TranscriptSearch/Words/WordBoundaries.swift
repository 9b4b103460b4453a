// How a word boundary is decided (UAX #29's default word boundary rules, WB1–WB999,
// without a dictionary), at one offset of one text, looking only as far as the rules do:
//   1. The scalars either side decide WB1–WB4 alone.
//   2. Otherwise WB4 makes Extend, Format and ZWJ part of the character before them, so
//      the rules from WB5 on compare characters: the one before the offset (and, for
//      WB7, WB7c and WB11, the one before that), the one after (and, for WB6, WB7b and
//      WB12, the one after that), and for WB15/WB16 the run of regional indicators
//      ending before the offset.
// Checked against every line of Unicode's WordBreakTest.txt.

/// Unicode's default word boundaries (UAX #29), decided one offset at a time.
package enum WordBoundaries {
  /// The Unicode version of the word break properties.
  package static var unicodeVersion: String { WordBreakTable.unicodeVersion }

  /// Whether a word boundary falls at UTF-8 offset `offset` of `text`.
  ///
  /// - Precondition: `text` is valid UTF-8 and `offset` is at a scalar boundary in
  ///   `0...text.count`.
  /// - Complexity: O(*k*), where *k* is the number of Extend, Format, ZWJ and regional
  ///   indicator scalars next to `offset`: usually none.
  package static func isBoundary(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    // WB1, WB2: the start and end of the text.
    guard offset > 0, offset < text.count else { return true }
    let left = text[offset - 1]
    let right = text[offset]
    if left < 0x80 && right < 0x80 {
      let known = asciiPairs[Int(left) << 7 | Int(right)]
      if known != .unknown { return known == .boundary }
    }
    return followsRules(at: offset, in: text)
  }

  /// What two ASCII characters alone say about the boundary between them.
  private enum PairAnswer: UInt8 {
    case noBoundary, boundary
    /// One of them is a middle character (`.`, `'`, `:`, `,`, …): the rules look further.
    case unknown
  }

  /// Between two ASCII characters, neither a middle one, the rules read nothing else
  /// (ASCII has no Extend, Format, ZWJ or regional indicator), so the answer is the
  /// pair's, computed once for every pair.
  private static let asciiPairs: [PairAnswer] = (0..<0x4000).map { pair in
    let left = UInt8(pair >> 7)
    let right = UInt8(pair & 0x7F)
    if WordBreakProperty(of: UInt32(left)).isMiddle || WordBreakProperty(of: UInt32(right)).isMiddle
    {
      return .unknown
    }
    return [left, right].withUnsafeBufferPointer { followsRules(at: 1, in: $0) }
      ? .boundary : .noBoundary
  }

  /// The rules themselves, at an offset inside the text.
  private static func followsRules(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    let (leftScalar, leftStart) = UTF8Scalars.decode(text, endingAt: offset)
    let left = WordBreakProperty(of: leftScalar)
    let right = WordBreakProperty(of: UTF8Scalars.decode(text, at: offset).scalar)
    // WB3: CR × LF; WB3a, WB3b: otherwise break around newlines.
    if left.value == .cr && right.value == .lf { return false }
    if left.isNewline || right.isNewline { return true }
    // WB3c: ZWJ × Extended_Pictographic; WB3d: WSegSpace × WSegSpace.
    if left.value == .zwj && right.isExtendedPictographic { return false }
    if left.value == .wSegSpace && right.value == .wSegSpace { return false }
    // WB4: X (Extend | Format | ZWJ)* → X, so never break before those.
    if right.isIgnorable { return false }

    let before = character(endingAt: offset, lastScalar: (left, leftStart), in: text)
    let after = right.value
    let b = before.property
    if b.value == .regionalIndicator && after == .regionalIndicator {
      // WB15, WB16: pairs of regional indicators stay together.
      var count = 1
      var start = before.start
      while start > 0 {
        let previous = character(endingAt: start, in: text)
        guard previous.property.value == .regionalIndicator else { break }
        count += 1
        start = previous.start
      }
      return count % 2 == 0
    }
    if joins[Int(b.value.rawValue) &* valueCount &+ Int(after.rawValue)] { return false }
    // WB6, WB7b, WB12 read the character after the next one, WB7, WB7c, WB11 the one
    // before the previous one, and only across a middle character (MidLetter, …).
    if right.isMiddle {
      let rightEnd = characterEnd(startingAt: offset, in: text)
      if rightEnd < text.count,
        !allowsBreakAcross(
          before: b, middle: right,
          after: WordBreakProperty(of: UTF8Scalars.decode(text, at: rightEnd).scalar))
      {
        return false
      }
    }
    guard b.isMiddle, before.start > 0 else { return true }
    let earlier = character(endingAt: before.start, in: text).property
    return allowsBreakAcross(before: earlier, middle: b, after: right)  // else WB999
  }

  private static let valueCount = 19

  /// Whether two adjacent characters (in WB4's sense) never have a word boundary between
  /// them, whatever surrounds them, by value pairs: WB5, WB7a, WB8, WB9, WB10, WB13,
  /// WB13a and WB13b.
  private static let joins: [Bool] = {
    typealias Value = WordBreakProperty.Value
    var table = [Bool](repeating: false, count: valueCount * valueCount)
    func join(_ left: [Value], _ right: [Value]) {
      for l in left {
        for r in right { table[Int(l.rawValue) * valueCount + Int(r.rawValue)] = true }
      }
    }
    let letters: [Value] = [.aLetter, .hebrewLetter]
    join(letters, letters)  // WB5
    join([.hebrewLetter], [.singleQuote])  // WB7a
    join([.numeric], [.numeric])  // WB8
    join(letters, [.numeric])  // WB9
    join([.numeric], letters)  // WB10
    join([.katakana], [.katakana])  // WB13
    join(letters + [.numeric, .katakana, .extendNumLet], [.extendNumLet])  // WB13a
    join([.extendNumLet], letters + [.numeric, .katakana])  // WB13b
    return table
  }()

  /// Whether WB6/WB7, WB7b/WB7c and WB11/WB12 allow a break on either side of `middle`,
  /// between characters `before` and `after`.
  @inline(__always)
  private static func allowsBreakAcross(
    before: WordBreakProperty, middle: WordBreakProperty, after: WordBreakProperty
  ) -> Bool {
    let middleValue = middle.value
    if before.isLetter && after.isLetter && (middleValue == .midLetter || middle.isMidNumLetQ) {
      return false  // WB6, WB7
    }
    if before.value == .hebrewLetter && middleValue == .doubleQuote
      && after.value == .hebrewLetter
    {
      return false  // WB7b, WB7c
    }
    if before.value == .numeric && after.value == .numeric
      && (middleValue == .midNum || middle.isMidNumLetQ)
    {
      return false  // WB11, WB12
    }
    return true
  }

  /// The character (in WB4's sense) that ends at `end`: its first scalar's property and
  /// its start. Extend, Format and ZWJ belong to the scalar before them, except right
  /// after the start of the text or a newline, where they stand for themselves.
  private static func character(
    endingAt end: Int, lastScalar: (WordBreakProperty, Int)? = nil,
    in text: UnsafeBufferPointer<UInt8>
  ) -> (property: WordBreakProperty, start: Int) {
    var (property, start) =
      lastScalar
      ?? {
        let (scalar, start) = UTF8Scalars.decode(text, endingAt: end)
        return (WordBreakProperty(of: scalar), start)
      }()
    guard property.isIgnorable else { return (property, start) }
    let ignorable = property
    while start > 0 {
      let (scalar, previousStart) = UTF8Scalars.decode(text, endingAt: start)
      let previous = WordBreakProperty(of: scalar)
      if previous.isNewline { break }
      start = previousStart
      if !previous.isIgnorable { return (previous, start) }
    }
    return (ignorable, start)
  }

  /// Where the character (in WB4's sense) starting at `start` ends: after its first
  /// scalar and any Extend, Format and ZWJ that follow.
  private static func characterEnd(startingAt start: Int, in text: UnsafeBufferPointer<UInt8>)
    -> Int
  {
    var end = start + UTF8Scalars.decode(text, at: start).length
    while end < text.count {
      let (next, length) = UTF8Scalars.decode(text, at: end)
      guard WordBreakProperty(of: next).isIgnorable else { break }
      end += length
    }
    return end
  }
}
