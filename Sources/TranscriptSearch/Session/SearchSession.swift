/// Everything a transcript's search bar needs, and the work behind it: the corpus, its
/// folded form, the keyword, the match index, the current match and the rows on screen.
///
/// Searches take the cheapest correct path (see ``SearchPath``): when the keyword grows
/// so that its old folded key is a prefix of the new one, only the places where the old
/// key occurred are checked, if that costs less than a scan; a keyword searched recently
/// (a backspace) comes from a small cache; edits and appended rows refold and search only
/// the rows concerned.
///
/// A large corpus is folded in the background (see ``Folding``): the session is ready at
/// once, the rows on screen are searched straight away, and a search of the whole corpus
/// goes through the rows as they are folded. The API stays synchronous: whatever needs
/// the whole folded corpus waits for it.
public struct SearchSession: Sendable {
  /// The rows searched.
  public private(set) var corpus: Corpus
  /// The corpus folded for search; while a large corpus is still being folded in the
  /// background, reading it waits for the fold to finish.
  public var folded: FoldedCorpus { folding?.completed() ?? settledFolded }
  private var settledFolded: FoldedCorpus
  /// The fold still under way in the background, if any; cancelled when the last copy
  /// of the session lets it go.
  private var folding: FoldingInBackground?
  /// The corpus folded without diacritics, built the first time a search ignores them
  /// and kept up to date with edits and appends from then on.
  public private(set) var foldedIgnoringDiacritics: FoldedCorpus?
  /// The keyword searched for; empty for none.
  public private(set) var keyword = ""
  /// The find options of the keyword's search (a token query carries its own).
  public private(set) var options = SearchOptions.default
  /// The matches, the current one, the viewport.
  public private(set) var navigation: SearchNavigation
  /// The result of the last search, with its key's occurrences when kept.
  private var last: (key: FoldedKeyword, result: FoldedSearchResult)?
  /// Recent results by folded key, most recent last.
  private var recent: [(key: FoldedKeyword, matches: [Match])] = []
  /// The texts of the rows highlighted last, shared by the copies of this session (each
  /// text is reused only while its row's text is unchanged).
  let visibleRowTexts = VisibleRowTexts()

  /// Results kept for backspaces.
  public static let recentResultLimit = 8
  /// Occurrence lists longer than this are never kept (8 bytes each), whatever the
  /// corpus's size.
  public static let occurrenceLimit = 4_000_000

  /// Folded bytes a scan reads in the time narrowing passes over one occurrence of the
  /// old key. Narrowing compares the bytes kept after each occurrence with the new key's
  /// next bytes, reading a list rather than the corpus (about a nanosecond a place), and
  /// checks the corpus only where they agree; a scan reads about 15 GB/s (0.07 ns a
  /// byte). Matches cost both paths alike. So about 15 bytes; rounded up, since the
  /// places that agree are checked again.
  public static let scanBytesPerNarrowedOccurrence = 24

  /// The fixed cost of scanning one segment (setting up its buffers and state), in bytes
  /// scanned in the same time: about a microsecond. It keeps narrowing the choice on a
  /// small corpus, where a scan is mostly set-up.
  public static let scanBytesPerSegment = 16_384

  /// How a session folds its corpus.
  public enum Folding: Sendable, Equatable {
    /// Before the initializer returns.
    case immediately
    /// In the background on every core, in parts of `rowsPerPart` rows.
    case inBackground(rowsPerPart: Int)
    /// In the background when the corpus has at least ``backgroundFoldingRows`` rows
    /// (folding it takes tens of milliseconds or more), immediately otherwise.
    case automatic
  }

  /// Corpora of this many rows or more are folded in the background by default.
  public static let backgroundFoldingRows = 2 * FoldingInBackground.defaultRowsPerPart

  /// How a keyword's matches were found.
  public enum SearchPath: String, Sendable {
    /// The empty keyword: no search.
    case none
    /// A scan of the whole corpus.
    case full
    /// Only the places where the previous keyword's key occurred.
    case narrowed
    /// The cache of recent results.
    case cached
  }

