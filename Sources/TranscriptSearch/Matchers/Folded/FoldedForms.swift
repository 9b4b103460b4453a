import Synchronization

/// A corpus with its folded forms: the one searched by default, and the one that
/// ignores diacritics, built on first use (it costs a second pass and about as much
/// memory as the first form) and kept.
public final class FoldedForms: Sendable {
  /// The corpus folded; word matches are decided on its text.
  public let corpus: Corpus
  /// The form searched when diacritics count.
  public let caseless: FoldedCorpus
  private let withoutDiacritics: Mutex<FoldedCorpus?>

  /// The forms of `corpus`; `caseless` and `withoutDiacritics`, if given, must be its
  /// folded forms (the second is otherwise built on first use).
  public init(
    corpus: Corpus, caseless: FoldedCorpus? = nil, withoutDiacritics: FoldedCorpus? = nil
  ) {
    precondition(
      caseless.map { !$0.ignoresDiacritics && $0.rowCount == corpus.count } ?? true,
      "The given form is the default form of this corpus")
    precondition(
      withoutDiacritics.map { $0.ignoresDiacritics && $0.rowCount == corpus.count } ?? true,
      "The given form is this corpus's form without diacritics")
    self.corpus = corpus
    self.caseless = caseless ?? FoldedCorpus(corpus)
    self.withoutDiacritics = Mutex(withoutDiacritics)
    self.caseless.adviseHugePagesInTheBackground()
    withoutDiacritics?.adviseHugePagesInTheBackground()
  }

  /// The form for `options`, building the one that ignores diacritics if it is asked for
  /// the first time (other callers wait for it).
  public func form(for options: SearchOptions) -> FoldedCorpus {
    guard options.ignoresDiacritics else { return caseless }
    return withoutDiacritics.withLock { form in
      if let form { return form }
      let built = FoldedCorpus(corpus, ignoringDiacritics: true)
      built.adviseHugePagesInTheBackground()
      form = built
      return built
    }
  }

  /// The form that ignores diacritics, if it has been built.
  public var builtFormWithoutDiacritics: FoldedCorpus? {
    withoutDiacritics.withLock { $0 }
  }
}
