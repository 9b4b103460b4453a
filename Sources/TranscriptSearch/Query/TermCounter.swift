/// Counts the terms of rows (see ``SuggestionIndex``) by their bytes, walking UTF-8 with
/// the folded corpus's character breaking, and folds each distinct term once at the end.
///
/// Terms of up to 15 bytes (nearly all) are counted under a packed integer key: no
/// allocation, a cheap hash. A corpus is counted in parts on every core, merged after.
struct TermCounter: Sendable {
  private var short = PackedTermCounts()
  private var long: [[UInt8]: Int] = [:]
  private var cache = CharacterKeyCache()
  /// For each BMP scalar: 0 unknown, 1 no, 2 yes — whether a character starting with it
  /// is a letter or number (looking the properties up is most of the cost).
  private var wordish = [UInt8](repeating: 0, count: 0x10000)
  /// The start and end of each character of the current unspaced run.
  private var run: [Range<Int>] = []
  /// The characters of a term being keyed, with their first scalars.
  private var characters: [(range: Range<Int>, first: UInt32)] = []
  /// Whether recent supplementary scalars are letters or numbers, `scalar << 1 | yes`,
  /// slotted by the scalar's low bits (0 for none): emoji, mostly, each of which was
  /// asked of the standard library's properties (a twentieth of counting mixed-1m).
  private var recentSupplementaryWordish = [UInt32](repeating: 0, count: 1 << 10)

  /// Counts the terms of rows `rows` of `corpus`, unless `shouldStop` turns true (it is
  /// asked every 4,096 rows).
  mutating func count(_ corpus: Corpus, rows: Range<Int>, shouldStop: () -> Bool = { false }) {
    corpus.withTextStorage { texts in
      for row in rows {
        if row % 4_096 == 0 && shouldStop() { return }
        count(texts.text(ofRow: row))
      }
    }
  }

  /// Counts the terms of one row's text.
  mutating func count(_ text: UnsafeBufferPointer<UInt8>) {
    var wordStart = -1
    if UTF8Scalars.isASCII(text) {
      // Every byte is a character (CR LF is one, but neither is part of a word), and
      // ASCII letters and digits are the only letters and numbers.
      for index in 0..<text.count {
        let byte = text[index]
        if byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 {
          if wordStart < 0 { wordStart = index }
        } else {
          flushWord(text, from: &wordStart, to: index)
        }
      }
      flushWord(text, from: &wordStart, to: text.count)
      return
    }
    // Each character is taken as it is found, not gathered in `characters` first.
    walkCharacters(text) { counter, range, first in
      if Self.isUnspaced(first) {
        counter.flushWord(text, from: &wordStart, to: range.lowerBound)
        counter.run.append(range)
      } else if counter.isWordish(first) {
        counter.flushRun(text)
        if wordStart < 0 { wordStart = range.lowerBound }
      } else {
        counter.flushWord(text, from: &wordStart, to: range.lowerBound)
        counter.flushRun(text)
      }
    }
    flushWord(text, from: &wordStart, to: text.count)
    flushRun(text)
  }

  /// Adds the counts of `other`.
  mutating func merge(_ other: TermCounter) {
    other.short.forEachCount { short.add($0, $1) }
    long.merge(other.long, uniquingKeysWith: +)
  }

  /// Every term's count, by its composed key (terms equal under folding add up).
  mutating func countsByKey() -> [[UInt8]: Int] {
    var counts: [[UInt8]: Int] = [:]
    counts.reserveCapacity(short.count + long.count)
    var bytes = [UInt8](repeating: 0, count: PackedBytes.capacity)
    short.forEachCount { packed, count in
      let length = Int(packed >> 120)
      for index in 0..<length { bytes[index] = UInt8(truncatingIfNeeded: packed >> (8 * index)) }
      let key = bytes.withUnsafeBufferPointer { bytes -> [UInt8] in
        self.key(of: UnsafeBufferPointer(rebasing: bytes[..<length]))
      }
      counts[key, default: 0] += count
    }
    for (term, count) in long {
      let key = term.withUnsafeBufferPointer { term -> [UInt8] in self.key(of: term) }
      counts[key, default: 0] += count
    }
    return counts
  }

  /// The composed key of a term: its characters' keys, back to back, ASCII lowercased.
  private mutating func key(of term: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var key: [UInt8] = []
    key.reserveCapacity(term.count)
    splitCharacters(term)
    for (range, first) in characters {
      let character = UnsafeBufferPointer(rebasing: term[range])
      if range.count == UTF8Scalars.decode(term, at: range.lowerBound).length {
        let info = cache.info(first)
        if info.isIdentity {
          key += character
        } else {
          key += cache.keyBytes[info.keyOffset..<info.keyOffset + info.keyLength]
        }
      } else {
        key += cache.clusterKey(character)
      }
    }
    for index in key.indices where key[index] &- 0x41 < 26 { key[index] |= 0x20 }
    return key
  }

