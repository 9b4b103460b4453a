/// The composed key of each character, computed once per distinct character.
///
/// The key of a string is the concatenation of its characters' keys, so a corpus is
/// folded character by character: ASCII through a fast path, any other single-scalar
/// character through a per-scalar table, and longer characters (marks, emoji sequences)
/// through a dictionary.
struct CharacterKeyCache {
  /// For single-scalar characters in the Basic Multilingual Plane: the range of the
  /// key in `scalarKeyBytes`, packed as `offset << 8 | length`; 0 when not yet computed.
  /// A flat table, because most characters of most scripts land here.
  private var basicPlaneKeys = [UInt32](repeating: 0, count: 0x1_0000)
  /// The same for scalars beyond the Basic Multilingual Plane (emoji, rare CJK).
  private var supplementaryKeys: [UInt32: UInt32] = [:]
  private var scalarKeyBytes: [UInt8] = []
  private var clusterKeys: [String: [UInt8]] = [:]

  /// Appends the composed key of the character formed by `scalars` to `output` and
  /// returns the number of bytes appended.
  mutating func appendKey(
    ofCharacter scalars: ArraySlice<Unicode.Scalar>, to output: inout [UInt8]
  ) -> Int {
    if scalars.count == 1 {
      return appendKey(ofScalar: scalars[scalars.startIndex], to: &output)
    }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    let character = String(view)
    if let key = clusterKeys[character] {
      output += key
      return key.count
    }
    let key = MatchKey.composedKey(character)
    clusterKeys[character] = key
    output += key
    return key.count
  }

  /// Appends the composed key of a character made of the single scalar `scalar`.
  mutating func appendKey(ofScalar scalar: Unicode.Scalar, to output: inout [UInt8]) -> Int {
    let value = scalar.value
    if value < 0x80 {
      output.append(UInt8(value) | ((0x41...0x5A).contains(value) ? 0x20 : 0))
      return 1
    }
    let known = value < 0x1_0000 ? basicPlaneKeys[Int(value)] : supplementaryKeys[value] ?? 0
    if known != 0 {
      let offset = Int(known >> 8)
      let length = Int(known & 0xFF)
      output += scalarKeyBytes[offset..<offset + length]
      return length
    }
    let key = MatchKey.composedKey(String(Character(scalar)))
    let packed = UInt32(scalarKeyBytes.count) << 8 | UInt32(key.count)
    if value < 0x1_0000 {
      basicPlaneKeys[Int(value)] = packed
    } else {
      supplementaryKeys[value] = packed
    }
    scalarKeyBytes += key
    output += key
    return key.count
  }
}
