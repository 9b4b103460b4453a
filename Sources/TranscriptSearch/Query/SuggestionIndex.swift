/// Completions for what is being typed: the corpus's most frequent terms that start with
/// the typed prefix under the match contract's folding (so "STR" suggests "straße").
///
/// Terms are words (runs of letters and digits, marks included); in scripts written
/// without spaces (Chinese, Japanese, Thai) every pair of adjacent characters is a term.
/// Built once; rows added or edited update the counts.
public struct SuggestionIndex: Sendable {
  /// Occurrences of each term, by its composed key.
  private var counts: [[UInt8]: Int] = [:]
  /// The keys in byte order, rebuilt after changes when next asked.
  private var sortedKeys: [[UInt8]] = []
  private var isSorted = true

  public init() {}

  /// Counts the terms of every row of `corpus`.
  public init(corpus: Corpus) {
    // Terms repeat: count them by their text first, fold each distinct one once.
    // Non-ASCII terms are keyed by their bytes: hashing a String normalizes it.
    var byText: [String: Int] = [:]
    var byBytes: [[UInt8]: Int] = [:]
    var wordish = [UInt8](repeating: 0, count: 0x10000)
    for row in corpus.indices {
      corpus.withUTF8Text(ofRow: row) { bytes in
        if bytes.allSatisfy({ $0 < 0x80 }) {
          Self.countASCIIWords(in: bytes, into: &byText)
        } else {
          Self.countTerms(
            in: String(decoding: bytes, as: UTF8.self), into: &byBytes, wordish: &wordish)
        }
      }
    }
    for (term, count) in byText { counts[MatchKey.composedKey(term), default: 0] += count }
    for (term, count) in byBytes {
      counts[MatchKey.composedKey(String(decoding: term, as: UTF8.self)), default: 0] += count
    }
    isSorted = false
  }

  /// The number of distinct terms.
  public var termCount: Int { counts.count }

  /// Adds the terms of a row's text (a row appended, or the new text of an edited row).
  public mutating func add(_ text: String) {
    for term in Self.terms(in: text) { counts[MatchKey.composedKey(term), default: 0] += 1 }
    isSorted = false
  }

  /// Removes the terms of a row's old text (before an edit).
  public mutating func remove(_ text: String) {
    for term in Self.terms(in: text) {
      let key = MatchKey.composedKey(term)
      guard let count = counts[key] else { continue }
      counts[key] = count > 1 ? count - 1 : nil
    }
    isSorted = false
  }

  /// How often `term` occurs, under folding.
  public func count(of term: String) -> Int { counts[MatchKey.composedKey(term)] ?? 0 }

  /// The `limit` most frequent terms starting with `prefix` (folded), most frequent
  /// first, ties in byte order. A prefix of only spaces (or nothing) suggests nothing.
  ///
  /// - Complexity: O(log *t* + *k* log *k*) for *t* terms, *k* of them with the prefix.
  public mutating func suggestions(for prefix: String, limit: Int = 10) -> [(
    term: String, count: Int
  )] {
    let trimmed = prefix.drop { $0.isWhitespace }
    guard !trimmed.isEmpty, limit > 0 else { return [] }
    if !isSorted {
      sortedKeys = counts.keys.sorted { $0.lexicographicallyPrecedes($1) }
      isSorted = true
    }
    let key = MatchKey.composedKey(String(trimmed))
    var low = 0
    var high = sortedKeys.count
    while low < high {
      let mid = (low + high) / 2
      if sortedKeys[mid].lexicographicallyPrecedes(key) { low = mid + 1 } else { high = mid }
    }
    var matching: [(key: [UInt8], count: Int)] = []
    var index = low
    while index < sortedKeys.count && sortedKeys[index].starts(with: key) {
      matching.append((sortedKeys[index], counts[sortedKeys[index]]!))
      index += 1
    }
    matching.sort {
      $0.count != $1.count ? $0.count > $1.count : $0.key.lexicographicallyPrecedes($1.key)
    }
    return matching.prefix(limit).map { (String(decoding: $0.key, as: UTF8.self), $0.count) }
  }