  private mutating func add(_ term: UnsafeBufferPointer<UInt8>) {
    if term.count <= PackedBytes.capacity {
      short.add(PackedBytes.pack(term))
    } else {
      long[Array(term), default: 0] += 1
    }
  }

  private mutating func flushWord(
    _ text: UnsafeBufferPointer<UInt8>, from start: inout Int, to end: Int
  ) {
    guard start >= 0 else { return }
    add(UnsafeBufferPointer(rebasing: text[start..<end]))
    start = -1
  }

  private mutating func flushRun(_ text: UnsafeBufferPointer<UInt8>) {
    // Called after every word of a spaced script: nothing to do, and emptying an empty
    // array is not free.
    if run.isEmpty { return }
    if run.count == 1 { add(UnsafeBufferPointer(rebasing: text[run[0]])) }
    if run.count > 1 {
      for index in 0..<(run.count - 1) {
        add(UnsafeBufferPointer(rebasing: text[run[index].lowerBound..<run[index + 1].upperBound]))
      }
    }
    run.removeAll(keepingCapacity: true)
  }

  /// Fills `characters` with each character of `text` (valid UTF-8) and its first
  /// scalar (see ``walkCharacters(_:_:)``).
  private mutating func splitCharacters(_ text: UnsafeBufferPointer<UInt8>) {
    characters.removeAll(keepingCapacity: true)
    walkCharacters(text) { counter, range, first in counter.characters.append((range, first)) }
  }

  /// Calls `body` with this counter and each character of `text` (valid UTF-8), in
  /// order, and its first scalar, by the folded corpus's rule: a boundary between two
  /// simple scalars, the standard library's grapheme breaking anywhere else.
  @inline(__always)
  private mutating func walkCharacters(
    _ text: UnsafeBufferPointer<UInt8>, _ body: (inout TermCounter, Range<Int>, UInt32) -> Void
  ) {
    var position = 0
    var characterStart = 0
    var first: UInt32 = 0
    var previous = CharacterKeyCache.ScalarInfo(rawValue: 0)  // the last scalar's
    var isPlain = false  // the character so far: a simple scalar and plain marks
    while position < text.count {
      let (scalar, length) = UTF8Scalars.decode(text, at: position)
      // Printable ASCII, CJK and Hangul syllables are simple, and need no table.
      let info =
        CharacterKeyCache.simpleIdentityLength(text, at: position) > 0
        ? CharacterKeyCache.simpleIdentity : cache.info(scalar)
      if position > 0
        && cache.breaks(
          after: UnsafeBufferPointer(rebasing: text[characterStart..<position]), last: previous,
          before: scalar, info, plain: isPlain)
      {
        body(&self, characterStart..<position, first)
        characterStart = position
      }
      if characterStart == position {
        first = scalar
        isPlain = info.isSimple
      } else {
        isPlain = isPlain && info.isPlainMark
      }
      previous = info
      position += length
    }
    if position > 0 { body(&self, characterStart..<position, first) }
  }

  private mutating func isWordish(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 {
      return scalar &- 0x30 < 10 || (scalar | 0x20) &- 0x61 < 26
    }
    guard scalar < 0x10000 else {
      let slot = Int(scalar) & (recentSupplementaryWordish.count - 1)
      let recent = recentSupplementaryWordish[slot]
      if recent >> 1 == scalar { return recent & 1 != 0 }
      let isWordish = Self.isLetterOrNumber(scalar)
      recentSupplementaryWordish[slot] = scalar << 1 | (isWordish ? 1 : 0)
      return isWordish
    }
    if wordish[Int(scalar)] == 0 { wordish[Int(scalar)] = Self.isLetterOrNumber(scalar) ? 2 : 1 }
    return wordish[Int(scalar)] == 2
  }

  /// Whether a character starting with `scalar` is a letter or a number.
  private static func isLetterOrNumber(_ scalar: UInt32) -> Bool {
    let character = Character(Unicode.Scalar(scalar)!)
    return character.isLetter || character.isNumber
  }

  /// Whether a character starting with `scalar` belongs to a script written without
  /// spaces between words: Han, kana, Thai.
  static func isUnspaced(_ scalar: UInt32) -> Bool {
    (0x4E00...0x9FFF).contains(scalar) || (0x3400...0x4DBF).contains(scalar)
      || (0x3040...0x30FF).contains(scalar) || (0x0E00...0x0E7F).contains(scalar)
  }
}
