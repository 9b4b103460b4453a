import TranscriptSearch

/// Draws the viewer's screen: the rows with their matches, then the suggestions, the
/// search field and the latency line. A frame is the whole screen, written at once.
public struct Frame {
  /// How matches are marked: in colour, or, under `NO_COLOR`, in reverse video (the
  /// current match also bold and underlined).
  public var usesColor: Bool
  /// The strategy and input policy, for the latency line.
  public var engine: String

  /// The suggestions shown under the field.
  public static let suggestionLimit = 6

  public init(usesColor: Bool, engine: String) {
    self.usesColor = usesColor
    self.engine = engine
  }

  /// The whole screen for `state` over `corpus`, as text and escape sequences.
  public func render(_ state: ViewerState, corpus: Corpus) -> String {
    var out = "\u{1B}[?25l\u{1B}[H"
    if state.isTooSmall {
      let message =
        "Terminal too small (\(state.columns)×\(state.lines)); tsbench view needs "
        + "\(ViewerState.minimumSize.columns)×\(ViewerState.minimumSize.lines)"
      out += "\u{1B}[0m\u{1B}[2J\u{1B}[H"
      out += String(message.prefix(max(0, state.columns * state.lines - 1)))
      return out
    }
    let viewport = state.viewport
    var lines: [[Cell]] = (0..<(state.lines - ViewerState.barLines)).map { line in
      let row = viewport.lowerBound + line
      return row < viewport.upperBound ? rowLine(row, state: state, corpus: corpus) : []
    }
    let (field, cursorColumn) = fieldLine(state)
    lines += [suggestionLine(state), field, latencyLine(state)]
    // Each line is placed by its number, so that no line depends on the width the
    // terminal gave the one before.
    for (number, line) in lines.enumerated() {
      out += "\u{1B}[\(number + 1);1H" + draw(line) + "\u{1B}[0m"
      // Erasing after a full line would erase its last column, where the cursor stays.
      if line.reduce(0, { $0 + $1.width }) < state.columns { out += "\u{1B}[K" }
    }
    if state.focus == .field {
      out += "\u{1B}[\(state.lines - 1);\(cursorColumn + 1)H\u{1B}[?25h"
    }
    return out
  }

  // MARK: Lines

  /// The time, the speaker and the text of `row`, its matches marked, fitted so that its
  /// current match (or its first) is on screen.
  func rowLine(_ row: Int, state: ViewerState, corpus: Corpus) -> [Cell] {
    let navigation = state.navigation
    var cells = plainCells(Self.time(corpus.startTime(ofRow: row)) + " ", style: .dim)
    if let speaker = corpus.speaker(ofRow: row) {
      let name = ScreenText.cells(of: speaker).map(\.cell)
      cells += LineFit.fit(name, columns: min(16, max(4, state.columns / 6)))
      cells += plainCells(": ", style: .dim)
    }
    let positions = navigation.index.positions(inRow: row)
    let matches = positions.map { (position: $0, match: navigation.index[$0]) }
    let current = navigation.current
    let text = corpus.withUTF8Text(ofRow: row) { String(decoding: $0, as: UTF8.self) }
    let textCells = ScreenText.cells(of: text) { range in
      guard
        let hit = matches.first(where: {
          $0.match.start < range.upperBound && range.lowerBound < $0.match.end
        })
      else { return .plain }
      if hit.position == current { return .current }
      return .match(token: navigation.tokens.map { Int($0[hit.position]) })
    }
    let focusMatch = matches.first { $0.position == current } ?? matches.first
    var focus: Range<Int>?
    if let focusMatch {
      let inMatch = textCells.indices.filter {
        textCells[$0].offset >= focusMatch.match.start
          && textCells[$0].offset < focusMatch.match.end
      }
      if let first = inMatch.first, let last = inMatch.last { focus = first..<last + 1 }
    }
    let width = cells.reduce(0) { $0 + $1.width }
    return cells + LineFit.fit(textCells.map(\.cell), columns: state.columns - width, focus: focus)
  }

  /// The suggestions for the word being typed, or the keys when there is nothing typed.
  func suggestionLine(_ state: ViewerState) -> [Cell] {
    let text: String
    if state.field.isEmpty {
      text =
        "Type to search · Enter/Shift-Enter next/previous · Alt-W whole word · Alt-S/E "
        + "word start/end · Alt-D diacritics · a,b tokens · Esc then n/N, q · Ctrl-C quits"
    } else if !state.suggestions.isEmpty {
      text =
        "Tab: "
        + state.suggestions.prefix(Self.suggestionLimit).map { "\($0.term) \($0.count)" }
        .joined(separator: " · ") + (state.suggestionsAreComplete ? "" : " (nearby rows)")
    } else {
      text = ""
    }
    return LineFit.fit(plainCells(text, style: .dim), columns: state.columns)
  }

