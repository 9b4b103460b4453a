/// Counts of short terms keyed by their packed bytes (see `PackedBytes`): an
/// open-addressing table with linear probing and a multiplicative hash, several times
/// cheaper per count than a `Dictionary` (no per-lookup hasher seeding), which counting
/// every term of a million rows needs.
struct PackedTermCounts: Sendable {
  /// A key and its count side by side, so that a probe touches one cache line, not two.
  private struct Entry {
    /// 0 marks an empty slot: a packed key always has its length in the top byte.
    var key: UInt128 = 0
    var count = 0
  }

  private var entries: [Entry]
  private var shift: UInt64
  /// Distinct keys held.
  private(set) var count = 0

  init() {
    entries = [Entry](repeating: Entry(), count: 1 << 10)
    shift = 64 - 10
  }

  @inline(__always)
  private func slot(_ key: UInt128) -> Int {
    let mixed =
      (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15)
      ^ (UInt64(truncatingIfNeeded: key >> 64) &* 0xC2B2_AE3D_27D4_EB4F)
    return Int(truncatingIfNeeded: (mixed ^ (mixed >> 29)) >> shift)
  }

  /// Adds `amount` to the count of `key` (not 0).
  @inline(__always)
  mutating func add(_ key: UInt128, _ amount: Int = 1) {
    let first = slot(key)
    let inserted = entries.withUnsafeMutableBufferPointer { entries in
      let mask = entries.count - 1
      var index = first
      while true {
        let held = entries[index].key
        if held == key {
          entries[index].count += amount
          return false
        }
        if held == 0 { break }
        index = (index + 1) & mask
      }
      entries[index] = Entry(key: key, count: amount)
      return true
    }
    guard inserted else { return }
    count += 1
    if count * 2 > entries.count { grow() }
  }

  private mutating func grow() {
    let old = entries
    entries = [Entry](repeating: Entry(), count: old.count * 2)
    shift -= 1
    count = 0
    for entry in old where entry.key != 0 { add(entry.key, entry.count) }
  }

  /// Calls `body` with every key and its count.
  func forEachCount(_ body: (UInt128, Int) -> Void) {
    for entry in entries where entry.key != 0 { body(entry.key, entry.count) }
  }
}
