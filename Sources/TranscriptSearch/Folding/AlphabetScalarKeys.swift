/// The composed keys of single letters of the Latin, Greek and Cyrillic alphabets beyond
/// those `MatchKey.scalarKey` knows by rule, each computed once, on first use, by the
/// general path.
///
/// Such a letter is keyed alone wherever it stands among other letters: it is a starter
/// (canonical combining class 0, not a mark), and no letter of these blocks composes
/// with a starter after or before it. Those whose key alone is more than one scalar
/// (ß to "ss", İ to "i" and a dot above with diacritics counted) are left to the general
/// path.
enum AlphabetScalarKeys {
  /// Latin-1 Supplement's letters and Latin Extended-A and -B; Greek and Coptic;
  /// Cyrillic and its Supplement.
  static let blocks: [ClosedRange<UInt32>] = [0x00C0...0x024F, 0x0370...0x03FF, 0x0400...0x052F]

  /// Keys computed so far, by scalar (with bit 31 set for the form without diacritics);
  /// `UInt32.max` for a scalar keyed by the general path.
  private static let known = LockedState<[UInt32: UInt32]>([:])

  /// The composed key of `scalar` as one scalar, or nil for a scalar outside the blocks
  /// or not keyed alone.
  static func key(_ scalar: UInt32, ignoringDiacritics: Bool) -> UInt32? {
    guard blocks.contains(where: { $0.contains(scalar) }) else { return nil }
    let slot = scalar | (ignoringDiacritics ? 1 << 31 : 0)
    if let key = known.withLock({ $0[slot] }) { return key == .max ? nil : key }
    // (Two threads may compute the same key; both store the same value.)
    let key = computedKey(scalar, ignoringDiacritics: ignoringDiacritics)
    known.withLock { $0[slot] = key ?? .max }
    return key
  }

  private static func computedKey(_ scalar: UInt32, ignoringDiacritics: Bool) -> UInt32? {
    guard let scalar = Unicode.Scalar(scalar),
      scalar.properties.canonicalCombiningClass == .notReordered
    else { return nil }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .unassigned: return nil
    default: break
    }
    let key = MatchKey.generalComposedKey(String(scalar), ignoringDiacritics: ignoringDiacritics)
    let scalars = String(decoding: key, as: UTF8.self).unicodeScalars
    guard scalars.count == 1 else { return nil }
    return scalars.first!.value
  }
}