  /// A session over `corpus`, with no keyword, showing `viewport` (clamped to the rows
  /// there are: an empty corpus shows none); `folding` says when the corpus is folded for
  /// search.
  public init(
    corpus: Corpus, viewport: Range<Int> = 0..<0, wrapsAround: Bool = true,
    folding: Folding = .automatic
  ) {
    self.corpus = corpus
    var rowsPerPart: Int?
    switch folding {
    case .immediately: break
    case .inBackground(let rows): rowsPerPart = rows
    case .automatic:
      if corpus.count >= Self.backgroundFoldingRows {
        rowsPerPart = FoldingInBackground.defaultRowsPerPart
      }
    }
    if let rowsPerPart {
      self.folding = FoldingInBackground(corpus, rowsPerPart: rowsPerPart)
      settledFolded = FoldedCorpus(Corpus())
    } else {
      settledFolded = FoldedCorpus(corpus)
    }
    navigation = SearchNavigation(
      index: MatchIndex(matches: [], rowCount: corpus.count), viewport: viewport,
      wrapsAround: wrapsAround)
  }

  /// Whether the corpus is still being folded in the background.
  public var isFolding: Bool { !(folding?.isComplete ?? true) }

  /// A function that returns once no thread of this session's background fold runs,
  /// holding no reference to the session: for tests that a released session leaves
  /// nothing running.
  package var waitUntilFoldingWorkersStop: @Sendable () -> Void {
    guard let folding else { return {} }
    return folding.waitUntilWorkersStop
  }

  /// Waits for a background fold to finish. A keyword typed while the corpus is still
  /// folding may be searched in the rows that can hold it alone, which leaves nothing for
  /// the next keystroke to narrow from; after this, every search can be narrowed.
  public mutating func finishFolding() { settleFolding() }

  /// Waits for a background fold, then keeps its result as the session's own.
  private mutating func settleFolding() {
    guard let folding else { return }
    settledFolded = folding.completed()
    self.folding = nil
  }

  /// The token query searched, when one replaced the keyword.
  public private(set) var query: TokenQuery?
  /// Completions, built on first use and kept up to date with edits and appends.
  public private(set) var suggestionIndex: SuggestionIndex?
  /// The complete index being built in the background, for a large corpus.
  private var indexing: IndexingInBackground?
  /// The queries the person committed (``commitQuery()``), newest first.
  public private(set) var recentQueries = RecentQueries()

  /// Rows counted on the spot for suggestions while the complete index of a large corpus
  /// is built in the background: a few milliseconds of work, while the fold and the
  /// index keep the other cores busy.
  public static let nearbySuggestionRows = 2_048

  /// Up to `limit` completions of `prefix`, most frequent first (see ``SuggestionIndex``).
  ///
  /// A large corpus (``backgroundFoldingRows`` or more) is indexed in the background on
  /// first use; until that ends, the suggestions come from the rows around the viewport,
  /// counted on the spot, and ``suggestionsAreComplete`` is false. Nothing waits.
  public mutating func suggestions(for prefix: String, limit: Int = 10) -> [(
    term: String, count: Int
  )] {
    if suggestionIndex == nil, let built = indexing?.index {
      suggestionIndex = built
      indexing = nil
    }
    if suggestionIndex == nil && corpus.count < Self.backgroundFoldingRows {
      suggestionIndex = SuggestionIndex(corpus: corpus)
    }
    if suggestionIndex != nil { return suggestionIndex!.suggestions(for: prefix, limit: limit) }
    if indexing == nil { indexing = IndexingInBackground(corpus) }
    var nearby = SuggestionIndex(
      corpus: corpus, around: navigation.viewport, rowCount: Self.nearbySuggestionRows)
    return nearby.suggestions(for: prefix, limit: limit)
  }

  /// Keeps `other`'s suggestion index, and its indexing under way, in place of this
  /// session's: for a search that ran on an older copy of the same corpus.
  mutating func keepSuggestions(of other: SearchSession) {
    suggestionIndex = other.suggestionIndex
    indexing = other.indexing
  }

  /// Whether ``suggestions(for:limit:)`` answers from every row (false while a large
  /// corpus is still being indexed in the background).
  public var suggestionsAreComplete: Bool {
    suggestionIndex != nil || indexing?.index != nil || corpus.count < Self.backgroundFoldingRows
  }

  /// A function that returns once this session's background indexing has ended, holding
  /// no reference to the session (for tests).
  package var waitUntilIndexingStops: @Sendable () -> Void {
    guard let indexing else { return {} }
    return indexing.waitUntilFinished
  }

