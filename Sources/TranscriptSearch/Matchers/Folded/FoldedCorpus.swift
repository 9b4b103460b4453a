/// A corpus folded for search: every row's composed key (see ``MatchKey``) in one
/// contiguous buffer, with what is needed to accept a byte match and report it in the
/// original text's offsets.
///
/// Layout:
///   bytes           row 0's folded UTF-8, 0xFF, row 1's, 0xFF, …  (0xFF never occurs in
///                   UTF-8, so no match can run across rows)
///   rowStarts       where each row starts in `bytes`; one extra entry at the end
///   rowFlags        per row: `isComplex` (some character folds to several scalars, so
///                   not every scalar start is a character boundary) and `isRemapped`
///                   (some character's key differs in length from the character, so
///                   offsets need mapping back)
///   boundary table  for complex rows only: a bitmap of the scalar starts that are not
///                   character boundaries. Every other row's boundaries are implicit:
///                   every byte that is not a UTF-8 continuation byte.
///   offset map      for remapped rows only: (folded, original) offset pairs after each
///                   character whose key changed length; offsets between them advance
///                   together.
///   byteCounts      how often each byte value occurs, to pick the rarest byte of a
///                   keyword as the prefilter.
public struct FoldedCorpus: Sendable {
  package var bytes: [UInt8] = []
  package var rowStarts: [UInt32] = [0]
  package var rowFlags: [RowFlags] = []
  package var complexRows: [UInt32] = []
  /// For each complex row, the index of its first word in `nonBoundaryBits`.
  package var complexRowWords: [UInt32] = []
  package var nonBoundaryBits: [UInt64] = []
  package var remappedRows: [UInt32] = []
  /// For each remapped row, the index of its first pair in `remapPoints`; one extra
  /// entry at the end.
  package var remapStarts: [UInt32] = [0]
  /// Pairs, flattened: folded offset, original offset (both relative to the row).
  package var remapPoints: [UInt32] = []
  package var byteCounts = [Int](repeating: 0, count: 256)

  package struct RowFlags: OptionSet, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    static let isComplex = RowFlags(rawValue: 1)
    static let isRemapped = RowFlags(rawValue: 2)
  }

  /// Folds every row of `corpus`.
  public init(_ corpus: Corpus) {
    bytes.reserveCapacity(corpus.utf8TextCount + corpus.count + corpus.utf8TextCount / 16)
    rowStarts.reserveCapacity(corpus.count + 1)
    rowFlags.reserveCapacity(corpus.count)
    var builder = FoldedRowBuilder()
    for row in corpus.indices {
      corpus.withUTF8Text(ofRow: row) { builder.append($0, to: &self) }
    }
    builder.countBytes(of: &self)
  }

  /// The number of rows.
  public var rowCount: Int { rowFlags.count }

  /// Bytes of heap the index holds (array capacities, not counting small headers).
  public var retainedBytes: Int {
    bytes.capacity + rowStarts.capacity * 4 + rowFlags.capacity + complexRows.capacity * 4
      + complexRowWords.capacity * 4 + nonBoundaryBits.capacity * 8 + remappedRows.capacity * 4
      + remapStarts.capacity * 4 + remapPoints.capacity * 4 + byteCounts.capacity * 8
  }
}
