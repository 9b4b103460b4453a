import TranscriptSearch

/// Everything the viewer's screen shows, and what each key does to it. It does no I/O:
/// the loop in ``Viewer`` feeds it keys and search updates and draws it with ``Frame``.
public struct ViewerState {
  /// Where typing goes: the search field, or the transcript (`less`'s keys).
  public enum Focus: Sendable { case field, transcript }

  /// What a key asks the loop to do beside redrawing.
  public enum Action: Equatable, Sendable {
    case none
    /// Search the field again (text or options changed).
    case search
    /// The rows on screen changed.
    case scrolled
    case next, previous
    case quit, suspend
  }

  /// The time a keystroke's update took to reach the screen, measured when the frame
  /// showing it was written.
  public struct Latency: Sendable {
    public var keystroke: Int
    public var visible: Duration?
    public var complete: Duration?
  }

  public var field = ""
  public var options = SearchOptions.default
  public var focus = Focus.field
  /// The first row on screen.
  public private(set) var top = 0
  public let rowCount: Int
  public private(set) var columns: Int
  public private(set) var lines: Int
  /// The number of the last keystroke that changed the search.
  public private(set) var keystroke = -1
  /// The last update shown.
  public private(set) var shown: ViewerUpdate?
  /// The matches highlighted and the current one.
  public private(set) var navigation = SearchNavigation()
  public var suggestions: [(term: String, count: Int)] = []
  /// Whether the suggestions come from every row (false while a large transcript is
  /// still being indexed: they come from the rows around the screen).
  public var suggestionsAreComplete = false
  public private(set) var latency: Latency?
  /// When each keystroke that changed the search was read.
  private var typedAt: [Int: ContinuousClock.Instant] = [:]
  /// Updates applied since the last frame, whose latency that frame ends.
  private var unmeasured: [(keystroke: Int, phase: SearchUpdate.Phase)] = []

  /// The smallest screen the viewer draws on; a smaller one gets a message.
  public static let minimumSize = (columns: 24, lines: 5)
  /// Lines below the rows: suggestions, the field, the latency line.
  public static let barLines = 3

  public init(rowCount: Int, columns: Int, lines: Int) {
    self.rowCount = rowCount
    self.columns = columns
    self.lines = lines
  }

  public var isTooSmall: Bool {
    columns < Self.minimumSize.columns || lines < Self.minimumSize.lines
  }

  /// The rows on screen.
  public var viewport: Range<Int> {
    let shownRows = max(0, lines - Self.barLines)
    return top..<min(rowCount, top + shownRows)
  }

  private var pageRows: Int { max(1, lines - Self.barLines) }

  /// The edit the field asks for now, numbered as the next keystroke.
  public mutating func nextEdit(at time: ContinuousClock.Instant) -> KeywordEdit {
    keystroke += 1
    typedAt[keystroke] = time
    if typedAt.count > 64 { typedAt = typedAt.filter { $0.key > keystroke - 32 } }
    return FieldText.edit(keystroke: keystroke, text: field, options: options)
  }

  /// Applies a key; returns what the loop must do besides redrawing.
  public mutating func handle(_ key: Key) -> Action {
    switch key {
    case .control("c"), .control("q"): return .quit
    case .control("z"): return .suspend
    case .up: return scroll(by: -1)
    case .down: return scroll(by: 1)
    case .pageUp: return scroll(by: -pageRows)
    case .pageDown: return scroll(by: pageRows)
    case .home: return scroll(to: 0)
    case .end: return scroll(to: rowCount)
    case .enter, .f3, .control("n"): return .next
    case .shiftEnter, .shiftF3, .control("p"): return .previous
    case .alt(let letter): return toggle(letter)
    default: break
    }
    switch focus {
    case .field:
      switch key {
      case .text(let text):
        field += text
        return .search
      case .backspace:
        guard !field.isEmpty else { return .none }
        field.removeLast()
        return .search
      case .control("u"):
        guard !field.isEmpty else { return .none }
        field = ""
        return .search
      case .tab:
        guard let top = suggestions.first else { return .none }
        let word = FieldText.lastWord(of: field)
        field.replaceSubrange(word.startIndex..<field.endIndex, with: top.term)
        return .search
      case .escape:
        focus = .transcript
        return .none
      default: return .none
      }
    case .transcript:
      guard case .text(let text) = key, text.count == 1 else {
        if key == .escape { focus = .field }
        return .none
      }
      switch text {
      case "/":
        focus = .field
        return .none
      case "n": return .next
      case "N": return .previous
      case "q": return .quit
      case "j": return scroll(by: 1)
      case "k": return scroll(by: -1)
      case " ", "f": return scroll(by: pageRows)
      case "b": return scroll(by: -pageRows)
      case "g": return scroll(to: 0)
      case "G": return scroll(to: rowCount)
      default: return toggle(Character(text))
      }
    }
  }

