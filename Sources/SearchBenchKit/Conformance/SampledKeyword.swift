import Foundation
import TranscriptCorpus

/// A keyword taken from a transcript's own text, and how it was taken, so that a check
/// against the contract searches for what a person would type in that text.
public struct SampledKeyword: Codable, Equatable, Sendable {
  /// How a keyword was cut from the text and then changed.
  public enum Shape: String, Codable, CaseIterable, Sendable {
    /// A whole word (a run of letters, marks and digits).
    case word
    /// One to six characters from anywhere in a row, spaces and punctuation included.
    case piece
    /// A word or piece in upper case.
    case uppercased
    /// A word or piece in lower case.
    case lowercased
    /// A word or piece canonically decomposed (NFD), as some keyboards and files send it.
    case decomposed
    /// A word or piece without its nonspacing marks, as typed on a keyboard without them.
    case withoutMarks
    /// Given by the person running the check, not taken from the text.
    case given
  }

  public var keyword: String
  public var shape: Shape

  public init(keyword: String, shape: Shape) {
    self.keyword = keyword
    self.shape = shape
  }

  /// `count` keywords from `rows`, reproducibly for a `seed`: each from a random row,
  /// either a whole word or a piece of one to six characters, then changed one way in
  /// two (case, decomposition or marks). Keywords are distinct; fewer come back when the
  /// text does not hold that many.
  public static func sample(from rows: [String], count: Int, seed: UInt64) -> [SampledKeyword] {
    var random = SplitMix64(seed: seed)
    let candidates = rows.filter { !$0.isEmpty }
    guard !candidates.isEmpty, count > 0 else { return [] }
    var chosen: [SampledKeyword] = []
    var seen = Set<String>()
    // Short rows and repeated words can make many draws land on keywords already taken.
    var draws = 0
    while chosen.count < count && draws < count * 50 {
      draws += 1
      let row = Array(candidates[random.below(candidates.count)])
      var keyword: String
      var shape: Shape
      if random.chance(0.5), let word = randomWord(in: row, using: &random) {
        keyword = word
        shape = .word
      } else {
        let length = random.inRange(1...min(6, row.count))
        let start = random.below(row.count - length + 1)
        keyword = String(row[start..<start + length])
        shape = .piece
      }
      if random.chance(0.5) {
        let changed = Shape.changes.randomElement(using: &random)!
        let text = changed.apply(to: keyword)
        // A change that leaves the keyword as it was, or strips it to nothing, tells
        // nothing new.
        if text != keyword, !text.isEmpty {
          keyword = text
          shape = changed
        }
      }
      guard seen.insert(keyword).inserted else { continue }
      chosen.append(SampledKeyword(keyword: keyword, shape: shape))
    }
    return chosen
  }

  /// A word of `row` starting at a random character, or nil when none is there.
  private static func randomWord(
    in row: [Character], using random: inout SplitMix64
  ) -> String? {
    func inWord(_ character: Character) -> Bool {
      character.unicodeScalars.first.map {
        $0.properties.isAlphabetic || $0.properties.numericType != nil
      } ?? false
    }
    var index = random.below(row.count)
    // Move to the next word when the draw fell between words, wrapping once.
    var steps = 0
    while !inWord(row[index]) {
      index = (index + 1) % row.count
      steps += 1
      if steps == row.count { return nil }
    }
    var start = index
    while start > 0, inWord(row[start - 1]) { start -= 1 }
    var end = index
    while end < row.count, inWord(row[end]) { end += 1 }
    return String(row[start..<end])
  }
}

extension SampledKeyword.Shape {
  /// The shapes that change a word or piece.
  static let changes: [Self] = [.uppercased, .lowercased, .decomposed, .withoutMarks]

  /// The change this shape makes to a word or piece.
  func apply(to text: String) -> String {
    switch self {
    case .word, .piece, .given: text
    case .uppercased: text.uppercased()
    case .lowercased: text.lowercased()
    case .decomposed: text.decomposedStringWithCanonicalMapping
    case .withoutMarks:
      String(
        String.UnicodeScalarView(
          text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            $0.properties.generalCategory != .nonspacingMark
          }))
    }
  }
}