  /// "Find: keyword" and, at the right, the options and the status; and the column after
  /// the keyword, where the cursor goes.
  func fieldLine(_ state: ViewerState) -> ([Cell], Int) {
    var right: [String] = []
    switch state.options.wordMatch {
    case .contains: break
    case .whole: right.append("[whole word]")
    case .start: right.append("[word start]")
    case .end: right.append("[word end]")
    }
    if state.options.ignoresDiacritics { right.append("[ignoring diacritics]") }
    if FieldText.tokens(in: state.field).count > 1 { right.append("[tokens]") }
    right.append(state.statusText)
    let rightCells = plainCells(" " + right.joined(separator: " "), style: .plain)
    let label = plainCells(state.focus == .field ? "Find: " : "Find (/ to type): ", style: .dim)
    let keyword = ScreenText.cells(of: state.field).map(\.cell)
    let room = max(1, state.columns - label.count - rightCells.count - 1)
    // The end of a long keyword stays in view, where typing goes.
    let keywordWidth = keyword.reduce(0) { $0 + $1.width }
    let shownKeyword =
      keywordWidth <= room
      ? keyword
      : LineFit.fit(keyword, columns: room, focus: keyword.count - 1..<keyword.count)
    var cells = label + shownKeyword
    let cursor = cells.reduce(0) { $0 + $1.width }
    let gap = state.columns - cursor - rightCells.reduce(0) { $0 + $1.width }
    if gap > 0 {
      cells += plainCells(String(repeating: " ", count: gap), style: .plain) + rightCells
    }
    return (LineFit.fit(cells, columns: state.columns), min(cursor, state.columns - 1))
  }

  /// The strategy, the policy, and the last keystroke's latency to the screen.
  func latencyLine(_ state: ViewerState) -> [Cell] {
    let viewport = state.viewport
    let rows =
      "rows \(viewport.isEmpty ? 0 : viewport.lowerBound + 1)–\(viewport.upperBound) of "
      + "\(state.rowCount)"
    let latency = state.latency.map {
      "#\($0.keystroke) highlights \(Self.milliseconds($0.visible)) · count "
        + Self.milliseconds($0.complete)
    }
    // On a narrow screen the policy goes first, then the strategy's name.
    let names = [engine, engine.components(separatedBy: " · ").first ?? engine, nil]
    var line = ""
    for name in names {
      line = [name, latency, rows].compactMap { $0 }.joined(separator: " · ")
      if CellWidth.of(line) <= state.columns { break }
    }
    return LineFit.fit(plainCells(line, style: .dim), columns: state.columns)
  }

  // MARK: Drawing

  func plainCells(_ text: String, style: Cell.Style) -> [Cell] {
    ScreenText.cells(of: text).map { Cell($0.cell.text, width: $0.cell.width, style: style) }
  }

  /// The cells as text, with a style change only where the style changes.
  func draw(_ cells: [Cell]) -> String {
    var out = ""
    var style: Cell.Style?
    for cell in cells {
      if cell.style != style {
        out += "\u{1B}[0m" + sgr(cell.style)
        style = cell.style
      }
      out += cell.text
    }
    return out
  }

  /// The token colours cycle through yellow, green, magenta and blue; the current match
  /// is cyan.
  func sgr(_ style: Cell.Style) -> String {
    switch style {
    case .plain: return ""
    case .dim: return "\u{1B}[2m"
    case .current: return usesColor ? "\u{1B}[1;30;46m" : "\u{1B}[1;4;7m"
    case .match(let token):
      guard usesColor else { return "\u{1B}[7m" }
      return "\u{1B}[30;\([43, 42, 45, 44][(token ?? 0) % 4])m"
    }
  }

  static func time(_ milliseconds: Int64) -> String {
    let seconds = max(0, milliseconds) / 1000
    let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(rest < 10 ? "0" : "")\(rest)"
  }

  static func milliseconds(_ duration: Duration?) -> String {
    guard let duration else { return "…" }
    let (seconds, attoseconds) = duration.components
    let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    return value < 10 ? "\((value * 100).rounded() / 100) ms" : "\((value * 10).rounded() / 10) ms"
  }
}
