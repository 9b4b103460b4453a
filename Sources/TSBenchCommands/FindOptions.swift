import ArgumentParser
import SearchBenchKit
import TranscriptSearch

/// The find options every searching command takes.
struct FindOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Which ends of a match must be word boundaries: contains (none), start, end or whole.",
      discussion:
        "Word boundaries are Unicode's default ones (UAX #29, no dictionary: in Chinese, "
        + "Japanese and Thai, between most characters)."))
  var wordMatch: SearchOptions.WordMatch = .contains

  @Flag(
    help:
      "Ignore diacritics: keys drop nonspacing marks (resume finds RÉSUMÉ, か finds が; ß still finds ss)."
  )
  var ignoreDiacritics = false

  var searchOptions: SearchOptions {
    SearchOptions(wordMatch: wordMatch, ignoresDiacritics: ignoreDiacritics)
  }

  /// The flags that give these options, for a command line quoted in a report.
  var commandLine: String {
    (wordMatch == .contains ? "" : " --word-match \(wordMatch.rawValue)")
      + (ignoreDiacritics ? " --ignore-diacritics" : "")
  }

  /// Refuses a matcher that does not offer the options, naming both.
  func check(_ strategy: Strategy) throws {
    guard strategy.offers(searchOptions) else {
      throw ValidationError(
        "\(strategy.name) does not offer \(searchOptions): "
          + Strategies.all.filter { $0.offers(searchOptions) }
          .map(\.name).joined(separator: ", ") + " do")
    }
  }
}

extension SearchOptions.WordMatch: ExpressibleByArgument {}
