import PropertyBased
import SearchStrategies
import Testing

@testable import TranscriptSearch

@Suite("Token queries, scopes and suggestions")
struct TokenQueryTests {
  /// Each token's matches by the oracle, merged by the documented rule: leftmost, then
  /// longest, never overlapping; in `all` mode only in rows holding every token.
  func expected(_ query: TokenQuery, _ corpus: Corpus) async -> [TokenMatch] {
    var perToken: [[Match]] = []
    for token in query.tokens {
      perToken.append((try? await OracleMatcher(corpus: corpus).matches(of: token)) ?? [])
    }
    var all = perToken.enumerated().flatMap { token, matches in
      matches.map { TokenMatch(match: $0, token: token) }
    }
    all.sort {
      ($0.match.row, $0.match.start, -$0.match.end, $0.token) < (
        $1.match.row, $1.match.start, -$1.match.end, $1.token
      )
    }
    var merged: [TokenMatch] = []
    for candidate in all {
      if let last = merged.last, last.match.row == candidate.match.row,
        candidate.match.start < last.match.end
      {
        continue
      }
      merged.append(candidate)
    }
    guard query.mode == .all else { return merged }
    let rows = perToken.map { Set($0.map(\.row)) }.reduce(Set(corpus.indices)) {
      $0.intersection($1)
    }
    return merged.filter { rows.contains($0.match.row) }
  }

  @Test func tokenQueriesEqualTheMergedSingleKeywordResults() async {
    let tokens = Gen<String?>.element(of: ["s", "ss", "ß", "a", "ab", "é", "👍", "ς"]).array(
      of: 1...4
    )
    .map { $0.compactMap { $0 } }.eraseToAny()
    await propertyCheck(
      count: 150, input: TrickyText.strings(upTo: 14).array(of: 1...6), tokens, Gen.bool
    ) { rows, tokens, all in
      let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
      let query = TokenQuery(tokens: tokens, mode: all ? .all : .any)
      let got = FoldedCorpus(corpus, segmentBytes: 16).matches(
        of: query, inRows: [0..<corpus.count])
      #expect(got == (await expected(query, corpus)), "\(rows.debugDescription) \(tokens)")
    }
  }

  /// Long segments, so the four-block step and every lane of it are exercised: each
  /// token's matches from the one-pass search equal its own search's.
  @Test func onePassEqualsSeparateSearchesOnLongSegments() {
    let words = ["zephyr", "STRASSE", "量子", "👍🏽", "θάλασσα", "a", "ss", "e\u{301}"]
    let rows = (0..<3_000).map { index in
      TranscriptRow(
        start: 0,
        text: (0..<(index % 11)).map { words[($0 * 7 + index) % words.count] }.joined(
          separator: String(repeating: " ", count: index % 5 + 1)))
    }
    let folded = FoldedCorpus(Corpus(rows))
    let keys = ["straße", "量子", "👍", "Θάλασσα", "ss", "é", "zephyr", "qq"].map(FoldedKeyword.init)
    let together = folded.matches(ofEach: keys, inRows: 0..<rows.count)
    for (key, matches) in zip(keys, together) {
      #expect(matches == folded.matches(of: key, inRows: 0..<rows.count))
    }
  }

  @Test func anyRowsAreTheUnionAndAllRowsTheIntersection() async {
    let corpus = Corpus(
      ["zephyr and straße", "only zephyr", "only STRASSE", "neither"].map {
        TranscriptRow(start: 0, text: $0)
      })
    let folded = FoldedCorpus(corpus)
    let any = folded.matches(
      of: TokenQuery(tokens: ["zephyr", "strasse"], mode: .any), inRows: [0..<4])
    let all = folded.matches(
      of: TokenQuery(tokens: ["zephyr", "strasse"], mode: .all), inRows: [0..<4])
    #expect(Set(any.map(\.match.row)) == [0, 1, 2])
    #expect(Set(all.map(\.match.row)) == [0])
    #expect(all.map(\.token) == [0, 1])
  }

  @Test func duplicateEmptyAndNestedTokens() {
    #expect(TokenQuery(tokens: ["a", "", "a", "ab"]).tokens == ["a", "ab"])
    #expect(FoldedCorpus(Corpus()).matches(of: TokenQuery(tokens: []), inRows: []).isEmpty)
    // "ab" contains "a": at the same start the longer wins.
    let corpus = Corpus([TranscriptRow(start: 0, text: "ab a")])
    let got = FoldedCorpus(corpus).matches(of: TokenQuery(tokens: ["a", "ab"]), inRows: [0..<1])
    #expect(got.map { [$0.match.start, $0.match.end, $0.token] } == [[0, 2, 1], [3, 4, 0]])
  }

