import Foundation
import Testing
import TranscriptCorpus
import TranscriptSearch

@testable import TranscriptViewer

/// `tsbench view` in a real terminal (tmux), driven as a person drives it: each screen is
/// read back with its colours and checked against a ``SearchSession`` given the same
/// keystrokes.
///
/// `swift test` drives the debug `tsbench` beside this bundle on mixed-100k, where a debug
/// search is as slow as a release one on a million rows, so the screen passes through the
/// same phases. `make test-viewer-1m` (run by CI) names a release `tsbench` in
/// `TSB_VIEWER_BINARY` and drives it on mixed-1m.
private let releaseBinary = ProcessInfo.processInfo.environment["TSB_VIEWER_BINARY"]

@Suite(
  .serialized,
  .enabled(if: TmuxPane.isAvailable, "make test installs tmux where missing"))
struct ViewerInTerminalTests {
  /// The binary driven and the standard dataset it opens.
  static let target: (binary: String, dataset: String, rows: Int) =
    if let releaseBinary {
      (releaseBinary, "mixed-1m", 1_000_000)
    } else {
      (
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
          .appendingPathComponent("tsbench").path, "mixed-100k", 100_000
      )
    }
  static let columns = 160
  static let lines = 40

  /// Background colours: matches of the first token (or of a keyword) in yellow, of the
  /// second in green, the current match in cyan.
  static let yellow = 43
  static let green = 42
  static let cyan = 46

  /// Runs `body` with the binary and a new folder, removed afterwards.
  func withFolder(_ body: (String, String) throws -> Void) throws {
    let binary = Self.target.binary
    try #require(
      FileManager.default.isExecutableFile(atPath: binary),
      "no tsbench at \(binary): build it first")
    let folder = NSTemporaryDirectory() + "tsb-view-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(binary, folder)
  }

  @Test
  func aPersonSearchesATranscript() throws {
    try withFolder { binary, folder in try personSearches(binary: binary, folder: folder) }
  }

  func personSearches(binary: String, folder: String) throws {
    // The viewer makes the dataset itself (the folder holds none); the test reads the same
    // rows from the generator's file.
    let (name, rows) = (Self.target.dataset, Self.target.rows)
    let dataset = folder + "/\(name).jsonl"
    let generated = try TmuxPane.run(
      binary, ["generate", "--script", "mixed", "--rows", "\(rows)", "--out", dataset])
    try #require(generated.status == 0, "\(generated.error)")
    let corpus = try TranscriptImporter(path: dataset).read().corpus
    try FileManager.default.removeItem(atPath: dataset)
    #expect(corpus.count == rows)

    let pane = try TmuxPane(
      "\(binary) view \(name) --directory \(folder); echo exit=$?; stty -a; sleep 600",
      columns: Self.columns, lines: Self.lines)
    defer { pane.close() }
    var checker = ScreenChecker(corpus: corpus, lines: Self.lines)
    try checker.waitForStart(pane)

    // Typing, a keystroke at a time, each searched to the end before the next.
    var keyword = ""
    for letter in "zephyr" {
      keyword.append(letter)
      try pane.type(String(letter))
      try checker.expectSearch(keyword, in: pane)
    }
    // Next, next, previous: the view follows the current match.
    try pane.press("Enter")
    try checker.expectStep(.next, in: pane)
    try pane.press("Enter")
    try checker.expectStep(.next, in: pane)
    try pane.press("C-p")
    try checker.expectStep(.previous, in: pane)
    // Whole words, then the keyword edited: the current match is kept where it can be.
    try pane.press("M-w")
    checker.options.wordMatch = .whole
    try checker.expectSearch(keyword, in: pane)
    for _ in 0..<2 {
      keyword.removeLast()
      try pane.press("BSpace")
      try checker.expectSearch(keyword, in: pane)
    }
    try pane.type("yr")
    keyword += "yr"
    try checker.expectSearch(keyword, in: pane)
    // A second token, by a comma: its matches in another colour.
    try pane.type(",")
    try checker.expectSearch(keyword + ",", in: pane)
    try pane.type("麒麟")
    try checker.expectSearch(keyword + ",麒麟", in: pane)

    // Resized: the same search on a smaller screen, then one too small, then back.
    try pane.resize(columns: 80, lines: 24)
    checker.lines = 24
    try checker.expectRedraw(in: pane)
    try pane.resize(columns: 10, lines: 3)
    let (small, saysSo) = try pane.wait { $0.joined().contains("Terminal") }
    #expect(saysSo, "a 10×3 terminal gets a message:\n\(ScreenChecker.plain(small))")
    try pane.resize(columns: 120, lines: 30)
    checker.lines = 30
    try checker.expectRedraw(in: pane)

    // Quit: the terminal as it was (the shell then prints the modes and waits).
    try pane.press("C-c")
    let (end, ended) = try pane.wait {
      $0.contains { $0.contains("exit=0") } && $0.contains { $0.contains("icanon") }
    }
    #expect(ended, "\(ScreenChecker.plain(end))")
    let modes = " " + ScreenChecker.plain(end).replacingOccurrences(of: "\n", with: " ") + " "
    for mode in ["icanon", "echo", "isig", "icrnl", "ixon"] {
      #expect(modes.contains(" \(mode) ") && !modes.contains("-\(mode) "), "\(mode): \(modes)")
    }
    #expect(try pane.value("alternate_on") == "0")
    #expect(try pane.value("cursor_flag") == "1")
    #expect(try pane.value("wrap_flag") == "1")
  }

  /// A file that cannot be imported: the importer's error, exit status 1, and the
  /// terminal never left as the viewer would have set it.
  @Test
  func aFileThatFailsToImport() throws {
    try withFolder { binary, folder in try failsToImport(binary: binary, folder: folder) }
  }

  func failsToImport(binary: String, folder: String) throws {
    let broken = folder + "/broken.jsonl"
    try Data("{\"start\": 0, \"text\": \"fine\"}\n{\"start\": 1, \"text\": \n".utf8).write(
      to: URL(fileURLWithPath: broken))
    let pane = try TmuxPane(
      "\(binary) view \(broken); echo exit=$?; stty -a; sleep 600", columns: 100, lines: 30)
    defer { pane.close() }
    let (screen, ended) = try pane.wait(seconds: 30) { $0.contains { $0.contains("icanon") } }
    #expect(ended, "\(ScreenChecker.plain(screen))")
    let text = ScreenChecker.plain(screen)
    #expect(text.contains("broken.jsonl:2"), "the error names the file and line: \(text)")
    #expect(text.contains("exit=1"))
    #expect(text.contains(" icanon") && !text.contains("-icanon"))
    #expect(try pane.value("alternate_on") == "0")
  }
}
