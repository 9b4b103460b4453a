import PropertyBased
import Testing

@testable import TranscriptSearch

/// A search done once finds what a search of the whole folded corpus finds, under every
/// option, whether it folds only the candidate rows or every row.
@Suite("FoldedCorpus.matchesSearchingOnce")
struct SearchOnceTests {
  static func expectSameAsFoldedWhole(
    _ corpus: Corpus, _ keyword: FoldedKeyword, kernel: ScanKernel = .automatic,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = FoldedCorpus(corpus, ignoringDiacritics: keyword.options.ignoresDiacritics)
      .matches(of: keyword, inRows: 0..<corpus.count, originals: corpus)
    let found = FoldedCorpus.matchesSearchingOnce(of: keyword, in: corpus, kernel: kernel)
    #expect(found == expected, "\(kernel)", sourceLocation: sourceLocation)
  }

  @Test(arguments: ScanKernel.available)
  func randomTextAndKeywords(kernel: ScanKernel) async {
    await propertyCheck(
      count: 150, input: TrickyText.strings(upTo: 12).array(of: 0...12), TrickyText.keywords,
      Gen<Int>.int(in: 0...3)
    ) { rows, keyword, variant in
      let options = SearchOptions(
        wordMatch: variant == 1 ? .whole : .contains, ignoresDiacritics: variant == 2)
      Self.expectSameAsFoldedWhole(
        Corpus(rows.map { TranscriptRow(start: 0, text: $0) }),
        FoldedKeyword(keyword, options: options), kernel: kernel)
    }
  }

  /// More rows than the sample that chooses the key's scalar, the keyword's rows far
  /// past it, and keywords whose every scalar is common.
  @Test func rowsBeyondTheSample() {
    var texts = (0..<9_000).map { "row \($0): the usual words, Straße, 東京" }
    texts[8_500] = "a rare ZEITZONE here, and the ſtrasse"
    texts[8_999] = "Zeitzone at the end"
    let corpus = Corpus(texts.map { TranscriptRow(start: 0, text: $0) })
    for keyword in ["zeitzone", "the", "strasse", "東京", "row 1", "absent", "", "ro"] {
      Self.expectSameAsFoldedWhole(corpus, FoldedKeyword(keyword))
    }
    #expect(
      FoldedCorpus.matchesSearchingOnce(of: FoldedKeyword("zeitzone"), in: corpus).map(\.row)
        == [8_500, 8_999])
  }
}