  /// Records the current keyword (or query's tokens) in the recent-query list, as when
  /// the person submits the search.
  public mutating func commitQuery() {
    recentQueries.record(query?.tokens.joined(separator: " ") ?? keyword)
  }

  /// What the search bar shows.
  public var status: SearchStatus {
    navigation.status(hasKeyword: !keyword.isEmpty || !(query?.tokens.isEmpty ?? true))
  }

  /// Searches for a token query (several keywords, a mode, a scope) instead of a
  /// keyword: one pass over the rows in scope; navigation, keep-current and highlighting
  /// then work as for a keyword, each match marked with its token.
  public mutating func setQuery(_ newQuery: TokenQuery) {
    settleFolding()
    keyword = ""
    last = nil
    query = newQuery
    let found = form(for: newQuery.options).matches(
      of: newQuery, inRows: corpus.rows(in: newQuery.scope), originals: corpus)
    navigation.replaceIndex(
      MatchIndex(matches: found.map(\.match), rowCount: corpus.count),
      tokens: found.map { UInt8(truncatingIfNeeded: $0.token) })
  }

  /// The matches per speaker ("12 in Alice, 3 in Bob"), most first; rows without a
  /// speaker count under nil.
  ///
  /// - Complexity: O(*m*) for *m* matches.
  public func matchCountsBySpeaker() -> [(speaker: String?, count: Int)] {
    var counts: [String?: Int] = [:]
    for block in navigation.index.blocks {
      for row in block.rows {
        counts[corpus.speaker(ofRow: block.firstRow + Int(row)), default: 0] += 1
      }
    }
    return counts.map { ($0.key, $0.value) }.sorted {
      ($0.count, $1.speaker ?? "") > ($1.count, $0.speaker ?? "")
    }
  }

  /// Searches for `newKeyword` with `newOptions` (nil: the options of the last search),
  /// keeping the current match where the policy allows, and returns how the matches
  /// were found.
  ///
  /// An empty keyword clears the search (``SearchStatus/idle``); a keyword whose key is
  /// empty (marks only, with diacritics ignored) has no matches; an empty corpus has none.
  @discardableResult
  public mutating func setKeyword(_ newKeyword: String, options newOptions: SearchOptions? = nil)
    -> SearchPath
  {
    setKeyword(newKeyword, options: newOptions, shouldStop: { false })!
  }

  /// Searches for `newKeyword` with `newOptions` (nil: the options of the last search)
  /// unless `shouldStop` turns true first (it is asked between segments of the corpus, a
  /// fraction of a millisecond apart); then returns nil and the session is unchanged. A
  /// pipeline passes `{ Task.isCancelled }`.
  public mutating func setKeyword(
    _ newKeyword: String, options newOptions: SearchOptions? = nil, shouldStop: () -> Bool
  ) -> SearchPath? {
    let options = newOptions ?? self.options
    query = nil
    guard !newKeyword.isEmpty else {
      keyword = newKeyword
      self.options = options
      last = nil
      navigation.replaceIndex(MatchIndex(matches: [], rowCount: corpus.count))
      return SearchPath.none
    }
    let key = FoldedKeyword(newKeyword, options: options)
    guard let (matches, path) = search(key, shouldStop: shouldStop) else { return nil }
    keyword = newKeyword
    self.options = options
    navigation.replaceIndex(MatchIndex(matches: matches, rowCount: corpus.count))
    return path
  }

  /// Searches the current keyword, or token query, again with `newOptions` (the find
  /// bar's toggles).
  @discardableResult
  public mutating func setOptions(_ newOptions: SearchOptions) -> SearchPath {
    guard var query else { return setKeyword(keyword, options: newOptions) }
    query.options = newOptions
    setQuery(query)
    return .full
  }

