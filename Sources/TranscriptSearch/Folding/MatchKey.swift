import Foundation

/// The key the match contract compares: two texts match when their keys are equal.
///
/// key(X) = NFD(fullCaseFold(NFD(X))), Unicode's canonical caseless match (D145).
public enum MatchKey {
  /// The contract's key of `text`, in canonically decomposed form.
  public static func key(_ text: String) -> String {
    CaseFolding.fold(text.decomposedStringWithCanonicalMapping)
      .decomposedStringWithCanonicalMapping
  }

  /// The key in composed form (NFC), as UTF-8: what the folded index stores.
  ///
  /// Two keys are equal exactly when their composed forms are (canonical equivalence
  /// is decided equally well by either normal form), and the composed form keeps most
  /// text, Hangul and accented letters included, at its original length, so offsets
  /// rarely need mapping back.
  public static func composedKey(_ text: String) -> [UInt8] {
    Array(key(text).precomposedStringWithCanonicalMapping.utf8)
  }
}
