import Synchronization
import Testing

@testable import SearchBenchKit

@Suite("SearchTiming")
struct SearchTimingTests {
  @Test func aShortSearchIsBatchedToLastAboutABatch() {
    let timing = SearchTiming()
    #expect(timing.batchSize(forSearchTaking: 10e-6) == 100)
    #expect(timing.batchSize(forSearchTaking: 3e-4) == 4)
    // A search of a batch's length or longer is timed alone.
    #expect(timing.batchSize(forSearchTaking: 1e-3) == 1)
    #expect(timing.batchSize(forSearchTaking: 2.5) == 1)
    // A search too fast to fill a batch gets the largest.
    #expect(timing.batchSize(forSearchTaking: 1e-12) == timing.maxBatch)
    var unbatched = timing
    unbatched.batchSeconds = 0
    #expect(unbatched.batchSize(forSearchTaking: 1e-6) == 1)
  }

  @Test func coldSamplesAreOneSearchWithoutAWarmUp() {
    var timing = SearchTiming()
    timing.cache = .cold
    #expect(timing.batchSize(forSearchTaking: 1e-6) == 1)
    #expect(!timing.warmsUp && SearchTiming().warmsUp)
    #expect(timing.description.hasPrefix("cold"))
  }

  @Test func aWarmSampleRunsItsBatchAfterOneUntimedSearchAColdOneAlone() async throws {
    let calls = Atomic<Int>(0)
    let search = { _ = calls.add(1, ordering: .relaxed) }
    let timing = SearchTiming()
    let seconds = try await timing.sample(batch: 7, search)
    #expect(calls.load(ordering: .relaxed) == 8)
    #expect(seconds >= 0)
    var cold = timing
    cold.cache = .cold
    _ = try await cold.sample(batch: 1, search)
    #expect(calls.load(ordering: .relaxed) == 9)
  }

  @Test func aShortSearchIsTimedOnceMoreToChooseItsBatch() async throws {
    let calls = Atomic<Int>(0)
    let search = { _ = calls.add(1, ordering: .relaxed) }
    let timing = SearchTiming()
    // Ten batches or longer: the first run decides alone.
    let long = try await timing.calibrate(firstRun: 0.5, search)
    #expect(calls.load(ordering: .relaxed) == 0)
    #expect(long.seconds == 0.5 && long.batch == 1 && long.sampleSeconds == 1.0)
    let short = try await timing.calibrate(firstRun: 0.005, search)
    #expect(calls.load(ordering: .relaxed) == 1)
    #expect(short.seconds <= 0.005)
    #expect(short.batch == timing.batchSize(forSearchTaking: short.seconds))
    #expect(short.sampleSeconds == short.seconds * Double(short.batch + 1))
  }
}
