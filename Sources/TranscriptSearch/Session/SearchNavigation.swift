/// The selection state of a search bar over a match index: the current match, the rows
/// on screen, stepping through matches, and where to scroll.
public struct SearchNavigation: Sendable, Equatable {
  /// The matches navigated.
  public private(set) var index: MatchIndex
  /// The current match's position, if one is selected.
  public private(set) var current: Int?
  /// For a token query: the token each position matched.
  public private(set) var tokens: [UInt8]?
  /// The rows on screen, always within the corpus.
  public private(set) var viewport: Range<Int>
  /// Whether stepping past the last match goes to the first, and back.
  public var wrapsAround: Bool
  /// The row to scroll to after the last change of the current match, or nil when the
  /// current match stayed in the same row (or there is none).
  public private(set) var scrollTarget: Int?

  /// Navigation over `index`, showing `viewport` (clamped to the corpus), with no
  /// current match.
  public init(
    index: MatchIndex = MatchIndex(), viewport: Range<Int> = 0..<0, wrapsAround: Bool = true
  ) {
    self.index = index
    self.viewport = Self.clamp(viewport, rowCount: index.rowCount)
    self.wrapsAround = wrapsAround
  }

  /// The current match, if any.
  public var currentMatch: Match? { current.map { index[$0] } }

  /// What the search bar shows: "3 of 17", "No results", …
  public func status(hasKeyword: Bool) -> SearchStatus {
    guard hasKeyword else { return .idle }
    return index.isEmpty ? .noResults : .matches(current: current, total: index.count)
  }

  /// Replaces the matches (a new keyword), choosing the new current match by
  /// ``CurrentMatchPolicy``.
  public mutating func replaceIndex(_ newIndex: MatchIndex, tokens: [UInt8]? = nil) {
    precondition(tokens.map { $0.count == newIndex.count } ?? true, "A token per position")
    let previous = currentMatch
    index = newIndex
    self.tokens = tokens
    viewport = Self.clamp(viewport, rowCount: newIndex.rowCount)
    setCurrent(
      CurrentMatchPolicy.choose(previous: previous, in: newIndex, viewport: viewport),
      from: previous)
  }

  /// Replaces the matches after rows changed without a new keyword: an edit of
  /// `editedRow` (whose matches may have moved), or rows appended (`editedRow` nil,
  /// positions unchanged).
  mutating func updateIndex(_ newIndex: MatchIndex, editedRow: Int?) {
    let previous = currentMatch
    let oldIndex = index
    index = newIndex
    viewport = Self.clamp(viewport, rowCount: newIndex.rowCount)
    guard let previous, let position = current else { return }
    guard let editedRow else { return }
    if previous.row == editedRow {
      setCurrent(
        CurrentMatchPolicy.choose(previous: previous, in: newIndex, viewport: viewport),
        from: previous)
    } else if previous.row > editedRow {
      // Earlier matches changed in number; the current one moved by as many.
      let delta =
        newIndex.positions(inRow: editedRow).count - oldIndex.positions(inRow: editedRow).count
      current = position + delta
      scrollTarget = nil
    }
  }

  /// Sets the rows on screen, clamped to the corpus.
  public mutating func setViewport(_ rows: Range<Int>) {
    viewport = Self.clamp(rows, rowCount: index.rowCount)
  }

  /// Selects the next match (the first if none is selected); at the last, wraps to the
  /// first or stays, by ``wrapsAround``. Returns whether the selection changed.
  @discardableResult
  public mutating func next() -> Bool {
    guard !index.isEmpty else { return false }
    guard let current else { return select(position: 0) }
    if current + 1 < index.count { return select(position: current + 1) }
    return wrapsAround && index.count > 1 ? select(position: 0) : false
  }

  /// Selects the previous match (the last if none is selected); at the first, wraps to
  /// the last or stays. Returns whether the selection changed.
  @discardableResult
  public mutating func previous() -> Bool {
    guard !index.isEmpty else { return false }
    guard let current else { return select(position: index.count - 1) }
    if current > 0 { return select(position: current - 1) }
    return wrapsAround && index.count > 1 ? select(position: index.count - 1) : false
  }

  /// Selects the match at `position`, the last one included. A position out of range
  /// is ignored (returns false).
  @discardableResult
  public mutating func select(position: Int) -> Bool {
    guard position >= 0 && position < index.count, position != current else { return false }
    setCurrent(position, from: currentMatch)
    return true
  }

  /// Selects the match covering UTF-8 `offset` of `row`: a tap on a highlighted match.
  /// A tap elsewhere is ignored (returns false).
  @discardableResult
  public mutating func select(row: Int, offset: Int) -> Bool {
    guard let position = index.position(containingRow: row, offset: offset) else { return false }
    return select(position: position)
  }

  private mutating func setCurrent(_ position: Int?, from previous: Match?) {
    current = position
    let row = position.map { index[$0].row }
    scrollTarget = row == previous?.row ? nil : row
  }

  static func clamp(_ rows: Range<Int>, rowCount: Int) -> Range<Int> {
    let lower = min(max(rows.lowerBound, 0), rowCount)
    let upper = min(max(rows.upperBound, lower), rowCount)
    return lower..<upper
  }
}
