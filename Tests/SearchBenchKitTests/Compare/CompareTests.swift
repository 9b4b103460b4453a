import Foundation
import Testing
import TranscriptCorpus
import TranscriptSearch

@testable import SearchBenchKit

@Suite("Compare")
struct CompareTests {
  @Test func equalSamplesShowNoDifference() {
    let samples = [1.0, 1.1, 0.9, 1.05, 0.95]
    let estimate = RatioEstimate.bootstrap(samples, over: samples.reversed())
    #expect(estimate.ratio == 1)
    #expect(estimate.isNoDifference)
  }

  @Test func clearlySlowerSamplesShowADifference() {
    let fast = [1.0, 1.1, 0.9, 1.05, 0.95]
    let estimate = RatioEstimate.bootstrap(fast.map { $0 * 3 }, over: fast)
    #expect(abs(estimate.ratio - 3) < 1e-9)
    #expect(!estimate.isNoDifference)
    #expect(estimate.low > 2 && estimate.high < 4.5)
  }

  @Test func slopesOfLinearAndConstantCosts() throws {
    let linear = [1e3, 1e4, 1e5, 1e6].map { (x: $0, y: $0 * 2e-9) }
    let constant = [1e3, 1e4, 1e5, 1e6].map { (x: $0, y: 5e-6) }
    #expect(abs(try #require(logLogSlope(linear)) - 1) < 1e-9)
    #expect(abs(try #require(logLogSlope(constant))) < 1e-9)
    #expect(logLogSlope([(x: 1, y: 1)]) == nil)
  }

  @Test func keywordsChosenFromAUsersTextHaveTheirClasses() throws {
    let rows = (0..<3_000).map { index in
      TranscriptRow(
        start: 0, text: index == 7 ? "the rarest word appears once" : "the same common words again")
    }
    let chosen = KeywordChoice.choose(in: Corpus(rows))
    let byLabel = Dictionary(uniqueKeysWithValues: chosen.map { ($0.label, $0.keyword) })
    #expect(byLabel["frequent"] != nil)
    #expect(byLabel["absent"] != nil)
    let rare = try #require(byLabel["rare"])
    #expect(["rarest", "word", "appears", "once"].contains(rare))
  }

  @Test func measuresEveryStrategyAndSkipsWhatIsOverBudget() async throws {
    let (corpus, planted) = TranscriptGenerator(script: .english, seed: 3).makeCorpus(rows: 300)
    var comparison = Comparison()
    comparison.rounds = 2
    comparison.oracleSampleRows = 300
    let dataset = ComparisonDataset(
      name: "english-300", script: .english, corpus: corpus, plainTextPath: nil,
      keywords: planted.map { ($0.keyword, $0.frequencyClass.rawValue) })
    let first = try await comparison.measure(dataset)
    #expect(first.cells.count == planted.count * comparison.strategies.count)
    for cell in first.cells {
      #expect(cell.seconds != nil)
      if cell.strategy == "folded" {
        #expect(cell.matches == planted.first { $0.keyword == cell.keyword }?.rows)
        #expect(cell.agreesWithOracle == true)
      }
    }
    #expect(first.ceilingSeconds != nil)
    // A budget no strategy fits: the next dataset of the script is skipped, with an estimate.
    comparison.cellBudget = 1e-12
    let second = try await comparison.measure(dataset)
    #expect(second.cells.allSatisfy { $0.skipped?.hasPrefix("over budget") == true })
  }

  @Test func aMissingOrBrokenPeerIsReportedNotTrusted() {
    let runner = PeerRunner(scriptsDirectory: "/nonexistent")
    #expect(runner.stringzilla(["a"], in: "/nonexistent/file.txt", rounds: 1).isEmpty)
    #expect(runner.ripgrep("a", in: "/nonexistent/file.txt") == nil)
  }
}
