/// Which scalars canonical composition (NFC) may join to the scalar before them.
enum CanonicalComposition {
  /// Whether `scalar`, of the Basic Multilingual Plane, is the second half of some
  /// primary composite: the scalars whose NFC quick check is Maybe (Unicode's
  /// DerivedNormalizationProps). Any other scalar
  /// that is its own NFC form never changes under NFC, whatever precedes it, as long as
  /// the combining classes of the marks around it stay in canonical order.
  ///
  /// Stable since Unicode 3.1 in the Basic Multilingual Plane, where every new primary
  /// composite would have to be a new character; a test derives the set from the
  /// standard library's own decompositions.
  static func composesWithPrevious(_ scalar: UInt32) -> Bool {
    guard scalar >= 0x300 else { return false }
    return secondHalves.contains { $0.contains(scalar) }
  }

  private static let secondHalves: [ClosedRange<UInt32>] = [
    0x0300...0x0304, 0x0306...0x030C, 0x030F...0x030F, 0x0311...0x0311, 0x0313...0x0314,
    0x031B...0x031B, 0x0323...0x0328, 0x032D...0x032E, 0x0330...0x0331, 0x0338...0x0338,
    0x0342...0x0342, 0x0345...0x0345, 0x0653...0x0655, 0x093C...0x093C, 0x09BE...0x09BE,
    0x09D7...0x09D7, 0x0B3E...0x0B3E, 0x0B56...0x0B57, 0x0BBE...0x0BBE, 0x0BD7...0x0BD7,
    0x0C56...0x0C56, 0x0CC2...0x0CC2, 0x0CD5...0x0CD6, 0x0D3E...0x0D3E, 0x0D57...0x0D57,
    0x0DCA...0x0DCA, 0x0DCF...0x0DCF, 0x0DDF...0x0DDF, 0x102E...0x102E, 0x1161...0x1175,
    0x11A8...0x11C2, 0x1B35...0x1B35, 0x3099...0x309A,
  ]
}
