import Foundation
import Synchronization

/// Reads a buffer larger than the last-level cache, so that what a search then touches
/// comes from memory: the cold mode of ``SearchTiming``. Unchecked: the buffer is written
/// once, in `init`, and only read after.
final class CacheEviction: @unchecked Sendable {
  static let shared = CacheEviction()

  /// Twice the last-level cache this machine reports (64 MiB when it reports none),
  /// between 64 MiB and 1 GiB: a server's L3 holds hundreds of megabytes (320 MiB here).
  let bytes: Int
  private let buffer: UnsafeMutableRawBufferPointer

  private init() {
    #if os(Linux)
      let reported = max(
        sysconf(Int32(_SC_LEVEL3_CACHE_SIZE)), sysconf(Int32(_SC_LEVEL2_CACHE_SIZE)))
    #else
      let reported = 0
    #endif
    let lastLevel = reported > 0 ? reported : 32 << 20
    bytes = min(1 << 30, max(64 << 20, 2 * lastLevel))
    buffer = .allocate(byteCount: bytes, alignment: 64)
    // Written once, so that every page is mapped and a read is a read of memory.
    buffer.initializeMemory(as: UInt8.self, repeating: 1)
  }

  deinit { buffer.deallocate() }

  /// Reads one byte of every cache line of the buffer.
  func evict() {
    var sum: UInt8 = 0
    var offset = 0
    while offset < bytes {
      sum &+= buffer.load(fromByteOffset: offset, as: UInt8.self)
      offset += 64
    }
    withExtendedLifetime(sum) {}
    // The sum is kept from being optimised away by a store the compiler cannot drop.
    Self.sink.withLock { $0 = sum }
  }

  private static let sink = Mutex<UInt8>(0)
}
