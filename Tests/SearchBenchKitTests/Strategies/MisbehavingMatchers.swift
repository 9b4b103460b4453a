import TranscriptSearch

/// Strategies that break the rules a user's strategy might break, each only on the
/// keyword "bad", so the harness must name the keyword and go on with the others.
struct ThrowingMatcher: Matcher {
  static let name = "throwing"
  struct Refusal: Error, CustomStringConvertible {
    var description: String { "refused" }
  }
  let inner: FoldedMatcher
  init(corpus: Corpus) { inner = FoldedMatcher(corpus: corpus) }
  func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    if keyword == "bad" { throw Refusal() }
    return try await inner.nonEmptyMatches(of: keyword, options: options)
  }
}

/// Gives its matches in reverse order on "bad".
struct UnsortedMatcher: Matcher {
  static let name = "unsorted"
  let inner: FoldedMatcher
  init(corpus: Corpus) { inner = FoldedMatcher(corpus: corpus) }
  func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    let found = try await inner.nonEmptyMatches(of: keyword, options: options)
    return keyword == "bad" ? found.reversed() : found
  }
}

/// Ends every match one byte into the next character on "bad".
struct SplittingMatcher: Matcher {
  static let name = "splitting"
  let inner: FoldedMatcher
  init(corpus: Corpus) { inner = FoldedMatcher(corpus: corpus) }
  func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    let found = try await inner.nonEmptyMatches(of: keyword, options: options)
    return keyword == "bad"
      ? found.map { Match(row: $0.row, start: $0.start, end: $0.end + 1) } : found
  }
}

/// Takes a tenth of a second a query: past a budget of a millisecond.
struct SlowMatcher: Matcher {
  static let name = "slow"
  let inner: FoldedMatcher
  init(corpus: Corpus) { inner = FoldedMatcher(corpus: corpus) }
  func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    try await Task.sleep(for: .milliseconds(100))
    return try await inner.nonEmptyMatches(of: keyword, options: options)
  }
}
