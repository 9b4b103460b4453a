import SearchStrategies
import TranscriptSearch

/// The oracle's answers, each found once per test process: a question asked again (the
/// same rows, keyword and options, by another segment size, kernel or matcher under test)
/// gets the answer already found. The oracle stays as plain as it is; only the
/// repetition is saved.
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

  private var answers: [Question: Task<[Match], any Error>] = [:]

  /// The oracle's matches of `keyword` in `rows`.
  func matches(
    of keyword: String, options: SearchOptions = .default, in rows: Rows
  ) async throws -> [Match] {
    let question = Question(rows: rows, keyword: keyword, options: options)
    if let answer = answers[question] { return try await answer.value }
    let answer = Task {
      try await OracleMatcher(corpus: rows.corpus).matches(of: keyword, options: options)
    }
    answers[question] = answer
    return try await answer.value
  }
}
