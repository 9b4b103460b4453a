/// The hand-written search: one contiguous buffer of folded UTF-8 for the whole corpus,
/// a rarest-byte prefilter, verification, and a character-boundary check at both ends
/// (see ``FoldedCorpus``). Follows the match contract.
public struct FoldedMatcher: Matcher {
  public static let name = "folded"
  /// The folded corpus this matcher searches.
  public let folded: FoldedCorpus
  /// The scan kernel every search runs.
  public let kernel: ScanKernel

  public init(corpus: Corpus) {
    self.init(folded: FoldedCorpus(corpus))
  }

  public init(folded: FoldedCorpus, kernel: ScanKernel = .automatic) {
    self.folded = folded
    self.kernel = kernel
  }

  public func nonEmptyMatches(of keyword: String) async throws -> [Match] {
    matches(of: FoldedKeyword(keyword))
  }

  /// Every match of a folded keyword, searched on the calling thread.
  public func matches(of keyword: FoldedKeyword) -> [Match] {
    #if TSB_GATE_REGRESSION
      // A deliberate 2× slowdown, compiled in only by Scripts/bench-gate-demo.sh to show
      // that the CI gate catches a regression.
      _ = folded.matches(of: keyword, inRows: 0..<folded.rowCount, kernel: kernel)
    #endif
    return folded.matches(of: keyword, inRows: 0..<folded.rowCount, kernel: kernel)
  }
}