  /// The terms of `text`, in order.
  public static func terms(in text: String) -> [String] {
    var terms: [String] = []
    var word = ""
    var run: [Character] = []  // characters of a script without spaces
    func flushRun() {
      if run.count == 1 { terms.append(String(run[0])) }
      if run.count > 1 {
        for index in 0..<(run.count - 1) {
          terms.append(String(run[index]) + String(run[index + 1]))
        }
      }
      run.removeAll(keepingCapacity: true)
    }
    func flushWord() {
      if !word.isEmpty { terms.append(word) }
      word = ""
    }
    for character in text {
      if isUnspaced(character) {
        flushWord()
        run.append(character)
      } else if character.isLetter || character.isNumber {
        flushRun()
        word.append(character)
      } else {
        flushWord()
        flushRun()
      }
    }
    flushWord()
    flushRun()
    return terms
  }

  /// Counts the terms of `text` by their UTF-8 bytes: the same terms as `terms(in:)`
  /// gives, each a contiguous run of the text, so none is built character by character.
  ///
  /// `wordish` memoizes, for each BMP scalar (0 unknown, 1 no, 2 yes), whether a character
  /// starting with it is a letter or number: looking the properties up is most of the cost.
  static func countTerms(
    in text: String, into counts: inout [[UInt8]: Int], wordish: inout [UInt8]
  ) {
    let utf8 = text.utf8
    var wordStart: String.Index?
    var run: [Range<String.Index>] = []  // characters of a script without spaces
    func flushWord(endingAt end: String.Index) {
      guard let start = wordStart else { return }
      counts[Array(utf8[start..<end]), default: 0] += 1
      wordStart = nil
    }
    func flushRun() {
      if run.count == 1 { counts[Array(utf8[run[0]]), default: 0] += 1 }
      if run.count > 1 {
        for index in 0..<(run.count - 1) {
          counts[Array(utf8[run[index].lowerBound..<run[index + 1].upperBound]), default: 0] += 1
        }
      }
      run.removeAll(keepingCapacity: true)
    }
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      let character = text[index]
      if isUnspaced(character) {
        flushWord(endingAt: index)
        run.append(index..<next)
      } else if isWordish(character, memo: &wordish) {
        flushRun()
        if wordStart == nil { wordStart = index }
      } else {
        flushWord(endingAt: index)
        flushRun()
      }
      index = next
    }
    flushWord(endingAt: text.endIndex)
    flushRun()
  }

  private static func isWordish(_ character: Character, memo: inout [UInt8]) -> Bool {
    let first = character.unicodeScalars.first!
    let value = Int(first.value)
    guard value < memo.count else { return character.isLetter || character.isNumber }
    if memo[value] == 0 {
      let single = Character(first)
      memo[value] = single.isLetter || single.isNumber ? 2 : 1
    }
    return memo[value] == 2
  }

  /// Counts the words of an ASCII row: the same terms as `terms(in:)` gives for it (ASCII
  /// letters and digits are its only letters and numbers, and no ASCII script is
  /// unspaced), without walking grapheme clusters.
  static func countASCIIWords(
    in bytes: UnsafeBufferPointer<UInt8>, into counts: inout [String: Int]
  ) {
    var start = -1
    for index in 0...bytes.count {
      let isWordByte =
        index < bytes.count
        && (bytes[index] &- 0x30 < 10 || (bytes[index] | 0x20) &- 0x61 < 26)
      if isWordByte {
        if start < 0 { start = index }
      } else if start >= 0 {
        let word = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        counts[word, default: 0] += 1
        start = -1
      }
    }
  }

  /// Whether a character belongs to a script written without spaces between words.
  static func isUnspaced(_ character: Character) -> Bool {
    guard let value = character.unicodeScalars.first?.value else { return false }
    return (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
      || (0x3040...0x30FF).contains(value) || (0x0E00...0x0E7F).contains(value)
  }
}
