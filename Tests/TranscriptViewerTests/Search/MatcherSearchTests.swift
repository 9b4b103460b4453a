import SearchBenchKit
import Testing
import TranscriptSearch

@testable import TranscriptViewer

/// Another strategy behind the viewer: the rows on screen first, then the same answer as
/// the session's, the current match kept by the same policy.
@Suite struct MatcherSearchTests {
  static let corpus = Corpus(
    (0..<3_000).map { row in
      TranscriptRow(
        start: Int64(row), text: row % 5 == 0 ? "Zephyr over row \(row)" : "a zebu in row \(row)")
    })

  func updates(
    of strategy: String, typing keywords: [String], options: SearchOptions = .default
  ) async throws -> [ViewerUpdate] {
    let search = MatcherSearch(
      strategy: try #require(Strategies.named(strategy)), corpus: Self.corpus,
      viewport: 100..<120)
    var updates: [ViewerUpdate] = []
    var iterator = search.updates.makeAsyncIterator()
    for (keystroke, keyword) in keywords.enumerated() {
      await search.edit(KeywordEdit(keystroke: keystroke, keyword: keyword, options: options))
      while let update = await iterator.next() {
        updates.append(update)
        if update.phase == .complete { break }
      }
    }
    return updates
  }

  /// Each keystroke's visible rows come first, unless its complete answer came sooner
  /// (a fast strategy's whole search can beat the preparation of the rows on screen):
  /// then they are not shown at all, never after it.
  @Test(arguments: ["regex", "nsregex", "foundation", "pcre2"])
  func theVisibleRowsThenTheSessionsAnswer(_ strategy: String) async throws {
    let keywords = ["zeph", "zephyr"]
    let updates = try await updates(of: strategy, typing: keywords)
    var session = SearchSession(corpus: Self.corpus, viewport: 100..<120)
    let byKeystroke = keywords.indices.map { keystroke in
      updates.filter { $0.keystroke == keystroke }
    }
    #expect(byKeystroke.map(\.count).reduce(0, +) == updates.count)
    for (keystroke, keyword) in keywords.enumerated() {
      session.setKeyword(keyword)
      let phases = byKeystroke[keystroke].map(\.phase)
      try #require(phases == [.visible, .complete] || phases == [.complete], "\(phases)")
      if let visible = byKeystroke[keystroke].first, visible.phase == .visible {
        #expect(visible.status == .counting(visible: 4))
        #expect(
          visible.navigation.index.allMatches
            == session.navigation.index.allMatches.filter { (100..<120).contains($0.row) })
      }
      let complete = byKeystroke[keystroke].last!
      #expect(complete.navigation.index == session.navigation.index)
      #expect(complete.navigation.current == session.navigation.current, "\(strategy)")
      #expect(complete.status == session.status)
    }
  }

  /// Options a strategy does not offer are said, not searched without.
  @Test func optionsNotOfferedAreSaid() async throws {
    let updates = try await updates(
      of: "regex", typing: ["zephyr"], options: SearchOptions(ignoresDiacritics: true))
    #expect(updates.count == 1)
    #expect(updates[0].problem?.contains("regex does not offer") == true)
  }
}
