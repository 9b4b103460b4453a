import Foundation
import SearchBenchKit
import Testing
import TranscriptSearch

@testable import TranscriptViewer

@Suite struct FrameTests {
  static let corpus = Corpus([
    TranscriptRow(start: 0, speaker: "Alice", text: "The zephyr came, a Zephyr again"),
    TranscriptRow(start: 61_000, speaker: "Bob", text: "no match here"),
    TranscriptRow(
      start: 3_725_000, speaker: "\u{1B}[31mMallory",
      text: "zephyr \u{1B}]0;title\u{07} \u{9B}2J \u{202E}reversed"),
  ])

  /// The screen's lines by number, as the frame places them, without their styles.
  static func lines(_ frame: String) -> [Int: String] {
    var lines: [Int: String] = [:]
    let pattern = try! NSRegularExpression(pattern: "\u{1B}\\[(\\d+);1H")
    let text = frame as NSString
    let found = pattern.matches(in: frame, range: NSRange(location: 0, length: text.length))
    for (index, match) in found.enumerated() {
      let number = Int(text.substring(with: match.range(at: 1)))!
      let end = index + 1 < found.count ? found[index + 1].range.location : text.length
      let body = text.substring(
        with: NSRange(location: match.range.upperBound, length: end - match.range.upperBound))
      lines[number] = body.replacingOccurrences(
        of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }
    return lines
  }

  /// When the keystroke of ``searched(_:columns:lines:)`` is typed: a fixed instant, so
  /// that the latency line's numbers, and so its width, never depend on the machine.
  static let typed = ContinuousClock.now

  func searched(_ keyword: String, columns: Int = 60, lines: Int = 8) -> ViewerState {
    var state = ViewerState(rowCount: Self.corpus.count, columns: columns, lines: lines)
    var session = SearchSession(corpus: Self.corpus, viewport: state.viewport)
    session.setKeyword(keyword)
    session.next()
    _ = state.handle(.text(keyword))
    let edit = state.nextEdit(at: Self.typed)
    _ = state.apply(
      ViewerUpdate(
        keystroke: edit.keystroke, keyword: keyword, phase: .complete, status: session.status,
        navigation: session.navigation))
    return state
  }

  @Test func theScreensLines() {
    var state = searched("zephyr")
    let lines = Self.lines(
      Frame(usesColor: true, engine: "folded").render(state, corpus: Self.corpus))
    #expect(lines.count == 8)
    #expect(lines[1] == "0:00:00 Alice: The zephyr came, a Zephyr again")
    #expect(lines[2] == "0:01:01 Bob: no match here")
    #expect(lines[3]?.hasPrefix("1:02:05 ^[[31mMal…: zephyr ^[]0;title^G <U+9B>2J") == true)
    #expect(lines[4] == "")
    #expect(lines[7]?.hasPrefix("Find: zephyr") == true)
    #expect(lines[7]?.hasSuffix("1 of 3") == true)
    #expect(lines[8] == "folded · rows 1–3 of 3")
    for line in lines.values { #expect(CellWidth.of(line) <= 60, "\(line)") }
    state.frameWritten(at: Self.typed + .microseconds(1234))
    let after = Self.lines(
      Frame(usesColor: true, engine: "folded").render(state, corpus: Self.corpus))
    // A complete result that came first shows the first highlights too.
    // At 60 columns the strategy's name gives way to the numbers.
    #expect(after[8] == "#0 highlights 1.23 ms · count 1.23 ms · rows 1–3 of 3")
  }

  /// The only escape sequences written are the frame's own: cursor moves, erasing and
  /// styles; none comes from the rows.
  @Test func rowsNeverDriveTheTerminal() {
    let frame = Frame(usesColor: true, engine: "folded").render(
      searched("zephyr"), corpus: Self.corpus)
    let stripped = frame.replacingOccurrences(
      of: "\u{1B}\\[(\\??[0-9;]*)[HJKmlh]", with: "", options: .regularExpression)
    #expect(!stripped.unicodeScalars.contains { TerminalText.isControl($0) })
  }

  /// Matches in yellow, the current one in cyan; under NO_COLOR, reverse video and bold.
  @Test func matchesAreMarked() {
    let state = searched("zephyr")
    let colour = Frame(usesColor: true, engine: "").render(state, corpus: Self.corpus)
    #expect(colour.contains("\u{1B}[0m\u{1B}[1;30;46mzephyr"))
    #expect(colour.contains("\u{1B}[0m\u{1B}[30;43mZephyr"))
    let plain = Frame(usesColor: false, engine: "").render(state, corpus: Self.corpus)
    #expect(plain.contains("\u{1B}[0m\u{1B}[1;4;7mzephyr"))
    #expect(plain.contains("\u{1B}[0m\u{1B}[7mZephyr"))
    #expect(plain.range(of: "\u{1B}\\[[0-9;]*(3|4)[0-7]m", options: .regularExpression) == nil)
  }

  @Test func aSmallTerminalGetsAMessage() {
    var state = ViewerState(rowCount: 3, columns: 10, lines: 3)
    state.resize(columns: 10, lines: 3)
    let frame = Frame(usesColor: true, engine: "").render(state, corpus: Self.corpus)
    #expect(frame.contains("Terminal t"))
    #expect(!frame.contains("Alice"))
  }
}
