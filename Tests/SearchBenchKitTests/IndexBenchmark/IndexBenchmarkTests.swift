import ExternalEngines
import Foundation
import Testing
import TranscriptCorpus
import TranscriptSearch

@testable import SearchBenchKit

@Suite("IndexBenchmark")
struct IndexBenchmarkTests {
  @Test func measuresEachCostAndFindsWhatTheIndexHolds() async throws {
    var benchmark = IndexBenchmark()
    benchmark.datasets = [(.english, 400), (.chinese, 300)]
    benchmark.rounds = 2
    benchmark.changes = 4
    let temporary = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
      .filter { $0.hasPrefix("tsb-index-") }
    let result = try await benchmark.run()
    #expect(result.sqliteVersion == FTS5Index.version)
    #expect(result.datasets.map(\.script) == ["english", "chinese"])
    for (measured, (script, rows)) in zip(result.datasets, benchmark.datasets) {
      let (corpus, planted) = TranscriptGenerator(script: script, seed: DatasetSpec.standardSeed)
        .makeCorpus(rows: rows)
      #expect(measured.rows == rows && measured.textBytes == corpus.utf8TextCount)
      // The database holds the text and an index of every three characters.
      #expect(measured.databaseBytes > measured.textBytes)
      #expect(measured.build.count == 2 && measured.firstQueryAfterOpening.count == 2)
      #expect(measured.edit.count == 4 && measured.append.count == 4)
      // A rare planted keyword, as often as the generator planted it.
      let keyword = try #require(planted.first { $0.keyword == measured.keyword })
      #expect(keyword.frequencyClass == .rare)
      #expect(measured.matches == keyword.rows, "\(measured.keyword)")
    }
    // The saved copies are gone.
    let after = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
      .filter { $0.hasPrefix("tsb-index-") }
    #expect(Set(after).isSubset(of: Set(temporary)))
    let markdown = result.markdown(command: "tsbench bench-index")
    #expect(markdown.contains("| english | 400 |") && markdown.contains("| chinese | 300 |"))
    #expect(markdown.contains("LIKE, under 3 characters") || markdown.contains("the index"))
  }
}
