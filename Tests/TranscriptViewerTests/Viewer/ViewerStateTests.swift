import Testing
import TranscriptSearch

@testable import TranscriptViewer

@Suite struct ViewerStateTests {
  func state(rows: Int = 1_000) -> ViewerState {
    ViewerState(rowCount: rows, columns: 80, lines: 24)
  }

  @Test func typingSearchesAndBackspaceEdits() {
    var state = state()
    do {
      let result = state.handle(.text("zep"))
      #expect(result == .search)
    }
    do {
      let result = state.handle(.backspace)
      #expect(result == .search)
    }
    #expect(state.field == "ze")
    do {
      let result = state.nextEdit(at: .now).keyword
      #expect(result == "ze")
    }
    do {
      let result = state.nextEdit(at: .now).keystroke
      #expect(result == 1)
    }
    do {
      let result = state.handle(.control("u"))
      #expect(result == .search)
    }
    #expect(state.field.isEmpty)
    do {
      let result = state.handle(.backspace)
      #expect(result == .none)
    }
  }

  @Test func theFindBarsKeys() {
    var state = state()
    do {
      let result = state.handle(.enter)
      #expect(result == .next)
    }
    do {
      let result = state.handle(.shiftEnter)
      #expect(result == .previous)
    }
    do {
      let result = state.handle(.f3)
      #expect(result == .next)
    }
    do {
      let result = state.handle(.shiftF3)
      #expect(result == .previous)
    }
    do {
      let result = state.handle(.control("c"))
      #expect(result == .quit)
    }
    do {
      let result = state.handle(.control("z"))
      #expect(result == .suspend)
    }
  }

  /// Alt-W, S, E and D set the options as a find bar's toggles do.
  @Test func toggles() {
    var state = state()
    do {
      let result = state.handle(.alt("w"))
      #expect(result == .search)
    }
    #expect(state.options.wordMatch == .whole)
    _ = state.handle(.alt("w"))
    #expect(state.options.wordMatch == .contains)
    _ = state.handle(.alt("s"))
    #expect(state.options.wordMatch == .start)
    _ = state.handle(.alt("e"))
    #expect(state.options.wordMatch == .whole)
    _ = state.handle(.alt("s"))
    #expect(state.options.wordMatch == .end)
    _ = state.handle(.alt("d"))
    #expect(state.options.ignoresDiacritics)
  }

  /// Esc moves to the transcript, where less's keys work; / goes back to the field.
  @Test func theTranscriptsKeys() {
    var state = state()
    _ = state.handle(.text("ab"))
    _ = state.handle(.escape)
    #expect(state.focus == .transcript)
    do {
      let result = state.handle(.text("n"))
      #expect(result == .next)
    }
    do {
      let result = state.handle(.text("N"))
      #expect(result == .previous)
    }
    do {
      let result = state.handle(.text("w"))
      #expect(result == .search)
    }
    #expect(state.field == "ab")
    do {
      let result = state.handle(.text("/"))
      #expect(result == .none)
    }
    #expect(state.focus == .field)
    _ = state.handle(.escape)
    do {
      let result = state.handle(.text("q"))
      #expect(result == .quit)
    }
  }

  @Test func scrollingStaysWithinTheRows() {
    var state = state(rows: 100)
    #expect(state.viewport == 0..<21)
    do {
      let result = state.handle(.pageDown)
      #expect(result == .scrolled)
    }
    #expect(state.viewport == 21..<42)
    do {
      let result = state.handle(.end)
      #expect(result == .scrolled)
    }
    #expect(state.viewport == 79..<100)
    do {
      let result = state.handle(.down)
      #expect(result == .none)
    }
    do {
      let result = state.handle(.home)
      #expect(result == .scrolled)
    }
    do {
      let result = state.handle(.up)
      #expect(result == .none)
    }
    var small = self.state(rows: 5)
    do {
      let result = small.handle(.end)
      #expect(result == .none)
    }
    #expect(small.viewport == 0..<5)
  }

  @Test func tabTakesTheFirstSuggestion() {
    var state = state()
    _ = state.handle(.text("blue zep"))
    state.suggestions = [("zephyr", 12), ("zeppelin", 3)]
    do {
      let result = state.handle(.tab)
      #expect(result == .search)
    }
    #expect(state.field == "blue zephyr")
  }

  /// A current match off screen scrolls the view to centre it.
  @Test func theViewFollowsTheCurrentMatch() {
    var state = state()
    var navigation = SearchNavigation(
      index: MatchIndex(matches: [Match(row: 500, start: 0, end: 1)], rowCount: 1_000),
      viewport: state.viewport)
    navigation.next()
    do {
      let result = state.show(navigation)
      #expect(result)
    }
    #expect(state.viewport.contains(500))
    #expect(state.viewport.lowerBound == 490)
    do {
      let result = state.show(navigation)
      #expect(!result)
    }
  }

  /// The status shows the newest keystroke's search only, and follows next/previous.
  @Test func theStatusIsTheNewestSearchs() {
    var state = state()
    _ = state.handle(.text("z"))
    let edit = state.nextEdit(at: .now)
    #expect(state.statusText == "searching…")
    var navigation = SearchNavigation(
      index: MatchIndex(
        matches: [Match(row: 1, start: 0, end: 1), Match(row: 2, start: 0, end: 1)],
        rowCount: 1_000), viewport: state.viewport)
    _ = state.apply(
      ViewerUpdate(
        keystroke: edit.keystroke, keyword: "z", phase: .visible, status: .counting(visible: 2),
        navigation: navigation))
    #expect(state.statusText == "counting…")
    navigation.next()
    _ = state.apply(
      ViewerUpdate(
        keystroke: edit.keystroke, keyword: "z", phase: .complete,
        status: .matches(current: 0, total: 2), navigation: navigation))
    #expect(state.statusText == "1 of 2")
    navigation.next()
    state.show(navigation)
    #expect(state.statusText == "2 of 2")
    _ = state.handle(.text("e"))
    _ = state.nextEdit(at: .now)
    #expect(state.statusText == "searching…")
  }

  /// A keystroke's latency is measured to the frame that shows its update.
  @Test func latencyIsMeasuredToTheFrame() {
    var state = state()
    _ = state.handle(.text("z"))
    let typed = ContinuousClock.now
    let edit = state.nextEdit(at: typed)
    _ = state.apply(
      ViewerUpdate(
        keystroke: edit.keystroke, keyword: "z", phase: .visible, status: .counting(visible: 0),
        navigation: SearchNavigation()))
    do {
      let result = state.frameWritten(at: typed + .milliseconds(3))
      #expect(result)
    }
    #expect(state.latency?.visible == .milliseconds(3))
    #expect(state.latency?.complete == nil)
    do {
      let result = state.frameWritten(at: typed + .milliseconds(5))
      #expect(!result)
    }
    _ = state.apply(
      ViewerUpdate(
        keystroke: edit.keystroke, keyword: "z", phase: .complete, status: .noResults,
        navigation: SearchNavigation()))
    do {
      let result = state.frameWritten(at: typed + .milliseconds(40))
      #expect(result)
    }
    #expect(state.latency?.visible == .milliseconds(3))
    #expect(state.latency?.complete == .milliseconds(40))
  }
}
