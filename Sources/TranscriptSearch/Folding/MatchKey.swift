import Foundation

/// The key the match contract compares: two texts match when their keys are equal.
///
/// key(X) = NFD(fullCaseFold(NFD(X))), Unicode's canonical caseless match (D145). With
/// diacritics ignored, every nonspacing mark (General Category Mn) is then dropped.
package enum MatchKey {
  /// The contract's key of `text`, in canonically decomposed form.
  package static func key(_ text: String, ignoringDiacritics: Bool = false) -> String {
    let key = CaseFolding.fold(text.decomposedStringWithCanonicalMapping)
      .decomposedStringWithCanonicalMapping
    guard ignoringDiacritics else { return key }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: key.unicodeScalars.lazy.filter { !isNonspacingMark($0) })
    return String(kept)
  }

  /// The key in composed form (NFC), as UTF-8: what the folded index stores.
  ///
  /// Two keys are equal exactly when their composed forms are (canonical equivalence
  /// is decided equally well by either normal form), and the composed form keeps most
  /// text, Hangul and accented letters included, at its original length, so offsets
  /// rarely need mapping back.
  package static func composedKey(_ text: String, ignoringDiacritics: Bool = false) -> [UInt8] {
    if let key = scalarwiseKey(text, ignoringDiacritics: ignoringDiacritics) { return key }
    return generalComposedKey(text, ignoringDiacritics: ignoringDiacritics)
  }

  /// ``composedKey(_:ignoringDiacritics:)`` by Foundation's normalizations, for any text.
  static func generalComposedKey(_ text: String, ignoringDiacritics: Bool) -> [UInt8] {
    Array(
      key(text, ignoringDiacritics: ignoringDiacritics).precomposedStringWithCanonicalMapping.utf8)
  }

  /// The composed key of a text whose every scalar is ASCII or has a
  /// ``scalarKey(_:ignoringDiacritics:)``: scalar by scalar, ASCII capitals lowercased and
  /// every other scalar replaced by its key. Nil for any other text.
  ///
  /// Why: the three normalizations of the general path cost a keyword about as much as
  /// the whole search of a small transcript.
  static func scalarwiseKey(_ text: String, ignoringDiacritics: Bool) -> [UInt8]? {
    var key: [UInt8] = []
    key.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        let byte = UInt8(truncatingIfNeeded: scalar.value)
        key.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
      } else if let own = scalarKey(scalar.value, ignoringDiacritics: ignoringDiacritics) {
        UTF8.encode(Unicode.Scalar(own).unsafelyUnwrapped) { key.append($0) }
      } else {
        return nil
      }
    }
    return key
  }

  /// The composed key of `scalar` wherever it stands among ASCII and such scalars, for
  /// scalars with no case folding, or a one-scalar one, that decompose, if at all, only
  /// into what composes back (never with a scalar of such a text): CJK ideographs (the
  /// Unified block and Extension A), Hangul syllables, pictographs (emoji) and the Russian
  /// alphabet's letters,
  /// capitals folded (Й and й to и without diacritics); with diacritics counted, kana and
  /// Arabic letters, which may decompose into a base and a mark; and the other letters
  /// of the Latin, Greek and Cyrillic blocks keyed alone (see `AlphabetScalarKeys`). Nil
  /// for any other scalar.
  static func scalarKey(_ scalar: UInt32, ignoringDiacritics: Bool) -> UInt32? {
    switch scalar {
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: scalar
    // The pictographs' blocks (Miscellaneous Symbols and Pictographs to Symbols and
    // Pictographs Extended-A): no case, no canonical decomposition, no marks; keyed by
    // Foundation's three normalizations, an emoji keyword cost six times its search of a
    // one-row corpus.
    case 0x1F300...0x1FAFF: scalar
    case 0x0419, 0x0439: ignoringDiacritics ? 0x0438 : 0x0439
    case 0x0410...0x042F: scalar + 0x20
    case 0x0430...0x044F: scalar
    case 0x3041...0x3096, 0x30A1...0x30FA, 0x0621...0x064A: ignoringDiacritics ? nil : scalar
    default: AlphabetScalarKeys.key(scalar, ignoringDiacritics: ignoringDiacritics)
    }
  }

  /// Whether `scalar` is of General Category Mn, by the standard library's Unicode data.
  package static func isNonspacingMark(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .nonspacingMark
  }
}
