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
    Array(
      key(text, ignoringDiacritics: ignoringDiacritics).precomposedStringWithCanonicalMapping.utf8)
  }

  /// Whether `scalar` is of General Category Mn, by the standard library's Unicode data.
  public static func isNonspacingMark(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .nonspacingMark
  }
}
