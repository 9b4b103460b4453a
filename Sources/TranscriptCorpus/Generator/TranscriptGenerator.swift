import TranscriptSearch

/// Generates realistic transcript rows in one script, deterministically.
///
/// The same script, row count and seed give byte-identical rows on every machine: all
/// randomness comes from ``SplitMix64``. Rows have increasing start times, a handful of
/// speakers, 5–25 words drawn with Zipf-like frequencies, and the script's planted
/// keywords in known rows.
public struct TranscriptGenerator: Sendable {
  public let script: Script
  public let seed: UInt64

  /// The version of the generator's output, recorded in the dataset manifest. Bump it
  /// whenever a change alters the bytes generated for a seed.
  public static let version = 1

  /// Each row holds this many words (or, in scripts without spaces, word-like units).
  public static let wordsPerRow = 5...25
  /// The share of ``Script/mixed`` rows that mix several scripts; the rest are rows of
  /// one script chosen at random.
  static let mixedRowFraction = 0.3
  /// The share of words written in capitals, in scripts with case.
  static let capitalsRate = 0.02
  /// The share of rows without a named speaker.
  static let anonymousRowRate = 0.05
  /// The chance that the next row has a different speaker.
  static let speakerChangeRate = 0.35

  private let vocabulary: EncodedVocabulary
  /// For ``Script/mixed``: the vocabularies its rows draw on.
  private let componentVocabularies: [EncodedVocabulary]

  public init(script: Script, seed: UInt64) {
    self.script = script
    self.seed = seed
    vocabulary = EncodedVocabulary(.of(script))
    componentVocabularies =
      script == .mixed ? Script.single.map { EncodedVocabulary(.of($0)) } : []
  }

  /// The keywords this script plants, with their frequency classes.
  public var plantedKeywords: [PlantedKeyword] { vocabulary.planted }

  /// Generates `rows` rows, calling `body` with each row's start time, speaker and UTF-8
  /// text, and returns how many rows hold each planted keyword.
  ///
  /// The text buffer is valid only during the call to `body`.
  public func generate(
    rows: Int,
    _ body: (_ start: Int64, _ speaker: String?, _ utf8Text: UnsafeBufferPointer<UInt8>) throws ->
      Void
  ) rethrows -> [PlantedKeywordCount] {
    precondition(rows >= 0, "The row count must not be negative")
    var rng = SplitMix64(seed: seed ^ Self.streamKey(of: script))
    var text: [UInt8] = []
    text.reserveCapacity(1024)
    var plantedRows = [Int](repeating: 0, count: vocabulary.planted.count)
    var start: Int64 = 0
    var speaker: String? = vocabulary.speakers[0]

    for _ in 0..<rows {
      text.removeAll(keepingCapacity: true)
      let wordCount = rng.inRange(Self.wordsPerRow)
      // Decide the plantings first: for each keyword, the word slot it goes before.
      var plantings: [(slot: Int, keyword: Int)] = []
      for (index, keyword) in vocabulary.planted.enumerated()
      where rng.chance(keyword.frequencyClass.plantingRate) {
        plantings.append((rng.below(wordCount + 1), index))
        plantedRows[index] += 1
      }
      if script == .mixed && rng.chance(Self.mixedRowFraction) {
        appendMixedRow(wordCount: wordCount, plantings: plantings, to: &text, using: &rng)
      } else {
        let source =
          script == .mixed
          ? componentVocabularies[rng.below(componentVocabularies.count)] : vocabulary
        appendRow(
          from: source, wordCount: wordCount, plantings: plantings, to: &text, using: &rng)
      }

      if rng.chance(Self.speakerChangeRate) {
        speaker = vocabulary.speakers[rng.below(vocabulary.speakers.count)]
      }
      let rowSpeaker = rng.chance(Self.anonymousRowRate) ? nil : speaker
      try text.withUnsafeBufferPointer { try body(start, rowSpeaker, $0) }
      start += 400 + Int64(wordCount) * 280 + Int64(rng.below(900))
    }
    return zip(vocabulary.planted, plantedRows).map {
      PlantedKeywordCount(keyword: $0.keyword, frequencyClass: $0.frequencyClass, rows: $1)
    }
  }

  /// Generates `rows` rows into a corpus.
  public func makeCorpus(rows: Int) -> (corpus: Corpus, planted: [PlantedKeywordCount]) {
    var corpus = Corpus()
    corpus.reserveCapacity(rows: rows, textBytes: rows * 96)
    let planted = generate(rows: rows) { start, speaker, text in
      corpus.appendRow(start: start, speaker: speaker, utf8Text: text)
    }
    return (corpus, planted)
  }

  /// A per-script constant mixed into the seed, so scripts generated with the same seed
  /// do not share their random choices (which rows get a keyword, how long rows are).
  /// FNV-1a of the script's name: stable across machines and releases.
  static func streamKey(of script: Script) -> UInt64 {
    script.rawValue.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
  }

  /// One row of one script: words, the planted keywords among them, a terminator.
  private func appendRow(
    from source: EncodedVocabulary, wordCount: Int, plantings: [(slot: Int, keyword: Int)],
    to text: inout [UInt8], using rng: inout SplitMix64
  ) {
    let decomposed = source.decomposedRowFraction > 0 && rng.chance(source.decomposedRowFraction)
    let words = decomposed ? source.decomposedWords : source.words
    for slot in 0...wordCount {
      for planting in plantings where planting.slot == slot {
        appendSeparator(of: source, to: &text, using: &rng)
        appendPlantedForm(planting.keyword, decomposed: decomposed, to: &text, using: &rng)
      }
      guard slot < wordCount else { break }
      appendSeparator(of: source, to: &text, using: &rng)
      let word = words[source.sampleRank(using: &rng)]
      if source.isCased && text.isEmpty {
        text += word.capitalized
      } else if source.isCased && rng.chance(Self.capitalsRate) {
        text += word.uppercased
      } else {
        text += word.plain
      }
    }
    text += source.terminators[rng.below(source.terminators.count)]
  }

  /// One row whose every word comes from a script chosen at random.
  private func appendMixedRow(
    wordCount: Int, plantings: [(slot: Int, keyword: Int)], to text: inout [UInt8],
    using rng: inout SplitMix64
  ) {
    for slot in 0...wordCount {
      for planting in plantings where planting.slot == slot {
        if !text.isEmpty { text.append(0x20) }
        appendPlantedForm(planting.keyword, decomposed: false, to: &text, using: &rng)
      }
      guard slot < wordCount else { break }
      if !text.isEmpty { text.append(0x20) }
      let source = componentVocabularies[rng.below(componentVocabularies.count)]
      text += source.words[source.sampleRank(using: &rng)].plain
    }
    text.append(0x2E)
  }

  private func appendSeparator(
    of source: EncodedVocabulary, to text: inout [UInt8], using rng: inout SplitMix64
  ) {
    guard !text.isEmpty else { return }
    if !source.pauses.isEmpty && rng.chance(source.pauseRate) {
      text += source.pauses[rng.below(source.pauses.count)]
    } else {
      text += source.separator
    }
  }

  private func appendPlantedForm(
    _ keyword: Int, decomposed: Bool, to text: inout [UInt8], using rng: inout SplitMix64
  ) {
    let forms = decomposed ? vocabulary.decomposedPlantedForms : vocabulary.plantedForms
    text += forms[keyword][rng.below(forms[keyword].count)]
  }
}
