import Foundation
import SearchStrategies
import Testing
import TranscriptSearch

@testable import SearchBenchKit

@Suite("DatasetConformance")
struct DatasetConformanceTests {
  let rows = [
    "Straße und Fluss", "Ich habe die STRASSE gesehen", "", "résumé, RÉSUMÉ and resume",
    "नमस्ते दुनिया", "東京で会いましょう", "ดีค่ะ สวัสดี",
  ]

  var sample: Corpus { Corpus(rows.map { TranscriptRow(start: 0, text: $0) }) }

  @Test func keywordsComeFromTheTextAndTheSameSeedGivesTheSameOnes() {
    let first = SampledKeyword.sample(from: rows, count: 40, seed: 7)
    #expect(first == SampledKeyword.sample(from: rows, count: 40, seed: 7))
    #expect(first != SampledKeyword.sample(from: rows, count: 40, seed: 8))
    #expect(Set(first.map(\.keyword)).count == first.count)
    for sampled in first {
      switch sampled.shape {
      case .word:
        // A whole word: in a row, between characters that are not letters.
        #expect(rows.contains { $0.contains(sampled.keyword) }, "\(sampled)")
        #expect(sampled.keyword.allSatisfy { $0.isLetter || $0.isNumber }, "\(sampled)")
      case .piece:
        #expect(rows.contains { $0.contains(sampled.keyword) }, "\(sampled)")
        #expect((1...6).contains(sampled.keyword.count), "\(sampled)")
      case .uppercased:
        #expect(sampled.keyword == sampled.keyword.uppercased(), "\(sampled)")
      case .lowercased:
        #expect(sampled.keyword == sampled.keyword.lowercased(), "\(sampled)")
      case .decomposed:
        #expect(
          sampled.keyword.unicodeScalars.elementsEqual(
            sampled.keyword.decomposedStringWithCanonicalMapping.unicodeScalars), "\(sampled)")
      case .withoutMarks:
        #expect(
          !sampled.keyword.unicodeScalars.contains {
            $0.properties.generalCategory == .nonspacingMark
          },
          "\(sampled)")
      case .given:
        Issue.record("a sampled keyword is never given: \(sampled)")
      }
    }
    // Enough draws to see every shape.
    #expect(Set(first.map(\.shape)).count >= 5, "\(first.map(\.shape))")
  }

  @Test func emptyTextGivesNoKeywords() {
    #expect(SampledKeyword.sample(from: ["", ""], count: 5, seed: 1).isEmpty)
    #expect(SampledKeyword.sample(from: [], count: 5, seed: 1).isEmpty)
  }

  @Test func preparedTextsMatchAsTheOracleDoes() {
    let keywords = ["straße", "ss", "RESUME", "e", "स्", "で", "ดี", "a", " "]
    for text in rows {
      for options in SearchOptions.allCombinations {
        let prepared = OracleMatcher.PreparedText(
          text, ignoringDiacritics: options.ignoresDiacritics)
        for keyword in keywords {
          #expect(
            OracleMatcher.matchRanges(of: keyword, in: prepared, wordMatch: options.wordMatch)
              == OracleMatcher.matchRanges(of: keyword, in: text, options: options))
        }
      }
    }
  }

  @Test func contractMatchersAgreeAndAWrongOneIsCaughtAtItsRow() async throws {
    let sample = sample
    // Drops the last match of every search: wrong wherever there is a match.
    let folded = FoldedMatcher(corpus: sample)
    let dropsLast = ConformanceChecker(
      name: "drops last", followsContract: true, offers: { _ in true },
      search: { Array(try await folded.matches(of: $0, options: $1).dropLast()) })
    let checkers =
      ConformanceChecker.foldedKernels(on: sample, segmentBytes: 16)
      + ConformanceChecker.chunkedKernels(on: sample, segmentBytes: 16)
      + [ConformanceChecker.sessionTyping(on: sample), dropsLast]
    let keywords = ["strasse", "RÉSUMÉ", "स्ते", "で"].map {
      SampledKeyword(keyword: $0, shape: .given)
    }
    // The sample stands for rows 10, 20, … of a larger dataset.
    let rowNumbers = sample.indices.map { 10 * ($0 + 1) }
    var reported: [Int] = []
    let result = try await DatasetConformance.run(
      sample: sample, rowNumbers: rowNumbers, rowsTotal: 100, keywords: keywords,
      options: SearchOptions.allCombinations, checkers: checkers,
      progress: { done, total in reported.append(done * 1000 + total) })
    #expect(reported == (1...32).map { $0 * 1000 + 32 })
    #expect(result.oracleMatches > 0)
    for score in result.scores.dropLast() {
      #expect(score.conforms && score.total == 32, "\(score.name): \(score.differences)")
    }
    let wrong = try #require(result.scores.last)
    #expect(!wrong.conforms)
    #expect(!result.contractHolds)
    // "strasse" contains: rows 0 and 1 match, the last match (row 1) is dropped, and the
    // row is named by its number in the dataset.
    let first = try #require(wrong.differences.first)
    #expect(first.keyword == "strasse" && first.options == "contains")
    #expect(first.row == 20)
    #expect(first.expected == [[13, 20]] && first.got == [])
    #expect(result.markdown(dataset: "d.jsonl", command: "tsbench verify").contains("**"))
  }

  @Test func aMatcherThatThrowsIsADifferenceNamingTheError() async throws {
    struct Broken: Error {}
    let throwing = ConformanceChecker(
      name: "throws", followsContract: false, offers: { $0.isDefault },
      search: { _, _ in throw Broken() })
    let result = try await DatasetConformance.run(
      sample: sample, rowNumbers: Array(sample.indices), rowsTotal: sample.count,
      keywords: [SampledKeyword(keyword: "und", shape: .word)],
      options: SearchOptions.allCombinations, checkers: [throwing])
    let score = try #require(result.scores.first)
    #expect(score.total == 1 && score.notOffered == 7 && score.passed == 0)
    #expect(score.differences.first?.problem?.contains("Broken") == true)
    // It does not follow the contract, so its differences do not break it.
    #expect(result.contractHolds)
  }
}
