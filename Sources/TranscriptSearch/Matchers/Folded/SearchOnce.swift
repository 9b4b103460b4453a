/// A search done once, on a corpus nobody will search again: a command line's search, a
/// first search of a file just read.
extension FoldedCorpus {
  /// Every match of `keyword` in `corpus`, the same matches, in the same order, as a
  /// search of the whole corpus folded (``matches(of:inRows:kernel:originals:)``), found
  /// by folding only the rows whose text can hold one (see `CandidateRows`), a few
  /// thousand at a time on every core, with no folded copy of the corpus kept.
  ///
  /// Where no scalar of the key has witnesses one pass can find, or for a search that
  /// ignores diacritics, the whole corpus is folded and searched.
  package static func matchesSearchingOnce(
    of keyword: FoldedKeyword, in corpus: Corpus, kernel: ScanKernel = .automatic
  ) -> [Match] {
    let kernel = kernel.runnable
    let all = 0..<corpus.count
    if !keyword.options.ignoresDiacritics, !keyword.bytes.isEmpty,
      let witnesses = CandidateRows(
        key: keyword, corpus: corpus,
        samples: CandidateRows.spreadSamples(of: all, rows: sampleRows), kernel: kernel),
      let result = witnesses.search(keyword, in: corpus, rows: all, kernel: kernel)
    {
      return result.matches
    }
    return FoldedCorpus(corpus, ignoringDiacritics: keyword.options.ignoresDiacritics)
      .matches(of: keyword, inRows: all, kernel: kernel, originals: corpus)
  }

  /// The rows read to choose the key's scalar with the fewest witnesses.
  private static let sampleRows = 4_096
}
