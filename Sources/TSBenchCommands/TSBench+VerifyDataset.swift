import ArgumentParser
import Foundation
import SearchBenchKit
import SearchStrategies
import TranscriptSearch

extension TSBench.Verify {
  /// Segments of the kernel pairs' folded rows: small, so that a sample of a few
  /// thousand rows spans several and rows are checked across segment edges.
  static let checkedSegmentBytes = 16_384

  /// The defaults of `--rows`, `--keywords` and `--seed`, which the command line written
  /// into a report leaves out.
  static let defaultRows = 5_000
  static let defaultKeywords = 60
  static let defaultSeed: UInt64 = 1

  /// `verify --dataset`: the contract checked on rows and keywords of a user's transcript.
  func verify(dataset path: String) async throws {
    let loaded = try datasetOptions.load(path).corpus
    guard !loaded.isEmpty else { throw ValidationError("\(path) holds no rows") }
    let rowNumbers =
      loaded.count <= rows
      ? Array(0..<loaded.count) : (0..<rows).map { $0 * loaded.count / rows }
    let sample = Corpus(rowNumbers.map { loaded[$0] })
    let texts = sample.map(\.text)
    var chosen = givenKeywords.map { SampledKeyword(keyword: $0, shape: .given) }
    let given = Set(givenKeywords)
    chosen += SampledKeyword.sample(from: texts, count: keywords, seed: seed).filter {
      !given.contains($0.keyword)
    }
    let options =
      find.searchOptions.isDefault ? SearchOptions.allCombinations : [find.searchOptions]

    var checkers: [ConformanceChecker] = []
    let strategies = matcher == "all" ? Strategies.all : [try StrategyName.strategy(matcher)]
    // The oracle is what every other is compared with.
    for strategy in strategies where strategy.name != OracleMatcher.name {
      switch strategy.name {
      case FoldedMatcher.name where strategy.origin == .project:
        checkers.append(.strategy(strategy, on: sample))
        checkers += ConformanceChecker.foldedKernels(
          on: sample, segmentBytes: Self.checkedSegmentBytes)
        checkers.append(.sessionTyping(on: sample))
      case ChunkedMatcher.name where strategy.origin == .project:
        checkers += ConformanceChecker.chunkedKernels(
          on: sample, segmentBytes: Self.checkedSegmentBytes)
      default:
        checkers.append(.strategy(strategy, on: sample))
      }
    }

    let progress = ProgressDisplay(
      "verify \(path)", total: chosen.count * options.count, unit: "searches", enabled: !json)
    let result = try await DatasetConformance.run(
      sample: sample, rowNumbers: rowNumbers, rowsTotal: loaded.count, keywords: chosen,
      options: options, checkers: checkers, progress: { done, _ in progress.update(done) })
    progress.finish("\(result.oracleMatches) matches by the oracle")

    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      printJSON(try encoder.encode(result))
    } else {
      print(
        "\(result.rowsChecked) of \(result.rowsTotal) rows of \(path), \(chosen.count) keywords, "
          + "\(options.count) combinations of options")
      let width = (result.scores.map(\.name.count).max() ?? 0) + 2
      for score in result.scores {
        let skipped = score.notOffered > 0 ? " (\(score.notOffered) not offered)" : ""
        let note = score.followsContract || score.conforms ? "" : "  (does not follow the contract)"
        print("\(score.name.padding(width))\(score.passed)/\(score.total)\(skipped)\(note)")
        // Every difference kept for a matcher that must conform; a few for one that need not.
        let shown = score.followsContract ? DatasetConformance.keptDifferences : 3
        for difference in score.differences.prefix(shown) {
          print("  " + difference.summary)
        }
      }
    }
    if let report {
      try ReportFile.write(result.markdown(dataset: path, command: commandLine), to: report)
    }
    if !result.contractHolds { throw ExitCode.failure }
  }

  /// The command a reader would type to run this check again.
  private var commandLine: String {
    var words = ["\(ProgramName.current) verify --dataset \(Self.shellQuoted(dataset!))"]
    if rows != Self.defaultRows { words.append("--rows \(rows)") }
    if keywords != Self.defaultKeywords { words.append("--keywords \(keywords)") }
    if seed != Self.defaultSeed { words.append("--seed \(seed)") }
    words += givenKeywords.map { "--keyword \(Self.shellQuoted($0))" }
    if matcher != "all" { words.append("--matcher \(matcher)") }
    return words.joined(separator: " ") + find.commandLine
  }

  /// `word` as a POSIX shell reads it back: as it is when it holds only safe characters,
  /// else in single quotes.
  static func shellQuoted(_ word: String) -> String {
    let safe = word.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || "0123456789._/-+=:,@".unicodeScalars.contains($0))
    }
    return safe && !word.isEmpty ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
  }
}
