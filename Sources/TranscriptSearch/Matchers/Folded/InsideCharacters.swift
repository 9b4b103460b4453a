/// A set of scalars found inside characters (at a scalar start that is not a character
/// boundary) in a segment, kept by their low 12 bits in 64 words: a superset, so a
/// scalar missing from it begins a character wherever it is in the segment.
///
/// Thai's and Devanagari's vowel signs and the consonants of Indic conjuncts are inside
/// characters; the consonants before them, punctuation and most letters never are. A
/// match that starts on, or ends before, a scalar not in the set needs no boundary
/// table, which a search of a frequent keyword would otherwise read at every match in
/// such rows, mostly from memory.
enum InsideCharacters {
  /// The words of a set that holds nothing yet.
  static let empty = [UInt64](repeating: 0, count: 64)

  @inline(__always)
  static func insert(_ scalar: UInt32, into words: UnsafeMutableBufferPointer<UInt64>) {
    words[Int(scalar >> 6) & 63] |= 1 << UInt64(scalar & 63)
  }

  /// Whether `scalar` may be inside a character; never for a set of no words.
  @inline(__always)
  static func mayContain(_ scalar: UInt32, in words: UnsafeBufferPointer<UInt64>) -> Bool {
    !words.isEmpty && words[Int(scalar >> 6) & 63] & 1 << UInt64(scalar & 63) != 0
  }

  /// Adds the scalars of `other` to `words`.
  static func formUnion(_ words: inout [UInt64], _ other: [UInt64]) {
    guard !other.isEmpty else { return }
    guard !words.isEmpty else {
      words = other
      return
    }
    for index in words.indices { words[index] |= other[index] }
  }
}
