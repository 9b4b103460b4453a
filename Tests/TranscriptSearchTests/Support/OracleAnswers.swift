import SearchStrategies
import TranscriptSearch

/// The oracle's answers, each found once per test process: a question asked again (the
/// same rows, keyword and options, by another segment size, kernel or matcher under test)
/// gets the answer already found, and each row is split into its characters' keys once
/// for all the keywords asked of it. The answer is the oracle's own definition
/// (`OracleMatcher.matches(of:inRows:wordMatch:)` on rows prepared once);
/// only the repetition is saved.
actor OracleAnswers {
  static let shared = OracleAnswers()

  /// A corpus as a question names it: its texts, hashed once.
  struct Rows: Hashable, Sendable {
    let corpus: Corpus
    let texts: [String]
    private let hash: Int

    init(_ corpus: Corpus) {
      self.corpus = corpus
      texts = corpus.map(\.text)
      hash = texts.hashValue
    }

    static func == (left: Rows, right: Rows) -> Bool { left.texts == right.texts }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
  }

  private struct Question: Hashable {
    var rows: Rows
    var keyword: String
    var options: SearchOptions
  }

  private struct Preparation: Hashable {
    var rows: Rows
    var ignoresDiacritics: Bool
  }

  private var answers: [Question: Task<[Match], Never>] = [:]
  private var preparations: [Preparation: Task<[OracleMatcher.PreparedText], Never>] = [:]

  /// The oracle's matches of `keyword` in `rows`.
  func matches(
    of keyword: String, options: SearchOptions = .default, in rows: Rows
  ) async -> [Match] {
    let question = Question(rows: rows, keyword: keyword, options: options)
    if let answer = answers[question] { return await answer.value }
    let texts = preparedTexts(rows, ignoringDiacritics: options.ignoresDiacritics)
    let answer = Task {
      OracleMatcher.matches(
        of: OracleMatcher.PreparedKeyword(keyword, ignoringDiacritics: options.ignoresDiacritics),
        inRows: await texts.value, wordMatch: options.wordMatch)
    }
    answers[question] = answer
    return await answer.value
  }

  /// Every row of `rows` split into its characters' keys, once per diacritics option.
  private func preparedTexts(
    _ rows: Rows, ignoringDiacritics: Bool
  ) -> Task<[OracleMatcher.PreparedText], Never> {
    let preparation = Preparation(rows: rows, ignoresDiacritics: ignoringDiacritics)
    if let prepared = preparations[preparation] { return prepared }
    let prepared = Task {
      rows.texts.map { OracleMatcher.PreparedText($0, ignoringDiacritics: ignoringDiacritics) }
    }
    preparations[preparation] = prepared
    return prepared
  }
}
