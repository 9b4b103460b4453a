// A transcript view's search bar, driven as an app drives it: the flow of the DocC article
// "Getting started", printing what the bar would show at each step. Exits 1 if a step
// shows something other than what the article says.
import TranscriptSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

var failures = 0

/// Prints what the bar shows and checks it against what the article says it shows.
@MainActor func show(_ step: String, _ shown: String, expected: String) {
  print("\(step): \(shown)")
  if shown != expected {
    print("  expected \(expected)")
    failures += 1
  }
}

let corpus = Corpus([
  TranscriptRow(start: 0, speaker: "Ada", text: "Welcome back to the show."),
  TranscriptRow(start: 4_200, speaker: "Grace", text: "The STRASSE was closed again."),
  TranscriptRow(start: 9_800, speaker: "Ada", text: "A closed Straße, and a strasse."),
])
var session = SearchSession(corpus: corpus, viewport: 0..<40)

session.setKeyword("straße")
show("straße", session.status.description, expected: "1 of 3")

var marked: [String] = []
for row in session.highlightedRows() {
  for run in row.text.runs {
    guard let highlight = run[MatchHighlightAttribute.self] else { continue }
    let text = String(row.text[run.range].characters)
    marked.append(highlight.isCurrent ? "[\(text)]" : text)
  }
}
show("highlighted", marked.joined(separator: " "), expected: "[STRASSE] Straße strasse")

session.next()
show("next", session.status.description, expected: "2 of 3")
show(
  "scroll to row", "\(session.navigation.scrollTarget.map(String.init) ?? "none")", expected: "2")
session.previous()
session.previous()
show("previous twice", session.status.description, expected: "3 of 3")

session.setKeyword("stras")
show("stras", session.status.description, expected: "2 of 2")
show("current row", "\(session.navigation.currentMatch?.row ?? -1)", expected: "2")

do {
  try session.replaceText(ofRow: 0, with: "Strasse names, welcome back.")
} catch {
  print("replaceText: \(error)")
  failures += 1
}
session.append([TranscriptRow(start: 14_000, speaker: "Grace", text: "One more STRASSE.")])
show("after an edit and an append", session.status.description, expected: "3 of 4")

do {
  try session.replaceText(ofRow: 99, with: "no such row")
  show("a row that does not exist", "replaced", expected: "refused")
} catch {
  show("a row that does not exist", "refused (\(error))", expected: "refused (\(error))")
}

session.setKeyword("")
show(
  "empty keyword", session.status == .idle ? "idle" : session.status.description, expected: "idle")

if failures > 0 {
  print("\(failures) step(s) showed something other than the article says")
  exit(1)
}
print("every step showed what the article says")
