import Foundation
import TranscriptSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen viewer's loop: keys, signals and search updates in, frames out.
public enum Viewer {
  private enum Event: Sendable {
    case input(InputReader.Event)
    case update(ViewerUpdate)
  }

  /// Shows `corpus` on `terminal` with `makeSearch`'s engine (given the first viewport)
  /// until the person quits or a signal ends it; the terminal is restored either way.
  /// Returns the exit status: 0, or 128 + the signal's number.
  public static func run(
    corpus: Corpus, terminal: Terminal, usesColor: Bool,
    makeSearch: (Range<Int>) -> any ViewerSearch
  ) async -> Int32 {
    guard let signals = SignalPipe.install() else { return 1 }
    let (events, sink) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    let size = terminal.size
    var state = ViewerState(rowCount: corpus.count, columns: size.columns, lines: size.lines)
    let search = makeSearch(state.viewport)
    let frame = Frame(usesColor: usesColor, engine: "\(search.name) · \(search.policy)")
    terminal.activate()
    defer { terminal.restore() }
    InputReader.start(signalPipe: signals) { sink.yield(.input($0)) }
    let forwarding = Task {
      for await update in search.updates { sink.yield(.update(update)) }
    }
    defer { forwarding.cancel() }
    func draw() {
      terminal.write(frame.render(state, corpus: corpus))
      // The frame's own latency is known once it is written: the line shows it next.
      if state.frameWritten(at: .now) { terminal.write(frame.render(state, corpus: corpus)) }
    }
    func refreshSuggestions() async {
      let word = FieldText.lastWord(of: state.field)
      if word.isEmpty {
        state.suggestions = []
      } else {
        (state.suggestions, state.suggestionsAreComplete) = await search.suggestions(
          for: String(word))
      }
    }

    // A large transcript's suggestions are indexed in the background from the start, as
    // it is folded, while the person reads the first screen.
    _ = await search.suggestions(for: "")
    draw()
    for await event in events {
      switch event {
      case .update(let update):
        if state.apply(update) { state.show(await search.setViewport(state.viewport)) }
      case .input(.ended):
        return 0
      case .input(.signal(let signal)):
        switch signal {
        case SIGWINCH:
          let size = terminal.size
          state.resize(columns: size.columns, lines: size.lines)
          state.show(await search.setViewport(state.viewport))
          terminal.write("\u{1B}[2J")
        case SIGTSTP:
          suspend(terminal)
        case SIGCONT:
          terminal.activate()
        default:
          return 128 + signal
        }
      case .input(.keys(let keys, let time)):
        for key in keys {
          switch state.handle(key) {
          case .none: break
          case .quit: return 0
          case .suspend: suspend(terminal)
          case .search:
            // The search first: suggestions must not delay the highlights.
            await search.edit(state.nextEdit(at: time))
            await refreshSuggestions()
          case .scrolled:
            state.show(await search.setViewport(state.viewport))
          case .next:
            state.show(await search.next())
            state.show(await search.setViewport(state.viewport))
          case .previous:
            state.show(await search.previous())
            state.show(await search.setViewport(state.viewport))
          }
        }
      }
      draw()
    }
    return 0
  }

  /// Ctrl-Z or SIGTSTP: the terminal as it was, the process stopped; once continued, the
  /// screen again.
  private static func suspend(_ terminal: Terminal) {
    terminal.restore()
    SignalPipe.suspend()
    terminal.activate()
  }
}
