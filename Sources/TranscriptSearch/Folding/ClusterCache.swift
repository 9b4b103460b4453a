/// A direct-mapped cache keyed by short byte strings packed into a `UInt128`: one
/// multiply to find the slot, one compare to confirm. Far cheaper than a `Dictionary`
/// for the millions of lookups folding a corpus makes; a collision only evicts.
struct DirectMappedCache<Value: Sendable>: Sendable {
  private var keys: [UInt128]
  private var values: [Value]
  private let shift: UInt64

  /// - Parameter slotsLog2: the base-2 logarithm of the number of slots.
  init(slotsLog2: Int, placeholder: Value) {
    keys = [UInt128](repeating: 0, count: 1 << slotsLog2)
    values = [Value](repeating: placeholder, count: 1 << slotsLog2)
    shift = UInt64(64 - slotsLog2)
  }

  @inline(__always)
  private func slot(_ key: UInt128) -> Int {
    let mixed =
      (UInt64(truncatingIfNeeded: key) ^ UInt64(truncatingIfNeeded: key >> 64))
      &* 0x9E37_79B9_7F4A_7C15
    return Int(mixed >> shift)
  }

  /// The value stored for `key` (never 0), if it is still cached.
  @inline(__always)
  func value(for key: UInt128) -> Value? {
    let index = slot(key)
    return keys[index] == key ? values[index] : nil
  }

  @inline(__always)
  mutating func store(_ value: Value, for key: UInt128) {
    let index = slot(key)
    keys[index] = key
    values[index] = value
  }
}

/// Short UTF-8 byte strings packed into one integer, with their length in the top
/// byte so that different lengths never collide.
enum PackedBytes {
  /// The most bytes `pack` takes.
  static let capacity = 15

  /// `bytes` (at most ``capacity``) packed with its length.
  ///
  /// Two loads of the widest size that fits, one from each end: where they overlap they
  /// hold the same bytes, so or-ing them in place is exact, and no byte outside `bytes`
  /// is read.
  @inline(__always)
  static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt128 {
    let count = bytes.count
    precondition(count <= capacity, "Only short byte strings are packed")
    let length = UInt128(count) << 120
    guard let base = bytes.baseAddress, count > 1 else {
      return count == 1 ? length | UInt128(bytes[0]) : length
    }
    let raw = UnsafeRawPointer(base)
    if count >= 8 { return length | packEnds(raw, count, as: UInt64.self) }
    if count >= 4 { return length | packEnds(raw, count, as: UInt32.self) }
    return length | packEnds(raw, count, as: UInt16.self)
  }

  /// The `count` bytes at `raw` (at least one `Word`), from a load at each end.
  @inline(__always)
  private static func packEnds<Word: FixedWidthInteger & UnsignedInteger>(
    _ raw: UnsafeRawPointer, _ count: Int, as: Word.Type
  ) -> UInt128 {
    let size = MemoryLayout<Word>.size
    let head = Word(littleEndian: raw.loadUnaligned(as: Word.self))
    let tail = Word(littleEndian: raw.loadUnaligned(fromByteOffset: count - size, as: Word.self))
    return UInt128(head) | UInt128(tail) << (8 * (count - size))
  }
}