  @Test func scopesEqualFilteringTheUnscopedResult() {
    let speakers = ["Ada", "Bob", nil, "Cy"]
    let corpus = Corpus(
      (0..<400).map {
        TranscriptRow(start: Int64($0 * 1_000), speaker: speakers[$0 % 4], text: "zephyr \($0)")
      })
    let folded = FoldedCorpus(corpus, segmentBytes: 512)
    let everything = folded.matches(of: TokenQuery(tokens: ["zephyr"]), inRows: [0..<400])
    let scopes = [
      SearchScope(speakers: ["Ada", "Cy"]), SearchScope(startTimes: 50_000..<120_000),
      SearchScope(speakers: ["Bob"], startTimes: 10_000..<20_000), SearchScope(speakers: []),
      SearchScope(startTimes: 90_000..<90_000),
    ]
    for scope in scopes {
      let got = folded.matches(
        of: TokenQuery(tokens: ["zephyr"], scope: scope), inRows: corpus.rows(in: scope))
      let filtered = everything.filter { match in
        let row = match.match.row
        return (scope.startTimes.map { $0.contains(corpus.startTime(ofRow: row)) } ?? true)
          && (scope.speakers.map { set in corpus.speaker(ofRow: row).map(set.contains) ?? false }
            ?? true)
      }
      #expect(got == filtered, "\(scope)")
    }
  }

  @Test func theSessionNavigatesHighlightsAndCountsATokenQuery() {
    let corpus = Corpus([
      TranscriptRow(start: 0, speaker: "Ada", text: "zephyr and STRASSE"),
      TranscriptRow(start: 1, speaker: "Bob", text: "a straße"),
    ])
    var session = SearchSession(corpus: corpus, viewport: 0..<2)
    session.setQuery(TokenQuery(tokens: ["zephyr", "straße"]))
    // The first match becomes current (the viewport's nearest), as for a keyword.
    #expect(session.status.description == "1 of 3")
    #expect(did { session.next() })
    #expect(session.navigation.currentMatch == Match(row: 0, start: 11, end: 18))
    let tokens = session.highlightedRows().flatMap { row in
      row.text.runs.compactMap { $0[MatchHighlightAttribute.self]?.token }
    }
    #expect(tokens == [0, 1, 1])
    #expect(session.matchCountsBySpeaker().map(\.count) == [2, 1])
    session.commitQuery()
    #expect(session.recentQueries.queries == ["zephyr straße"])
  }

  @Test func suggestionsAreRankedByTrueFrequency() {
    let texts = [
      "the straße and the strand", "STRASSE strand strange", "the strasse", "stream of streams",
    ]
    var index = SuggestionIndex(corpus: Corpus(texts.map { TranscriptRow(start: 0, text: $0) }))
    let got = index.suggestions(for: "STR")
    // A plain count: lowercase words, ß spelled ss.
    var counts: [String: Int] = [:]
    for word in texts.joined(separator: " ").lowercased().replacingOccurrences(of: "ß", with: "ss")
      .split(separator: " ") where word.hasPrefix("str")
    {
      counts[String(word), default: 0] += 1
    }
    #expect(
      got.map(\.count)
        == got.map { counts[$0.term.replacingOccurrences(of: "ß", with: "ss")] ?? -1 })
    #expect(got.first?.term == "strasse" && got.first?.count == 3)
    #expect(got.map(\.count) == got.map(\.count).sorted(by: >))
    #expect(did { index.suggestions(for: "   ").isEmpty })
    index.add("strand strand strand")
    #expect(did { index.suggestions(for: "str").first?.term == "strand" })
  }

  /// Building from a corpus (with its shortcut for ASCII rows) counts the same terms as
  /// adding each row's text, which walks characters.
  @Test func buildingCountsWhatAddingEachRowCounts() async {
    let ascii = Gen<String?>.element(of: ["a", "Zq", "09", "x1", " ", ".", "\r\n", "\t", "-", "_"])
      .array(of: 0...12).map { $0.compactMap { $0 }.joined() }
    await propertyCheck(
      count: 150, input: ascii.array(of: 1...5), TrickyText.strings(upTo: 8).array(of: 0...3)
    ) { asciiRows, otherRows in
      let texts = asciiRows + otherRows
      let built = SuggestionIndex(corpus: Corpus(texts.map { TranscriptRow(start: 0, text: $0) }))
      var added = SuggestionIndex()
      for text in texts { added.add(text) }
      let terms = Set(texts.flatMap { SuggestionIndex.terms(in: $0) })
      #expect(built.termCount == added.termCount, "\(texts.debugDescription)")
      for term in terms {
        #expect(
          built.count(of: term) == added.count(of: term), "\(term) in \(texts.debugDescription)")
      }
    }
  }

  /// Letters and symbols outside the Basic Multilingual Plane whose low bits agree (a
  /// mathematical letter and an emoji) are each told for what they are, in any order.
  @Test func supplementaryLettersAndSymbolsSharingLowBitsAreToldApart() {
    let letter = "\u{1D400}"  // MATHEMATICAL BOLD CAPITAL A, a letter
    let symbol = "\u{1F400}"  // RAT, not a letter; the same low 10 bits
    let texts = ["\(letter)x \(symbol) \(letter)", "\(symbol)\(letter) \(letter)\(symbol)"]
    let built = SuggestionIndex(corpus: Corpus(texts.map { TranscriptRow(start: 0, text: $0) }))
    #expect(built.count(of: "\(letter)x") == 1)
    #expect(built.count(of: letter) == 3)
    #expect(built.count(of: symbol) == 0)
    #expect(built.termCount == 2)
  }

  @Test func unspacedScriptsSuggestCharacterPairs() {
    #expect(SuggestionIndex.terms(in: "量子计算 and 中") == ["量子", "子计", "计算", "and", "中"])
  }
}
