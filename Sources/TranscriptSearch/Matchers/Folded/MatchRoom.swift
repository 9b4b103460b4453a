/// Room reserved for a search's matches, which the scan writes in place, a batch at a
/// time, while a whole batch fits.
struct MatchRoom {
  /// The reserved room; its first `used` elements are initialized.
  let buffer: UnsafeMutableBufferPointer<Match>
  /// How many matches the room holds.
  var used = 0

  /// Room for nothing: every batch goes elsewhere.
  init() {
    buffer = UnsafeMutableBufferPointer(start: nil, count: 0)
  }

  /// The room `buffer`, whose first `used` elements are written.
  init(_ buffer: UnsafeMutableBufferPointer<Match>, used: Int = 0) {
    self.buffer = buffer
    self.used = used
  }

  /// Where a batch of up to `count` matches goes, if the room has that much left.
  func place(for count: Int) -> UnsafeMutablePointer<Match>? {
    guard let base = buffer.baseAddress, buffer.count - used >= count else { return nil }
    return base + used
  }

  /// The last match written, if any.
  var last: Match? { used > 0 ? buffer[used - 1] : nil }
}
