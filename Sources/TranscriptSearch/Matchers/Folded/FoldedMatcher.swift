/// The hand-written search: one contiguous buffer of folded UTF-8 for the whole corpus,
/// a rarest-byte prefilter, verification, and a character-boundary check at both ends
/// (see ``FoldedCorpus``). Follows the match contract under every option.
public struct FoldedMatcher: Matcher {
  public static let name = "folded"
  /// The corpus and its folded forms this matcher searches.
  public let forms: FoldedForms
  /// The scan kernel every search runs: the one given, or ``ScanKernel/automatic`` when
  /// this CPU cannot run that one.
  public let kernel: ScanKernel

  /// The default folded form.
  public var folded: FoldedCorpus { forms.caseless }

  public init(corpus: Corpus) {
    self.init(corpus: corpus, folded: nil)
  }

  /// A matcher of `corpus`, searching `folded` (its default form, built if nil).
  public init(corpus: Corpus, folded: FoldedCorpus?, kernel: ScanKernel = .automatic) {
    self.init(forms: FoldedForms(corpus: corpus, caseless: folded), kernel: kernel)
  }

  /// A matcher searching `forms`, which other matchers may share.
  public init(forms: FoldedForms, kernel: ScanKernel = .automatic) {
    self.forms = forms
    self.kernel = kernel.runnable
  }

  public static func offers(_ options: SearchOptions) -> Bool { true }

  public func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    matches(of: FoldedKeyword(keyword, options: options))
  }

  /// Every match of a folded keyword, searched on the calling thread.
  public func matches(of keyword: FoldedKeyword) -> [Match] {
    // The default form searched in place: a copy of a folded corpus retains each of its
    // buffers, a tenth of a one-row search.
    if !keyword.options.ignoresDiacritics {
      return forms.caseless.matches(
        of: keyword, inRows: 0..<forms.caseless.rowCount, kernel: kernel, originals: forms.corpus)
    }
    let folded = forms.form(for: keyword.options)
    return folded.matches(
      of: keyword, inRows: 0..<folded.rowCount, kernel: kernel, originals: forms.corpus)
  }
}
