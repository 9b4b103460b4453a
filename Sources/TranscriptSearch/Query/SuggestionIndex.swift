import Foundation

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

  /// An empty index, for rows added later with the updating methods.
  public init() {}

  /// Counts the terms of every row of `corpus`; a large corpus in parts on every core.
  public init(corpus: Corpus) {
    self.init(corpus: corpus, shouldStop: { false })
  }

  /// Counts the terms of `rowCount` rows of `corpus` centred on `rows` (all of them in a
  /// smaller corpus): the suggestions a search bar can give at once while the index of a
  /// large corpus is still being built.
  public init(corpus: Corpus, around rows: Range<Int>, rowCount: Int) {
    let center = (rows.lowerBound + rows.upperBound) / 2
    let first = max(0, min(center - rowCount / 2, corpus.count - rowCount))
    self.init(corpus: Corpus(corpus[first..<min(first + rowCount, corpus.count)]))
  }

  /// Counts the terms of every row of `corpus`, or some of them if `shouldStop` (asked
  /// every few thousand rows) turns true: a build given up.
  init(corpus: Corpus, shouldStop: @Sendable () -> Bool) {
    let parts = max(
      1, min(ProcessInfo.processInfo.activeProcessorCount, corpus.count / Self.rowsPerPart))
    nonisolated(unsafe) var counters = [TermCounter?](repeating: nil, count: parts)
    counters.withUnsafeMutableBufferPointer { counters in
      nonisolated(unsafe) let counters = counters
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        // Counted in a counter of the part's own, stored once done: counters side by side
        // in the array share cache lines, which two cores writing at once take from each
        // other.
        var counter = TermCounter()
        counter.count(
          corpus, rows: corpus.count * part / parts..<corpus.count * (part + 1) / parts,
          shouldStop: shouldStop)
        counters[part] = counter
      }
    }
    var counter = counters[0]!
    for case let other? in counters.dropFirst() { counter.merge(other) }
    counts = counter.countsByKey()
    // Sorted here, off the first keystroke's path.
    sortedKeys = counts.keys.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// Rows below which counting in parts on several cores does not pay for starting them.
  static let rowsPerPart = 16_384

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

  /// Whether a character belongs to a script written without spaces between words.
  static func isUnspaced(_ character: Character) -> Bool {
    guard let value = character.unicodeScalars.first?.value else { return false }
    return TermCounter.isUnspaced(value)
  }
}
