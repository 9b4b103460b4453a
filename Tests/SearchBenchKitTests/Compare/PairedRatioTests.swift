import Testing

@testable import SearchBenchKit

@Suite("PairedRatio")
struct PairedRatioTests {
  /// A machine whose pace drifts sevenfold between rounds: the two sides, timed in the
  /// same rounds, keep their ratio, which the paired estimate sees and the unpaired cannot.
  @Test func aSteadyRatioUnderDriftIsPreciseWhenPaired() {
    let theirs = (1...12).map { 1 + Double($0) / 2 }
    let mine = theirs.map { $0 * 1.5 }
    let pair = PairedRatio(
      numerator: "folded", mine, denominator: "pcre2", theirs, keyword: "k", label: "rare",
      precision: 0.10)
    #expect(pair.estimate.ratio == 1.5)
    #expect(pair.estimate.low == 1.5 && pair.estimate.high == 1.5)
    #expect(pair.precise && pair.note == nil && pair.rounds == 12)
    let unpaired = RatioEstimate.bootstrap(mine, over: theirs)
    #expect(!unpaired.isWithin(0.10))
  }

  @Test func theEstimateIsTheMedianOfTheRoundsRatios() {
    let estimate = RatioEstimate.paired([1, 4, 9, 2, 5], over: [1, 2, 3, 1, 1])
    // Ratios 1, 2, 3, 2, 5.
    #expect(estimate.ratio == 2)
    #expect(estimate.low >= 1 && estimate.high <= 5)
    #expect(!estimate.isWithin(0.10))
  }

  @Test func theLongerSideIsCutToTheRoundsBothRan() {
    let pair = PairedRatio(
      numerator: "a", [2, 2, 2, 2, 2, 2], denominator: "b", [1, 1, 1], keyword: "k",
      label: "frequent", precision: 0.10)
    #expect(pair.rounds == 3 && pair.estimate.ratio == 2)
  }

  @Test func oneRoundHasNoInterval() {
    let pair = PairedRatio(
      numerator: "a", [2], denominator: "b", [1], keyword: "k", label: "frequent",
      precision: 0.10)
    #expect(!pair.precise && pair.wantsRounds)
    #expect(pair.note == "one round only: no interval")
  }

  /// Rounds that differ by more than tenfold are not ranked on, and more rounds are not
  /// asked for: they would not settle.
  @Test func roundsTenfoldApartAreUnstable() {
    let pair = PairedRatio(
      numerator: "folded", [1, 1, 1, 1], denominator: "pcre2", [1, 1, 12, 1], keyword: "k",
      label: "rare", precision: 0.10)
    #expect(!pair.precise && !pair.wantsRounds)
    #expect(pair.note == "unstable: pcre2's rounds differ by 12.0×")
    let steady = PairedRatio(
      numerator: "folded", [1, 1, 1, 1], denominator: "pcre2", [1, 1, 9.9, 1], keyword: "k",
      label: "rare", precision: 0.10)
    #expect(steady.note == nil)
    // From five rounds, one slowed round is left out; two are not.
    let oneOutlier = [1, 1, 1, 1, 1, 1, 1, 1, 1, 30.0]
    #expect(PairedRatio.unstable("pcre2", oneOutlier) == nil)
    #expect(
      PairedRatio.unstable("pcre2", [1, 1, 1, 1, 1, 1, 1, 1, 30, 30.0])
        == "unstable: pcre2's rounds differ by 30.0×, the fastest and slowest tenth left out")
  }

  @Test func withinIsRelativeToTheEstimate() {
    #expect(RatioEstimate(ratio: 2, low: 1.81, high: 2.19).isWithin(0.10))
    #expect(!RatioEstimate(ratio: 2, low: 1.79, high: 2.1).isWithin(0.10))
    #expect(!RatioEstimate(ratio: 2, low: 2, high: 2, singleRound: true).isWithin(0.10))
  }
}
