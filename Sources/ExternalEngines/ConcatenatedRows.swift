import TranscriptSearch

/// Every row's text in one buffer of code units, and where each row starts: what the C
/// engines search, built once when a matcher is prepared.
struct ConcatenatedRows<Unit: UnsignedInteger & Sendable>: Sendable {
  /// Every row's code units, one row after another, nothing between them.
  let units: [Unit]
  /// Row `i` is `units[starts[i]..<starts[i + 1]]`; one more entry than rows.
  let starts: [Int]

  init<View: Collection<Unit>>(_ corpus: Corpus, view: (String) -> View) {
    var units: [Unit] = []
    var starts: [Int] = []
    starts.reserveCapacity(corpus.count + 1)
    units.reserveCapacity(corpus.utf8TextCount)
    for row in corpus {
      starts.append(units.count)
      units.append(contentsOf: view(row.text))
    }
    starts.append(units.count)
    self.units = units
    self.starts = starts
  }

  /// The row whose units hold `offset`.
  ///
  /// - Precondition: `0 <= offset < units.count`.
  func row(containing offset: Int) -> Int {
    // The first start after `offset`, less one: empty rows never hold an offset.
    starts.partitioningIndex { $0 > offset } - 1
  }
}
