import TranscriptSearch

/// Chooses keywords for a user's own transcript: its most frequent word of three or more
/// letters, a word found in about 0.1% of the rows, and a string found nowhere.
public enum KeywordChoice {
  public static func choose(in corpus: Corpus) -> [(keyword: String, label: String)] {
    var rowsWithWord: [String: Int] = [:]
    for row in corpus.prefix(20_000) {
      let words = Set(
        row.text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
      for word in words where word.count >= 3 { rowsWithWord[word, default: 0] += 1 }
    }
    let byCount = rowsWithWord.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
    var chosen: [(String, String)] = []
    if let frequent = byCount.first { chosen.append((frequent.key, "frequent")) }
    let target = max(1, min(corpus.count, 20_000) / 1_000)
    if let rare = byCount.min(by: { abs($0.value - target) < abs($1.value - target) }),
      rare.key != chosen.first?.0
    {
      chosen.append((rare.key, "rare"))
    }
    // Letters from the end of several alphabets together occur in no real transcript;
    // the folded search confirms it.
    let absent = "zqxjwvкъ"
    if FoldedCorpus(corpus).matches(of: FoldedKeyword(absent), inRows: 0..<corpus.count).isEmpty {
      chosen.append((absent, "absent"))
    }
    return chosen
  }
}
