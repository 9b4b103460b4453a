/// Decoding scalars from valid UTF-8, forwards and backwards, without checks: the
/// folded corpus and the rows it is built from are valid by construction.
package enum UTF8Scalars {
  /// The scalar starting at `index` of valid UTF-8, and its length in bytes.
  @inline(__always)
  static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (
    scalar: UInt32, length: Int
  ) {
    let lead = UInt32(text[index])
    if lead < 0x80 { return (lead, 1) }
    if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(text[index + 1] & 0x3F), 2) }
    if lead < 0xF0 {
      return (
        (lead & 0x0F) << 12 | UInt32(text[index + 1] & 0x3F) << 6 | UInt32(text[index + 2] & 0x3F),
        3
      )
    }
    return (
      (lead & 0x07) << 18 | UInt32(text[index + 1] & 0x3F) << 12 | UInt32(text[index + 2] & 0x3F)
        << 6
        | UInt32(text[index + 3] & 0x3F), 4
    )
  }

  /// The length of the scalar whose first byte is `lead`, in valid UTF-8.
  @inline(__always)
  static func sequenceLength(lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }

  /// The scalar of valid UTF-8 that ends at `end`, and where it starts.
  @inline(__always)
  static func decode(_ text: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> (
    scalar: UInt32, start: Int
  ) {
    var start = end - 1
    while start > 0 && text[start] & 0xC0 == 0x80 { start -= 1 }
    return (decode(text, at: start).scalar, start)
  }

  /// Whether every byte of `text` is ASCII, eight at a time.
  package static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    var high: UInt64 = 0
    while index + 8 <= text.count {
      high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < text.count {
      high |= UInt64(text[index])
      index += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }
}