  /// The matches of `keyword` (with `options`, nil for the session's) in the rows on
  /// screen only: what a pipeline shows first.
  ///
  /// - Precondition: the form for `options` exists: diacritics count, or a search has
  ///   ignored them before (``prepareForm(for:)``).
  ///
  /// While the corpus is still being folded in the background, rows on screen that are not
  /// folded yet are folded here, on their own: this never waits for the fold.
  public func visibleMatches(of keyword: String, options: SearchOptions? = nil) -> [Match] {
    guard !keyword.isEmpty else { return [] }
    let key = FoldedKeyword(keyword, options: options ?? self.options)
    let viewport = navigation.viewport
    if !key.options.ignoresDiacritics, let folding {
      let soFar = folding.foldedSoFar
      if soFar.rowCount >= viewport.upperBound {
        return soFar.matches(of: key, inRows: viewport, originals: corpus)
      }
      let rows = Corpus(viewport.map { corpus[$0] })
      return FoldedCorpus(rows).matches(of: key, inRows: rows.indices, originals: rows).map {
        Match(row: $0.row + viewport.lowerBound, start: $0.start, end: $0.end)
      }
    }
    guard let form = key.options.ignoresDiacritics ? foldedIgnoringDiacritics : settledFolded
    else {
      preconditionFailure("Ignoring diacritics needs its folded form: call prepareForm(for:)")
    }
    return form.matches(of: key, inRows: viewport, originals: corpus)
  }

  /// The matches of a token query in the rows on screen (within its scope) only: what a
  /// pipeline shows first for a query. Waits for a background fold.
  ///
  /// - Precondition: as for ``visibleMatches(of:options:)``, with the query's options.
  public func visibleMatches(of query: TokenQuery) -> [TokenMatch] {
    guard !query.tokens.isEmpty else { return [] }
    guard let form = query.options.ignoresDiacritics ? foldedIgnoringDiacritics : folded else {
      preconditionFailure("Ignoring diacritics needs its folded form: call prepareForm(for:)")
    }
    let viewport = navigation.viewport
    let runs = corpus.rows(in: query.scope).compactMap { run -> Range<Int>? in
      let rows = run.clamped(to: viewport)
      return rows.isEmpty ? nil : rows
    }
    return form.matches(of: query, inRows: runs, originals: corpus)
  }

  /// Builds the folded form `options` search, if it is not built yet.
  public mutating func prepareForm(for options: SearchOptions) {
    if options.ignoresDiacritics && foldedIgnoringDiacritics == nil {
      foldedIgnoringDiacritics = FoldedCorpus(corpus, ignoringDiacritics: true)
    }
  }

  /// The folded form `options` search, built (or waited for) if needed.
  private mutating func form(for options: SearchOptions) -> FoldedCorpus {
    if options.ignoresDiacritics {
      prepareForm(for: options)
      return foldedIgnoringDiacritics!
    }
    settleFolding()
    return settledFolded
  }

  private mutating func search(
    _ key: FoldedKeyword, shouldStop: () -> Bool
  ) -> ([Match], SearchPath)? {
    if let last, last.key == key { return (last.result.matches, .cached) }
    if let cached = recent.last(where: { $0.key == key }) {
      // The occurrences of this key are not kept; a later narrowing needs a full search.
      self.last = (key, FoldedSearchResult(matches: cached.matches, occurrences: nil))
      return (cached.matches, .cached)
    }
    let result: FoldedSearchResult
    let path: SearchPath
    if let folding, !key.options.ignoresDiacritics {
      path = .full
      if let quick = folding.searchWithoutWaiting(key, originals: corpus, shouldStop: shouldStop) {
        // Only the rows that can hold a match were folded: the fold goes on.
        result = quick
      } else {
        // Each stretch of rows as it is ready.
        result = folding.search(
          key, collectingOccurrences: true, originals: corpus, shouldStop: shouldStop)
        if !result.stopped { settleFolding() }
      }
    } else {
      let form = form(for: key.options)
      // An empty key (a prefix of only marks, ignoring diacritics) found nothing to narrow
      // from: the longer key is searched in full.
      if let last, let occurrences = last.result.occurrences, key.options == last.key.options,
        !last.key.bytes.isEmpty, key.bytes.count > last.key.bytes.count,
        key.bytes.starts(with: last.key.bytes),
        Self.narrowingIsCheaper(occurrences: occurrences.count, than: form)
      {
        result = form.search(
          key, amongOccurrences: occurrences,
          following: last.result.following.map { ($0, last.key.bytes.count) },
          rows: last.result.occurrenceRows, originals: corpus, shouldStop: shouldStop)
        path = .narrowed
      } else {
        result = form.search(
          key, inRows: 0..<form.rowCount, collectingOccurrences: true, originals: corpus,
          shouldStop: shouldStop)
        path = .full
      }
    }
    if result.stopped { return nil }
    var kept = result
    if let occurrences = kept.occurrences,
      occurrences.count > Self.occurrenceLimit
        || !Self.narrowingIsCheaper(occurrences: occurrences.count, than: form(for: key.options))
    {
      // Narrowing from these would cost more than a scan: the list is not worth its memory.
      kept.occurrences = nil
      kept.following = nil
      kept.occurrenceRows = nil
    }
    last = (key, kept)
    remember(key, result.matches)
    return (result.matches, path)
  }

