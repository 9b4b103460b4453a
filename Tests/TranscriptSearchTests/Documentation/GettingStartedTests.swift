import Foundation
import Testing
import TranscriptSearch

/// The code of the DocC article *Getting started* (`GettingStarted.md`), run with checks
/// of what the article says it does. The article's code blocks are taken from here: the
/// second test fails when a block of the article is not in this file, so the article
/// cannot drift from code that compiles and runs.
@Suite("Getting started article")
struct GettingStartedTests {
  @Test func aSearchBarEndToEnd() throws {
    let corpus = Corpus([
      TranscriptRow(start: 0, speaker: "Ada", text: "Welcome back to the show."),
      TranscriptRow(start: 4_200, speaker: "Grace", text: "The STRASSE was closed again."),
      TranscriptRow(start: 9_800, speaker: "Ada", text: "A closed Straße, and a strasse."),
    ])
    var session = SearchSession(corpus: corpus, viewport: 0..<40)

    session.setKeyword("straße")  // finds STRASSE, Straße and strasse
    let label = session.status.description  // "1 of 3": the match nearest the view is current
    #expect(label == "1 of 3")

    var highlighted = 0
    for row in session.highlightedRows() {
      for run in row.text.runs {
        guard let highlight = run[MatchHighlightAttribute.self] else { continue }
        let text = String(row.text[run.range].characters)
        // Style `text`: every match, and the current one (highlight.isCurrent) apart.
        #expect(text.lowercased().hasPrefix("stra"))
        #expect(highlight.isCurrent == (highlight.position == 0))
        highlighted += 1
      }
    }
    #expect(highlighted == 3)

    session.next()  // "2 of 3": Straße, in row 2
    #expect(session.status.description == "2 of 3")
    if let row = session.navigation.scrollTarget {
      // Scroll `row` into view.
      #expect(row == 2)
    }
    session.previous()
    session.previous()  // wraps around to the last match: "3 of 3", strasse
    #expect(session.status.description == "3 of 3")
    #expect(session.navigation.currentMatch?.row == 2)

    session.setKeyword("stras")  // "2 of 2": ß is one character, so Straße no longer matches
    let kept = session.navigation.currentMatch  // still strasse, in row 2
    #expect(kept?.row == 2)
    #expect(session.status.description == "2 of 2")

    try session.replaceText(ofRow: 0, with: "Strasse names, welcome back.")
    session.append([TranscriptRow(start: 14_000, speaker: "Grace", text: "One more STRASSE.")])
    let status = session.status.description  // "3 of 4": the edit and the append are searched
    #expect(status == "3 of 4")
    #expect(session.navigation.currentMatch?.row == 2)

    session.setKeyword("")  // an empty keyword clears the search
    #expect(session.status == .idle)
  }

  /// Every line of every Swift block of the article, but its imports, is a line of this
  /// file, in the same order.
  @Test func theArticlesCodeIsThisFilesCode() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let article = try String(
      contentsOf: root.appendingPathComponent(
        "Sources/TranscriptSearch/TranscriptSearch.docc/GettingStarted.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let blocks = Self.swiftBlocks(in: article)
    #expect(blocks.count >= 4)
    var from = 0
    for block in blocks {
      for line in block where !line.isEmpty && !line.hasPrefix("import ") {
        guard let at = source[from...].firstIndex(of: line) else {
          Issue.record("not in GettingStartedTests.swift, or out of order: \(line)")
          return
        }
        from = at + 1
      }
    }
  }

  /// The trimmed lines of the article's ```swift blocks.
  static func swiftBlocks(in article: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(current!)
        current = nil
      } else if current != nil {
        current!.append(trimmed)
      }
    }
    return blocks
  }
}
