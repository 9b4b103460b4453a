import Foundation

/// The key the match contract compares: two texts match when their keys are equal.
///
/// key(X) = NFD(fullCaseFold(NFD(X))), Unicode's canonical caseless match (D145). With
/// diacritics ignored, every nonspacing mark (General Category Mn) is then dropped.
public enum MatchKey {
  /// The contract's key of `text`, in canonically decomposed form.
  public static func key(_ text: String, ignoringDiacritics: Bool = false) -> String {
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
  public static func composedKey(_ text: String, ignoringDiacritics: Bool = false) -> [UInt8] {
    if let key = asciiKey(text) { return key }
    return Array(
      key(text, ignoringDiacritics: ignoringDiacritics).precomposedStringWithCanonicalMapping.utf8)
  }

  /// The key of a text of ASCII only, with or without diacritics (it has none): its
  /// capitals lowercased, the only change folding and either normal form make to ASCII.
  /// Nil for any other text.
  ///
  /// Why: the three normalizations of the general path cost a keyword 2.3 µs with
  /// Foundation's tables in cache, and more without. A search of `english-1k` for an
  /// absent keyword: 5.4 -> 3.0 µs, and 22-25 -> 14-16 µs with the caches flushed first.
  static func asciiKey(_ text: String) -> [UInt8]? {
    var key: [UInt8] = []
    key.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      guard byte < 0x80 else { return nil }
      key.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
    }
    return key
  }

  /// Whether `scalar` is of General Category Mn, by the standard library's Unicode data.
  public static func isNonspacingMark(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .nonspacingMark
  }
}
