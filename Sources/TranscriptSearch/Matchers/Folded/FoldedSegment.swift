/// A run of consecutive rows of a ``FoldedCorpus``, folded into one contiguous buffer,
/// with what is needed to accept a byte match and report it in the original text's
/// offsets. Row numbers here are local to the segment.
///
/// Layout:
///   bytes           row 0's folded UTF-8, 0xFF, row 1's, 0xFF, …  (0xFF never occurs in
///                   UTF-8, so no match can run across rows)
///   rowStarts       where each row starts in `bytes`; one extra entry at the end
///   rowFlags        per row: `isComplex` (some character's key holds several scalars,
///                   so not every scalar start is a character boundary) and `isRemapped`
///                   (some character's key differs in length from the character, so
///                   offsets need mapping back)
///   boundary table  for complex rows only: a bitmap of the scalar starts that are not
///                   character boundaries. Every other row's boundaries are implicit:
///                   every byte that is not a UTF-8 continuation byte.
///   offset map      for remapped rows only: (folded, original) offset pairs after each
///                   character whose key changed length; offsets between them advance
///                   together.
struct FoldedSegment: Sendable {
  var bytes: [UInt8] = []
  var rowStarts: [UInt32] = [0]
  var rowFlags: [RowFlags] = []
  var complexRows: [UInt32] = []
  /// For each complex row, the index of its first word in `nonBoundaryBits`.
  var complexRowWords: [UInt32] = []
  var nonBoundaryBits: [UInt64] = []
  var remappedRows: [UInt32] = []
  /// For each remapped row, the index of its first pair in `remapPoints`; one extra
  /// entry at the end.
  var remapStarts: [UInt32] = [0]
  /// Pairs, flattened: folded offset, original offset (both relative to the row).
  var remapPoints: [UInt32] = []
  /// Bit b of entry x set: some row of the segment holds ASCII byte b inside a
  /// character right after byte x (x < 128, or 128 for any byte that is not ASCII): the
  /// second "s" of "ß"'s key "ss" after "s", a line feed after a carriage return; a
  /// superset after edits. 129 entries, or none while no ASCII byte is inside one. The
  /// byte before a match's end is the key's last, so a match ending before "s" is known
  /// to end on a boundary unless the key ends where an "ss" of "ß" would begin.
  var asciiInsideAfter: [UInt128] = []
  /// Bit b set: some row of the segment holds ASCII byte b inside a character, after any
  /// byte. Any other ASCII byte begins a character wherever it is, so a match starting
  /// on one, or ending before one, needs no boundary table, even in a row with
  /// `hasASCIIInsideCharacters`.
  var asciiInsideCharacters: UInt128 { asciiInsideAfter.reduce(0, |) }
  /// The same for the other scalars, by their low 12 bits (see
  /// ``InsideCharacters``): 64 words, or none while no such scalar is inside a character.
  var nonASCIIInsideCharacters: [UInt64] = []

  struct RowFlags: OptionSet, Sendable {
    let rawValue: UInt8
    static let isComplex = RowFlags(rawValue: 1)
    static let isRemapped = RowFlags(rawValue: 2)
    /// Some offset inside a character falls on an ASCII byte (the second "s" of "ß"'s
    /// key "ss", a line feed after a carriage return). Without it, every ASCII byte of a
    /// complex row begins a character, and a search can skip the boundary table there.
    static let hasASCIIInsideCharacters = RowFlags(rawValue: 4)
    /// Some character's key may have other word break properties than the character
    /// (see `CharacterKeyCache.ScalarInfo.changesWordBreak`; every character of several
    /// scalars whose key is not itself counts). Without it, and unless `isRemapped`, the
    /// folded row has the original's word boundaries at the same offsets, so a word
    /// match is decided on the folded bytes, which the scan has just read.
    static let changesWordBreak = RowFlags(rawValue: 8)
  }

  /// Gives back the room the tables grew into but do not use (an array doubles as it
  /// grows), by copying those that waste more than an eighth of what they hold.
  mutating func trimCapacity() {
    Self.trim(&rowStarts)
    Self.trim(&rowFlags)
    Self.trim(&complexRows)
    Self.trim(&complexRowWords)
    Self.trim(&nonBoundaryBits)
    Self.trim(&remappedRows)
    Self.trim(&remapStarts)
    Self.trim(&remapPoints)
  }

  private static func trim<Element>(_ array: inout [Element]) {
    guard array.capacity - array.count > array.count / 8 + 16 else { return }
    array = [Element](unsafeUninitializedCapacity: array.count) { copy, initialized in
      initialized = copy.initialize(fromContentsOf: array)
    }
  }

  /// The number of rows.
  var rowCount: Int { rowFlags.count }

  /// Bytes of heap the segment holds (array capacities, not counting small headers).
  var retainedBytes: Int {
    bytes.capacity + rowStarts.capacity * 4 + rowFlags.capacity + complexRows.capacity * 4
      + complexRowWords.capacity * 4 + nonBoundaryBits.capacity * 8 + remappedRows.capacity * 4
      + remapStarts.capacity * 4 + remapPoints.capacity * 4
      + nonASCIIInsideCharacters.capacity * 8 + asciiInsideAfter.capacity * 16
  }
}
