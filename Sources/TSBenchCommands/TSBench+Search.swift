import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch

extension TSBench {
  struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Search a JSON Lines dataset for a keyword.",
      discussion: """
        Prints the number of matches and the first ones as row, start and end (UTF-8 \
        offsets in the row's text) with the matched text; --json prints every match.
        """)

    @Option(help: "The transcript: JSON Lines, SubRip, WebVTT or plain text.")
    var dataset: String

    @Option(help: "The keyword, matched literally under the match contract.")
    var keyword: String?

    @Option(
      help: """
        A file holding the keyword (UTF-8; one final line break is not part of it): for \
        keywords longer than the system's argument limit, or with bytes a shell mangles.
        """)
    var keywordFile: String?

    @Option(
      name: .customLong("token"),
      help: "A token of a token query (repeatable; instead of --keyword).")
    var tokens: [String] = []

    @Option(help: "For tokens: any (a row matches if any token occurs) or all (every token).")
    var mode: TokenQuery.Mode = .any

    @Option(name: .customLong("speaker"), help: "Only rows of this speaker (repeatable).")
    var speakers: [String] = []

    @Option(help: "Only rows starting at or after this time, in milliseconds.")
    var from: Int64?

    @Option(help: "Only rows starting before this time, in milliseconds.")
    var to: Int64?

    @Option(
      help: """
        The matcher: \(Strategies.namesList) (default \
        folded; token queries and --speaker/--from/--to run on folded only).
        """)
    var matcher: String?

    @Option(help: "How many matches to print (without --json).")
    var limit = 10

    @OptionGroup var options: DatasetOptions

    @OptionGroup(title: "Find options") var find: FindOptions

    @Flag(
      help: "Print {\"matcher\", \"count\", \"matches\": [[row, start, end], …]} with every match.")
    var json = false

    @Flag(
      help: """
        Print where the time went, last, to standard error: reading the transcript, the \
        search (folding included), printing.
        """)
    var timings = false

    func validate() throws {
      let keywords = (keyword != nil ? 1 : 0) + (keywordFile != nil ? 1 : 0)
      guard keywords + (tokens.isEmpty ? 0 : 1) == 1 else {
        throw ValidationError("give one of --keyword, --keyword-file or one or more --token")
      }
      if let invalid = CommandLineBytes.firstInvalidUTF8() {
        throw ValidationError(
          "argument \(invalid.argument) is not valid UTF-8 (byte \(invalid.offset)); a keyword "
            + "is text: write it to a file in UTF-8 and pass --keyword-file")
      }
      if let matcher, matcher != "folded",
        !tokens.isEmpty || !speakers.isEmpty || from != nil || to != nil
      {
        throw ValidationError(
          "token queries and --speaker/--from/--to run on folded only, not on \(matcher): "
            + "drop --matcher (or give --matcher folded)")
      }
      if let from, let to, from > to {
        throw ValidationError("--from (\(from)) is after --to (\(to)): the time range is empty")
      }
      if tokens.contains(where: \.isEmpty) { throw ValidationError("a --token is empty") }
      let strategy = try StrategyName.strategy(matcher ?? "folded")
      guard limit >= 0 else { throw ValidationError("--limit must not be negative") }
      try find.check(strategy)
    }

    /// The keyword from --keyword or --keyword-file.
    private func givenKeyword() throws -> String? {
      guard let keywordFile else { return keyword }
      guard let data = FileManager.default.contents(atPath: keywordFile) else {
        throw InputError("cannot read the keyword file \(keywordFile)")
      }
      var bytes = [UInt8](data)
      if bytes.last == 0x0A { bytes.removeLast() }
      if bytes.last == 0x0D { bytes.removeLast() }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw InputError("the keyword file \(keywordFile) is not valid UTF-8")
      }
      return text
    }

    func run() async throws {
      let clock = ContinuousClock()
      let started = clock.now
      let keyword = try givenKeyword()
      let corpus = try options.load(dataset).corpus
      let read = clock.now
      let strategy = try StrategyName.strategy(matcher ?? "folded")
      let scoped = !speakers.isEmpty || from != nil || to != nil
      let matches: [Match]
      let what: String
      if !tokens.isEmpty || scoped {
        // Token queries and scopes run on the folded search.
        let scope = SearchScope(
          speakers: speakers.isEmpty ? nil : Set(speakers),
          startTimes: (from != nil || to != nil) ? (from ?? .min)..<(to ?? .max) : nil)
        let query = TokenQuery(
          tokens: tokens.isEmpty ? [keyword!] : tokens, mode: mode, scope: scope,
          options: find.searchOptions)
        var session = SearchSession(corpus: corpus)
        session.setQuery(query)
        matches = session.navigation.index.allMatches
        what =
          "tokens \(query.tokens.map(\.debugDescription).joined(separator: ", ")) (\(mode.rawValue))"
        if !json {
          let counts = session.matchCountsBySpeaker().map {
            "\($0.count) in \($0.speaker ?? "(no speaker)")"
          }
          if !counts.isEmpty { print("by speaker: " + counts.joined(separator: ", ")) }
        }
      } else if strategy.name == FoldedMatcher.name {
        // Searched once: only the rows that can hold a match are folded.
        matches = FoldedCorpus.matchesSearchingOnce(
          of: FoldedKeyword(keyword!, options: find.searchOptions), in: corpus)
        what = keyword!.debugDescription
      } else {
        matches = try await strategy.prepare(corpus).matches(
          of: keyword!, options: find.searchOptions)
        what = keyword!.debugDescription
      }
      let searched = clock.now
      defer {
        if timings {
          let phases = [
            ("read", read - started), ("search", searched - read), ("print", clock.now - searched),
          ]
          ProgressDisplay.writeError(
            "timings: "
              + phases.map { "\($0.0) \(String(format: "%.1f", $0.1.seconds * 1e3)) ms" }
              .joined(separator: ", ") + "\n")
        }
        // The rows are freed after the timings, with the rest of the process's exit, not
        // during the printing that last used them.
        withExtendedLifetime((corpus, matches)) {}
      }
      if json {
        try MatchesJSON.write(matcher: strategy.name, matches: matches)
        return
      }
      let engine = !tokens.isEmpty || scoped ? "folded" : strategy.name
      let optionNote = find.searchOptions.isDefault ? "" : ", \(find.searchOptions)"
      print("\(matches.count) matches of \(what) in \(dataset) (\(engine)\(optionNote))")
      for match in matches.prefix(limit) {
        let text = corpus.withUTF8Text(ofRow: match.row) {
          String(
            decoding: UnsafeBufferPointer(rebasing: $0[match.start..<match.end]), as: UTF8.self)
        }
        print("  row \(match.row) [\(match.start), \(match.end)): \(text.debugDescription)")
      }
    }
  }
}
