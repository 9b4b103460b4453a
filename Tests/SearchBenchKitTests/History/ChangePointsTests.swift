import Foundation
import Testing

@testable import SearchBenchKit

@Suite("ChangePoints")
struct ChangePointsTests {
  /// Deterministic noise in [-1, 1): a SplitMix64 stream.
  struct Noise {
    var state: UInt64
    mutating func next() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      return Double(z >> 11) / Double(1 << 52) - 1
    }
  }

  @Test func aFlatSeriesHasNoStep() {
    #expect(
      ChangePoints.steps(in: Array(repeating: 225_830_085, count: 20), minimumStep: 0.01).isEmpty)
    var noise = Noise(state: 1)
    let jittery = (0..<40).map { _ in 14_837_802 * (1 + 0.002 * noise.next()) }
    #expect(ChangePoints.steps(in: jittery, minimumStep: 0.01).isEmpty)
  }

  @Test func findsOneStepWhereverItIs() {
    for index in 1..<16 {
      let values = (0..<16).map { $0 < index ? 14_837_802.0 : 29_535_557.0 }
      let steps = ChangePoints.steps(in: values, minimumStep: 0.01)
      #expect(
        steps == [.init(index: index, before: 14_837_802, after: 29_535_557)], "step at \(index)")
    }
  }

  @Test func aStepOfAtLeastTheMinimumAtTheNewestCommitIsFound() {
    let values = Array(repeating: 100_000_000.0, count: 30) + [101_100_000]
    #expect(ChangePoints.steps(in: values, minimumStep: 0.01).map(\.index) == [30])
    let smaller = Array(repeating: 100_000_000.0, count: 30) + [100_800_000]
    #expect(ChangePoints.steps(in: smaller, minimumStep: 0.01).isEmpty)
  }

  @Test func aRegressionThatIsUndoneIsTwoSteps() {
    let values =
      Array(repeating: 10.0, count: 8) + Array(repeating: 12.0, count: 3)
      + Array(repeating: 10.0, count: 8)
    let steps = ChangePoints.steps(in: values, minimumStep: 0.01)
    #expect(steps.map(\.index) == [8, 11])
    #expect(steps.map { ($0.percent * 10).rounded() / 10 } == [20, -16.7])
  }

  @Test func inNoisyRatiosOnlyTheRealStepIsFound() {
    var noise = Noise(state: 7)
    let values = (0..<50).map { ($0 < 31 ? 0.30 : 0.39) * (1 + 0.05 * noise.next()) }
    let steps = ChangePoints.steps(in: values, minimumStep: 0.10, minimumLength: 3)
    #expect(steps.map(\.index) == [31])
  }

  @Test func oneOutlierInNoisyRatiosIsNoStep() {
    var noise = Noise(state: 3)
    var values = (0..<40).map { _ in 0.30 * (1 + 0.05 * noise.next()) }
    values[20] = 0.36
    #expect(ChangePoints.steps(in: values, minimumStep: 0.10, minimumLength: 3).isEmpty)
    // Counts repeat exactly: there, one commit's spike is a real change, and its undoing.
    #expect(ChangePoints.steps(in: values, minimumStep: 0.10).map(\.index) == [20, 21])
  }
}
