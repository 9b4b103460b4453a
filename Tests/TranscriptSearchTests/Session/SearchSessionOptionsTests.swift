import PropertyBased
import SearchStrategies
import Testing

@testable import TranscriptSearch

@Suite("SearchSession with find options")
struct SearchSessionOptionsTests {
  let corpus = Corpus(
    ["Résumé of Ana", "a banana, resume", "RESUMES and ana's notes"].enumerated()
      .map { TranscriptRow(start: Int64($0.offset), text: $0.element) })

  func oracle(_ corpus: Corpus, _ keyword: String, _ options: SearchOptions) -> [Match] {
    corpus.indices.flatMap { row in
      OracleMatcher.matchRanges(of: keyword, in: corpus[row].text, options: options).map {
        Match(row: row, start: $0.lowerBound, end: $0.upperBound)
      }
    }
  }

  func matches(_ session: SearchSession) -> [Match] {
    session.navigation.index.blocks.flatMap(\.matches)
  }

  @Test func optionsArePartOfWhatIsCached() {
    var session = SearchSession(corpus: corpus, viewport: 0..<3)
    session.setKeyword("resume")
    #expect(session.navigation.index.count == 2)
    let diacritics = SearchOptions(ignoresDiacritics: true)
    #expect(session.setOptions(diacritics) == .full)
    #expect(session.options == diacritics)
    #expect(matches(session) == oracle(corpus, "resume", diacritics))
    #expect(session.navigation.index.count == 3)
    let whole = SearchOptions(wordMatch: .whole, ignoresDiacritics: true)
    session.setOptions(whole)
    #expect(matches(session) == oracle(corpus, "resume", whole))
    #expect(session.setKeyword("resume", options: .default) == .cached)
    #expect(session.navigation.index.count == 2)
  }

  /// A prefix of only marks has an empty key ignoring diacritics and found nothing: the
  /// next keystroke searches in full rather than narrowing from nothing.
  @Test func aKeywordAfterAnEmptyKeyIsSearchedInFull() {
    let corpus = Corpus([TranscriptRow(start: 0, text: "xİy xay")])
    var session = SearchSession(corpus: corpus)
    let options = SearchOptions(ignoresDiacritics: true)
    session.setKeyword("\u{308}", options: options)
    #expect(session.navigation.index.count == 0)
    #expect(session.setKeyword("\u{308}a") == .full)
    #expect(matches(session) == oracle(corpus, "\u{308}a", options))
    #expect(session.navigation.index.count == 1)
  }

  @Test func typingKeepsTheOptions() {
    var session = SearchSession(corpus: corpus)
    let whole = SearchOptions(wordMatch: .whole)
    session.setKeyword("a", options: whole)
    session.setKeyword("an")
    #expect(session.setKeyword("ana") == .narrowed)
    #expect(matches(session) == oracle(corpus, "ana", whole))
  }

  @Test func editsAndAppendsKeepTheFormWithoutDiacriticsUpToDate() throws {
    var session = SearchSession(corpus: corpus)
    let options = SearchOptions(wordMatch: .start, ignoresDiacritics: true)
    session.setKeyword("resu", options: options)
    try session.replaceText(ofRow: 1, with: "no more")
    session.append([TranscriptRow(start: 9, text: "RÉSUMÉ again, résumés")])
    #expect(matches(session) == oracle(session.corpus, "resu", options))
    var fresh = SearchSession(corpus: session.corpus)
    fresh.setKeyword("resu", options: options)
    #expect(session.navigation.index == fresh.navigation.index)
  }

  @Test func aTokenQueryAppliesItsOptionsToEveryToken() {
    var session = SearchSession(corpus: corpus)
    let options = SearchOptions(wordMatch: .whole, ignoresDiacritics: true)
    session.setQuery(TokenQuery(tokens: ["ana", "resume"], options: options))
    let expected = (oracle(corpus, "ana", options) + oracle(corpus, "resume", options)).sorted()
    #expect(matches(session) == expected)
    session.setOptions(.default)
    #expect(session.query?.options == .default)
    #expect(
      matches(session)
        == (oracle(corpus, "ana", .default) + oracle(corpus, "resume", .default))
        .sorted())
  }

  /// Any sequence of keywords, options, edits and appends ends where a session built
  /// over the final corpus and searched once would.
  @Test func anyInterleavingMatchesAFreshSession() async {
    await propertyCheck(
      count: 60, input: Gen.int(in: 0...1_000).array(of: 1...12)
    ) { steps in
      var session = SearchSession(corpus: corpus)
      let keywords = ["a", "an", "ana", "r", "re", "resume", "é", ""]
      for step in steps {
        switch step % 4 {
        case 0:
          session.setKeyword(
            keywords[step % keywords.count],
            options: SearchOptions.allCombinations[step % SearchOptions.allCombinations.count])
        case 1: session.setKeyword(keywords[step % keywords.count])
        case 2:
          try? session.replaceText(
            ofRow: step % session.corpus.count, with: step % 3 == 0 ? "Ána" : "résumé Ana")
        default: session.append([TranscriptRow(start: Int64(step), text: "ANA résumé \(step)")])
        }
      }
      var fresh = SearchSession(corpus: session.corpus)
      fresh.setKeyword(session.keyword, options: session.options)
      #expect(session.navigation.index == fresh.navigation.index, "\(steps)")
    }
  }
}
