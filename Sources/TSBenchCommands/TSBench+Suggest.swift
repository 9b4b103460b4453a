import ArgumentParser
import TranscriptSearch

extension TokenQuery.Mode: ExpressibleByArgument {}

extension TSBench {
  struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Suggest completions of a prefix from a transcript's most frequent terms.",
      discussion: """
        Terms are words, or pairs of characters in scripts written without spaces; a \
        term matches the prefix under the match contract's folding (STR suggests straße).
        """)

    @Option(help: "The transcript: JSON Lines, SubRip, WebVTT or plain text.")
    var dataset: String

    @Option(help: "The typed prefix.")
    var prefix: String

    @Option(help: "How many suggestions.")
    var limit = 10

    @OptionGroup var options: DatasetOptions

    func validate() throws {
      guard limit > 0 else { throw ValidationError("--limit must be at least 1") }
    }

    func run() throws {
      var index = SuggestionIndex(corpus: try options.load(dataset).corpus)
      let suggestions = index.suggestions(for: prefix, limit: limit)
      if suggestions.isEmpty { print("no suggestion for \(prefix.debugDescription)") }
      for suggestion in suggestions { print("\(suggestion.count)\t\(suggestion.term)") }
    }
  }
}
