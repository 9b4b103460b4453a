/// Counts of short terms keyed by their packed bytes (see `PackedBytes`): an
/// open-addressing table with linear probing and a multiplicative hash, several times
/// cheaper per count than a `Dictionary` (no per-lookup hasher seeding), which counting
/// every term of a million rows needs.
struct PackedTermCounts: Sendable {
  /// 0 marks an empty slot: a packed key always has its length in the top byte.
  private var keys: [UInt128]
  private var counts: [Int]
  private var shift: UInt64
  /// Distinct keys held.
  private(set) var count = 0

  init() {
    keys = [UInt128](repeating: 0, count: 1 << 10)
    counts = [Int](repeating: 0, count: 1 << 10)
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
    let mask = keys.count - 1
    var index = slot(key)
    while true {
      let held = keys[index]
      if held == key {
        counts[index] += amount
        return
      }
      if held == 0 { break }
      index = (index + 1) & mask
    }
    keys[index] = key
    counts[index] = amount
    count += 1
    if count * 2 > keys.count { grow() }
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldCounts = counts
    keys = [UInt128](repeating: 0, count: oldKeys.count * 2)
    counts = [Int](repeating: 0, count: oldKeys.count * 2)
    shift -= 1
    count = 0
    for index in oldKeys.indices where oldKeys[index] != 0 { add(oldKeys[index], oldCounts[index]) }
  }

  /// Calls `body` with every key and its count.
  func forEachCount(_ body: (UInt128, Int) -> Void) {
    for index in keys.indices where keys[index] != 0 { body(keys[index], counts[index]) }
  }
}
