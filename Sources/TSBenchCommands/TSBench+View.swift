import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch
import TranscriptViewer

extension TSBench {
  struct View: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a transcript full-screen with a search bar that searches as you type.",
      discussion: """
        Type to search; every match on screen is highlighted, the current one apart, and \
        the count shows "3 of 17" ("counting…" until the whole transcript is searched). \
        Enter or Ctrl-N goes to the next match, Shift-Enter or Ctrl-P to the previous \
        (both wrap, and the view scrolls to the match); the current match is kept as the \
        keyword changes. Arrows, Page Up/Down, Home and End scroll. Alt-W toggles whole \
        words, Alt-S word start, Alt-E word end, Alt-D ignoring diacritics; commas \
        separate tokens (any of them matches); Tab takes the first suggestion. Esc moves \
        to the transcript, where n/N step, /, w, s, e, d work as in less and q quits; \
        Ctrl-C quits from anywhere, Ctrl-Z suspends.

        The bottom line shows the strategy and, for the last keystroke, the time from the \
        key to the frame with the first highlights and to the frame with the count. \
        NO_COLOR (set and not empty) marks matches in reverse video instead of colour.
        """)

    @Argument(
      help: """
        The transcript: JSON Lines, SubRip, WebVTT or plain text; or a standard dataset's \
        name (mixed-1m), read from --directory when there, generated otherwise.
        """)
    var file: String

    @Option(
      help: """
        The strategy behind the field: \(Strategies.namesList) (default folded, through \
        the session's pipeline; the others search the rows on screen, then everything).
        """)
    var matcher = "folded"

    @Option(
      help: """
        For folded: how keystrokes during a search are handled: cancel-stale, immediate, \
        debounce:MS, throttle-latest:MS or max-one-in-flight.
        """)
    var policy = "cancel-stale"

    @Option(help: "The folder holding the standard datasets.")
    var directory = "datasets"

    @OptionGroup var options: DatasetOptions

    func validate() throws {
      _ = try StrategyName.strategy(matcher)
      guard InputPolicy(policy) != nil else {
        throw ValidationError(
          "unknown policy '\(policy)'; choose cancel-stale, immediate, debounce:MS, "
            + "throttle-latest:MS or max-one-in-flight")
      }
      if matcher != "folded" && policy != "cancel-stale" {
        throw ValidationError(
          "--policy applies to folded, which searches through the session's pipeline; "
            + "\(matcher) searches the whole transcript one keyword at a time, the newest next")
      }
    }

    func run() async throws {
      guard let terminal = Terminal() else {
        throw InputError("tsbench view needs a terminal on standard input and output")
      }
      let corpus = try load()
      let strategy = try StrategyName.strategy(matcher)
      let policy = InputPolicy(policy)!
      let usesColor = (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
      let status = await Viewer.run(corpus: corpus, terminal: terminal, usesColor: usesColor) {
        viewport -> any ViewerSearch in
        matcher == "folded"
          ? PipelineSearch(corpus: corpus, viewport: viewport, policy: policy)
          : MatcherSearch(strategy: strategy, corpus: corpus, viewport: viewport)
      }
      if status != 0 { throw ExitCode(status) }
    }

    /// The file, or the standard dataset of that name.
    private func load() throws -> Corpus {
      if !FileManager.default.fileExists(atPath: file),
        let spec = DatasetSpec.standard.first(where: { $0.name == file })
      {
        let stored = "\(directory)/\(spec.jsonLinesFileName)"
        if FileManager.default.fileExists(atPath: stored) {
          ProgressDisplay.writeError("reading \(stored)…\n")
          return try options.load(stored).corpus
        }
        ProgressDisplay.writeError("generating \(spec.name)…\n")
        return TranscriptGenerator(script: spec.script, seed: spec.seed)
          .makeCorpus(rows: spec.rows).corpus
      }
      ProgressDisplay.writeError("reading \(file)…\n")
      return try options.load(file).corpus
    }
  }
}
