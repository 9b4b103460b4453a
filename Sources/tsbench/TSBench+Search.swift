import ArgumentParser
import Foundation
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
    var keyword: String

    @Option(help: "The matcher: \(MatcherKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var matcher = "folded"

    @Option(help: "How many matches to print (without --json).")
    var limit = 10

    @OptionGroup var options: DatasetOptions

    @Flag(
      help: "Print {\"matcher\", \"count\", \"matches\": [[row, start, end], …]} with every match.")
    var json = false

    func validate() throws {
      guard MatcherKind(rawValue: matcher) != nil else {
        throw ValidationError(
          "unknown matcher '\(matcher)'; choose one of "
            + MatcherKind.allCases.map(\.rawValue).joined(separator: ", "))
      }
      guard limit >= 0 else { throw ValidationError("--limit must not be negative") }
    }

    func run() async throws {
      let corpus = try options.load(dataset).corpus
      let kind = MatcherKind(rawValue: matcher)!
      let matches = try await kind.prepare(corpus).matches(of: keyword)
      if json {
        var output = "{\"matcher\":\"\(kind.rawValue)\",\"count\":\(matches.count),\"matches\":["
        output += matches.map { "[\($0.row),\($0.start),\($0.end)]" }.joined(separator: ",")
        output += "]}"
        print(output)
        return
      }
      print(
        "\(matches.count) matches of \(keyword.debugDescription) in \(dataset) (\(kind.rawValue))")
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
