import TranscriptSearch

/// One way of searching a sample of rows that ``DatasetConformance`` compares with the
/// contract: a strategy, one of `folded`'s kernel pairs, or a session typing.
public struct ConformanceChecker {
  public var name: String
  /// Whether it is written to follow the contract, so that a difference is an error.
  public var followsContract: Bool
  public var offers: (SearchOptions) -> Bool
  /// The matches of a keyword with some options in the sample, in row and offset order.
  public var search: (String, SearchOptions) async throws -> [Match]

  public init(
    name: String, followsContract: Bool, offers: @escaping (SearchOptions) -> Bool,
    search: @escaping (String, SearchOptions) async throws -> [Match]
  ) {
    self.name = name
    self.followsContract = followsContract
    self.offers = offers
    self.search = search
  }

  /// `strategy` as shipped, prepared for `sample`.
  public static func strategy(_ strategy: Strategy, on sample: Corpus) -> ConformanceChecker {
    let matcher = strategy.prepare(sample)
    return ConformanceChecker(
      name: strategy.name, followsContract: strategy.followsContract, offers: strategy.offers,
      search: { try await matcher.matches(of: $0, options: $1) })
  }

  /// `folded` with every pair of a fold kernel and a scan kernel this CPU runs, in
  /// segments of `segmentBytes`, so that each kernel is checked and rows cross segment
  /// edges.
  public static func foldedKernels(on sample: Corpus, segmentBytes: Int) -> [ConformanceChecker] {
    PlainScanKernel.available.flatMap { foldKernel in
      let forms = [false, true].map {
        FoldedCorpus(
          sample, segmentBytes: segmentBytes, ignoringDiacritics: $0, kernel: foldKernel)
      }
      return ScanKernel.available.map { scanKernel in
        ConformanceChecker(
          name: "folded (fold \(foldKernel.rawValue), scan \(scanKernel.rawValue))",
          followsContract: true, offers: { _ in true },
          search: { keyword, options in
            guard !keyword.isEmpty else { return [] }
            return forms[options.ignoresDiacritics ? 1 : 0].matches(
              of: FoldedKeyword(keyword, options: options), inRows: 0..<sample.count,
              kernel: scanKernel, originals: sample)
          })
      }
    }
  }

  /// `chunked` with each scan kernel this CPU runs, its folded forms in segments of
  /// `segmentBytes` and its chunks two segments each, so that a sample of a few hundred
  /// kilobytes is searched by several tasks, as a large corpus is (as shipped, `chunked`
  /// searches a sample that small on the calling task, as `folded` does).
  public static func chunkedKernels(on sample: Corpus, segmentBytes: Int) -> [ConformanceChecker] {
    let forms = FoldedForms(
      corpus: sample, caseless: FoldedCorpus(sample, segmentBytes: segmentBytes),
      withoutDiacritics: FoldedCorpus(sample, segmentBytes: segmentBytes, ignoringDiacritics: true))
    return ScanKernel.available.map { kernel in
      let matcher = ChunkedMatcher(forms: forms, chunkBytes: 2 * segmentBytes, kernel: kernel)
      return ConformanceChecker(
        name: "chunked (scan \(kernel.rawValue))", followsContract: true,
        offers: { ChunkedMatcher.offers($0) },
        search: { try await matcher.matches(of: $0, options: $1) })
    }
  }

  /// A ``SearchSession`` over `sample` into which each keyword is typed a character at a
  /// time after the one before, so that narrowing from the previous keyword and the
  /// session's cache are checked as well as full searches.
  public static func sessionTyping(on sample: Corpus) -> ConformanceChecker {
    final class Typing {
      var session: SearchSession
      init(_ sample: Corpus) { session = SearchSession(corpus: sample, folding: .immediately) }
    }
    let typing = Typing(sample)
    return ConformanceChecker(
      name: "session (typing)", followsContract: true, offers: { _ in true },
      search: { keyword, options in
        var typed = ""
        for character in keyword {
          typed.append(character)
          typing.session.setKeyword(typed, options: options)
        }
        let index = typing.session.navigation.index
        return (0..<index.count).map { index[$0] }
      })
  }
}