  /// Whether checking `occurrences` places costs less than scanning all of `form`.
  static func narrowingIsCheaper(occurrences: Int, than form: FoldedCorpus) -> Bool {
    occurrences * scanBytesPerNarrowedOccurrence
      < form.byteCount + form.segmentCount * scanBytesPerSegment
  }

  private mutating func remember(_ key: FoldedKeyword, _ matches: [Match]) {
    recent.removeAll { $0.key == key }
    recent.append((key, matches))
    if recent.count > Self.recentResultLimit { recent.removeFirst() }
  }

  /// Replaces the text of one row: refolds it, searches it again, and moves later
  /// positions; the current match is kept by ``CurrentMatchPolicy`` if it was in that
  /// row.
  ///
  /// - Throws: ``CorpusError/rowOutOfRange(row:count:)``; nothing changes then.
  public mutating func replaceText(ofRow row: Int, with text: String) throws(CorpusError) {
    settleFolding()
    let old = corpus.indices.contains(row) ? corpus[row].text : nil
    try corpus.replaceText(ofRow: row, with: text)
    // An index still being built counts the old text: give it up; the next suggestions
    // start again.
    indexing = nil
    if let old {
      suggestionIndex?.remove(old)
      suggestionIndex?.add(text)
    }
    settledFolded.replaceRow(row, with: text)
    foldedIgnoringDiacritics?.replaceRow(row, with: text)
    forgetResults()
    if let query {
      // A token query is searched again whole: simple, and exact.
      setQuery(query)
      return
    }
    guard !keyword.isEmpty else { return }
    let matches = form(for: options).matches(
      of: FoldedKeyword(keyword, options: options), inRows: row..<row + 1, originals: corpus)
    var index = navigation.index
    index.replaceMatches(inRow: row, with: matches)
    navigation.updateIndex(index, editedRow: row)
  }

  /// Appends rows (live transcription): folds and searches only them. The current
  /// match stays.
  public mutating func append(_ rows: [TranscriptRow]) {
    settleFolding()
    indexing = nil
    let first = corpus.count
    for row in rows {
      corpus.append(row)
      suggestionIndex?.add(row.text)
    }
    settledFolded.append(corpus, rows: first..<corpus.count)
    foldedIgnoringDiacritics?.append(corpus, rows: first..<corpus.count)
    forgetResults()
    if let query {
      setQuery(query)
      return
    }
    var index = navigation.index
    let matches =
      keyword.isEmpty
      ? []
      : form(for: options).matches(
        of: FoldedKeyword(keyword, options: options), inRows: first..<corpus.count,
        originals: corpus)
    index.append(rows: rows.count, matches: matches)
    navigation.updateIndex(index, editedRow: nil)
  }

  /// Results describe the corpus as it was; after a change only the current keyword's
  /// index (kept up to date) remains valid.
  private mutating func forgetResults() {
    last = nil
    recent.removeAll()
  }

  /// Sets the rows on screen, clamped to the corpus.
  public mutating func setViewport(_ rows: Range<Int>) { navigation.setViewport(rows) }

  /// Selects the next match; see ``SearchNavigation/next()``.
  @discardableResult
  public mutating func next() -> Bool { navigation.next() }

  /// Selects the previous match; see ``SearchNavigation/previous()``.
  @discardableResult
  public mutating func previous() -> Bool { navigation.previous() }

  /// Selects the match at `position`; see ``SearchNavigation/select(position:)``.
  @discardableResult
  public mutating func select(position: Int) -> Bool { navigation.select(position: position) }

  /// Selects the match under a tap; see ``SearchNavigation/select(row:offset:)``.
  @discardableResult
  public mutating func select(row: Int, offset: Int) -> Bool {
    navigation.select(row: row, offset: offset)
  }
}