  /// Alt-W (or `w` in the transcript) whole words, S word start, E word end,
  /// D ignoring diacritics.
  private mutating func toggle(_ letter: Character) -> Action {
    var word = options.wordMatch
    switch letter.lowercased() {
    case "w": word = word == .whole ? .contains : .whole
    case "s":
      word =
        switch word {
        case .contains: .start
        case .start: .contains
        case .end: .whole
        case .whole: .end
        }
    case "e":
      word =
        switch word {
        case .contains: .end
        case .end: .contains
        case .start: .whole
        case .whole: .start
        }
    case "d": options.ignoresDiacritics.toggle()
    default: return .none
    }
    options.wordMatch = word
    return .search
  }

  public mutating func scroll(by rows: Int) -> Action { scroll(to: top + rows) }

  public mutating func scroll(to row: Int) -> Action {
    let clamped = max(0, min(row, rowCount - pageRows))
    guard clamped != top else { return .none }
    top = clamped
    navigation.setViewport(viewport)
    return .scrolled
  }

  /// The terminal was resized.
  public mutating func resize(columns: Int, lines: Int) {
    self.columns = columns
    self.lines = lines
    top = max(0, min(top, rowCount - pageRows))
    navigation.setViewport(viewport)
  }

  /// Shows a search's update (an older keystroke's, after a newer one was shown, is
  /// dropped); returns whether the view scrolled to the current match.
  public mutating func apply(_ update: ViewerUpdate) -> Bool {
    if let shown, update.keystroke < shown.keystroke { return false }
    shown = update
    unmeasured.append((update.keystroke, update.phase))
    return show(update.navigation)
  }

  /// Shows navigation after next or previous (or a scroll); returns whether the view
  /// scrolled to the current match.
  @discardableResult
  public mutating func show(_ newNavigation: SearchNavigation) -> Bool {
    navigation = newNavigation
    var scrolled = false
    // A screen too small to show rows keeps its place for when it grows again.
    if !isTooSmall, let current = navigation.currentMatch, !viewport.contains(current.row) {
      top = max(0, min(current.row - pageRows / 2, rowCount - pageRows))
      scrolled = true
    }
    navigation.setViewport(viewport)
    return scrolled
  }

  /// A frame was written at `time`: the updates it shows get their latency. Returns
  /// whether any did (the latency line then has news to draw).
  @discardableResult
  public mutating func frameWritten(at time: ContinuousClock.Instant) -> Bool {
    defer { unmeasured.removeAll() }
    var measuredAny = false
    for (number, phase) in unmeasured {
      guard let typed = typedAt[number] else { continue }
      var measured = latency
      if measured?.keystroke != number {
        measured = Latency(keystroke: number)
      }
      switch phase {
      case .visible where measured?.visible == nil: measured?.visible = time - typed
      case .visible: break
      case .complete:
        // The complete result shows the rows on screen too, if it came first.
        if measured?.visible == nil { measured?.visible = time - typed }
        measured?.complete = time - typed
      }
      latency = measured
      measuredAny = true
    }
    return measuredAny
  }

  /// What the field's status shows: the count of the newest keystroke's search, or
  /// "searching…" while it has not answered.
  public var statusText: String {
    guard let shown, shown.keystroke == keystroke else {
      return field.isEmpty && keystroke < 0 ? "" : "searching…"
    }
    if let problem = shown.problem { return problem }
    // After next or previous the navigation has moved on from the update's status.
    if shown.phase == .complete {
      return navigation.status(hasKeyword: !shown.keyword.isEmpty).description
    }
    return shown.status.description
  }
}
