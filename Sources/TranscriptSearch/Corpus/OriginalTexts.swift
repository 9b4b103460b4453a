/// A corpus's row texts, borrowed for the length of a search (see
/// `Corpus.withTextStorage(_:)`).
package struct OriginalTexts {
  let bytes: UnsafeBufferPointer<UInt8>
  let offsets: UnsafeBufferPointer<Int>
  let lengths: UnsafeBufferPointer<UInt32>

  /// The UTF-8 text of row `row`.
  @inline(__always)
  func text(ofRow row: Int) -> UnsafeBufferPointer<UInt8> {
    let start = offsets[row]
    return UnsafeBufferPointer(
      start: bytes.baseAddress.map { $0 + start }, count: Int(lengths[row]))
  }
}
