import Testing

@testable import TranscriptSearch

/// A large corpus's suggestions come at once from the rows near the screen, then from
/// every row once the index built in the background is there.
@Suite("SearchSession suggestions of a large corpus")
struct SearchSessionSuggestionsTests {
  /// Enough rows to be indexed in the background; a word that only the far rows hold.
  static let corpus = Corpus(
    (0..<SearchSession.backgroundFoldingRows).map { row in
      let far = row >= SearchSession.backgroundFoldingRows - 100
      return TranscriptRow(
        start: Int64(row), text: far ? "stranded strand 量子" : "straße strand 量子计算 \(row % 7)")
    })

  func expected(_ corpus: Corpus, _ prefix: String) -> [String] {
    var index = SuggestionIndex(corpus: corpus)
    return index.suggestions(for: prefix).map(\.term)
  }

  @Test func nearbyRowsFirstThenEveryRow() {
    var session = SearchSession(corpus: Self.corpus, viewport: 0..<40)
    let first = session.suggestions(for: "str")
    if !session.suggestionsAreComplete {
      // From the rows near the screen: the far word is not among them.
      #expect(!first.map(\.term).contains("stranded"))
      #expect(first.map(\.term).contains("strasse"))  // terms are shown folded
    }
    session.waitUntilIndexingStops()
    let complete = session.suggestions(for: "str")
    #expect(session.suggestionsAreComplete)
    #expect(complete.map(\.term) == expected(Self.corpus, "str"))
    #expect(complete.first { $0.term == "stranded" }?.count == 100)
  }

  @Test func anEditWhileIndexingIsCountedOnceTheIndexIsComplete() throws {
    var session = SearchSession(corpus: Self.corpus, viewport: 0..<40)
    _ = session.suggestions(for: "s")
    try session.replaceText(ofRow: 5, with: "strudel strudel")
    session.append([TranscriptRow(start: 0, text: "strudel")])
    _ = session.suggestions(for: "s")
    session.waitUntilIndexingStops()
    let complete = session.suggestions(for: "stru")
    #expect(session.suggestionsAreComplete)
    #expect(complete.map(\.term) == expected(session.corpus, "stru"))
    #expect(complete.first?.count == 3)
  }

  @Test func releasingASessionStopsItsIndexing() {
    var stopped: (@Sendable () -> Void)?
    do {
      var session = SearchSession(corpus: Self.corpus)
      _ = session.suggestions(for: "s")
      stopped = session.waitUntilIndexingStops
    }
    // Returns once the build has ended (given up or finished).
    stopped?()
  }
}
