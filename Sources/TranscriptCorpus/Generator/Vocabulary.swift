import Foundation

/// What the generator knows about one script: its words by rank, how they are joined,
/// who speaks, and which keywords it plants.
struct Vocabulary: Sendable {
  /// Words, most frequent first; drawn with Zipf-like weights by rank.
  var words: [String]
  /// Placed between words ("" for scripts written without spaces).
  var separator: String = " "
  /// For scripts without spaces: the pauses placed between some words, and how often.
  var pauses: [String] = []
  var pauseRate: Double = 0
  /// Ends a row, chosen at random.
  var terminators: [String] = ["."]
  /// Whether the script has case: the first word of a row is capitalised, and a few
  /// words are written in capitals.
  var isCased = false
  /// The fraction of rows written in canonically decomposed form (NFD).
  var decomposedRowFraction: Double = 0
  var speakers: [String]
  var planted: [PlantedKeyword]
}

/// A vocabulary turned into UTF-8 bytes ready to be copied into rows.
struct EncodedVocabulary: Sendable {
  struct Word: Sendable {
    var plain: [UInt8]
    var capitalized: [UInt8]
    var uppercased: [UInt8]
  }

  var words: [Word]
  var decomposedWords: [Word]
  /// Cumulative Zipf weights, normalised to end at 1.
  var cumulativeWeights: [Double]
  var separator: [UInt8]
  var pauses: [[UInt8]]
  var pauseRate: Double
  var terminators: [[UInt8]]
  var isCased: Bool
  var decomposedRowFraction: Double
  var speakers: [String]
  var planted: [PlantedKeyword]
  /// For each planted keyword, its forms as bytes, composed and decomposed.
  var plantedForms: [[[UInt8]]]
  var decomposedPlantedForms: [[[UInt8]]]

  /// The Zipf exponent: slightly above 1, as in natural-language word counts.
  static let zipfExponent = 1.07

  init(_ vocabulary: Vocabulary) {
    func encode(_ word: String) -> Word {
      Word(
        plain: Array(word.utf8),
        capitalized: Array((word.prefix(1).uppercased() + word.dropFirst()).utf8),
        uppercased: Array(word.uppercased().utf8))
    }
    let decompose = { (word: String) in word.decomposedStringWithCanonicalMapping }
    words = vocabulary.words.map(encode)
    decomposedWords = vocabulary.words.map { encode(decompose($0)) }
    var total = 0.0
    cumulativeWeights = vocabulary.words.indices.map { rank in
      total += 1 / pow(Double(rank + 1), Self.zipfExponent)
      return total
    }
    cumulativeWeights = cumulativeWeights.map { $0 / total }
    separator = Array(vocabulary.separator.utf8)
    pauses = vocabulary.pauses.map { Array($0.utf8) }
    pauseRate = vocabulary.pauseRate
    terminators = vocabulary.terminators.map { Array($0.utf8) }
    isCased = vocabulary.isCased
    decomposedRowFraction = vocabulary.decomposedRowFraction
    speakers = vocabulary.speakers
    planted = vocabulary.planted
    plantedForms = vocabulary.planted.map { $0.forms.map { Array($0.utf8) } }
    decomposedPlantedForms = vocabulary.planted.map { $0.forms.map { Array(decompose($0).utf8) } }
  }

  /// A word rank drawn with Zipf-like weights.
  func sampleRank(using rng: inout SplitMix64) -> Int {
    let u = rng.unit()
    var low = 0
    var high = cumulativeWeights.count - 1
    while low < high {
      let mid = (low + high) / 2
      if cumulativeWeights[mid] > u { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
