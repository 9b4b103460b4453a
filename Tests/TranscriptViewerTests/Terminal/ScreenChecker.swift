import Foundation
import Testing
import TranscriptSearch

@testable import TranscriptViewer

/// What the viewer's screen must show, from a ``SearchSession`` given the same keystrokes
/// and the same rows on screen.
struct ScreenChecker {
  let corpus: Corpus
  var session: SearchSession
  var options = SearchOptions.default
  var lines: Int
  /// The rows the screen showed last.
  var viewport: Range<Int>
  private var keystroke = -1

  enum Step { case next, previous }

  init(corpus: Corpus, lines: Int) {
    self.corpus = corpus
    self.lines = lines
    viewport = 0..<min(corpus.count, lines - ViewerState.barLines)
    session = SearchSession(corpus: corpus, viewport: viewport, folding: .immediately)
  }

  var pageRows: Int { lines - ViewerState.barLines }

  func rowsLine(_ rows: Range<Int>) -> String {
    "rows \(rows.lowerBound + 1)–\(rows.upperBound) of \(corpus.count)"
  }

  mutating func waitForStart(_ pane: TmuxPane) throws {
    let (screen, shown) = try pane.wait { $0.contains { $0.contains(rowsLine(viewport)) } }
    try #require(shown, "the viewer never showed its rows:\n\(Self.plain(screen))")
    verify(screen)
  }

  /// The field now holds `field` after one more keystroke: the screen once its search
  /// has counted.
  mutating func expectSearch(_ field: String, in pane: TmuxPane) throws {
    keystroke += 1
    let edit = FieldText.edit(keystroke: keystroke, text: field, options: options)
    session.setViewport(viewport)
    if let query = edit.query {
      session.setQuery(query)
    } else {
      session.setKeyword(edit.keyword, options: options)
    }
    let (number, last) = (keystroke, lines - 1)
    try expectScreen(after: "keystroke \(number) (\(field))", in: pane) { screen in
      screen[last].contains("#\(number) highlights") && !screen[last].contains("count …")
    }
  }

  /// The screen after next or previous.
  mutating func expectStep(_ step: Step, in pane: TmuxPane) throws {
    _ = step == .next ? session.next() : session.previous()
    try expectScreen(after: "\(step)", in: pane) { _ in true }
  }

  /// The screen after a resize: the same rows from the top, as many as fit.
  mutating func expectRedraw(in pane: TmuxPane) throws {
    let top = max(0, min(viewport.lowerBound, corpus.count - pageRows))
    viewport = top..<min(corpus.count, top + pageRows)
    let expected = rowsLine(viewport)
    let (screen, shown) = try pane.wait { screen in
      screen.count >= lines && screen[lines - 1].contains(expected)
    }
    #expect(shown, "after the resize, \(expected):\n\(Self.plain(screen))")
    if shown { verify(screen) }
  }

  private mutating func expectScreen(
    after what: String, in pane: TmuxPane, until ready: ([String]) -> Bool
  ) throws {
    // The view scrolls to a current match off screen, centring it.
    if let current = session.navigation.currentMatch, !viewport.contains(current.row) {
      let top = max(0, min(current.row - pageRows / 2, corpus.count - pageRows))
      viewport = top..<min(corpus.count, top + pageRows)
    }
    let status = session.status.description
    let rows = rowsLine(viewport)
    let (screen, shown) = try pane.wait { screen in
      screen.count >= lines && ready(screen) && screen[lines - 1].contains(rows)
        && StyledLine(screen[lines - 2]).text.trimmingCharacters(in: .whitespaces).hasSuffix(
          status)
    }
    #expect(
      shown,
      "after \(what): status \(status), \(rows) expected:\n\(Self.plain(screen))"
    )
    if shown { verify(screen) }
  }

  /// The screen's text without its escape sequences, for a failure's message.
  static func plain(_ screen: [String]) -> String {
    screen.map { StyledLine($0).text }.joined(separator: "\n")
  }

  /// Every row on screen is the corpus's, with the session's matches marked.
  func verify(_ screen: [String]) {
    let navigation = session.navigation
    var currentRuns = 0
    for (line, row) in viewport.enumerated() {
      let styled = StyledLine(screen[line])
      let time = Frame.time(corpus.startTime(ofRow: row)) + " "
      #expect(styled.text.hasPrefix(time), "row \(row): \(styled.text)")
      let text = Array(corpus[row].text.utf8)
      let expected = navigation.index.positions(inRow: row).map { position in
        let match = navigation.index[position]
        let colour =
          position == navigation.current
          ? ViewerInTerminalTests.cyan
          : navigation.tokens?[position] == 1
            ? ViewerInTerminalTests.green : ViewerInTerminalTests.yellow
        return (
          text: String(decoding: text[match.start..<match.end], as: UTF8.self), background: colour
        )
      }
      let known = [
        ViewerInTerminalTests.yellow, ViewerInTerminalTests.green, ViewerInTerminalTests.cyan,
      ]
      let shown = styled.coloredRuns.filter { known.contains($0.background) }
      currentRuns += shown.filter { $0.background == ViewerInTerminalTests.cyan }.count
      if !styled.text.contains("…") {
        #expect(
          shown.map(\.text) == expected.map(\.text)
            && shown.map(\.background) == expected.map(\.background),
          "row \(row): \(shown) on screen, \(expected) expected")
      } else {
        // A row cut to the screen: what is shown of each match, in order.
        var next = 0
        for run in shown {
          while next < expected.count
            && !(expected[next].background == run.background
              && expected[next].text.contains(run.text))
          {
            next += 1
          }
          #expect(next < expected.count, "row \(row): \(run) is no match of \(expected)")
          next += 1
        }
      }
    }
    let currentOnScreen = navigation.currentMatch.map { viewport.contains($0.row) } ?? false
    #expect(currentRuns == (currentOnScreen ? 1 : 0), "the current match is marked once")
  }
}
