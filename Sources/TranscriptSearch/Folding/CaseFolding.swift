/// Full Unicode case folding: CaseFolding.txt status C and F, without the Turkic (T)
/// entries, the same in every locale.
package enum CaseFolding {
  /// The Unicode version of the folding table.
  package static var unicodeVersion: String { CaseFoldingTable.unicodeVersion }

  /// Appends the full case folding of `scalar` to `output`.
  ///
  /// - Complexity: O(log *t*), where *t* is the size of the table (about 1,500).
  package static func appendFolding(
    of scalar: Unicode.Scalar, to output: inout [Unicode.Scalar]
  ) {
    if scalar.isASCII {
      let value = scalar.value
      output.append(
        (0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
      return
    }
    guard let packed = folding(of: scalar.value) else {
      output.append(scalar)
      return
    }
    var rest = packed
    while rest != 0 {
      // Every value in the table is a valid scalar, written by the generator.
      output.append(Unicode.Scalar(UInt32(truncatingIfNeeded: rest & 0x1F_FFFF))!)
      rest >>= 21
    }
  }

  /// The full folding of `string`, scalar by scalar.
  package static func fold(_ string: String) -> String {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(string.unicodeScalars.count)
    for scalar in string.unicodeScalars { appendFolding(of: scalar, to: &scalars) }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }

  /// The packed folding of `codePoint`, or nil if it folds to itself.
  static func folding(of codePoint: UInt32) -> UInt64? {
    let codePoints = CaseFoldingTable.codePoints
    var low = 0
    var high = codePoints.count
    while low < high {
      let mid = (low + high) / 2
      if codePoints[mid] < codePoint { low = mid + 1 } else { high = mid }
    }
    return low < codePoints.count && codePoints[low] == codePoint
      ? CaseFoldingTable.foldings[low] : nil
  }
}
