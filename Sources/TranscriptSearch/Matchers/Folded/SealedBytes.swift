import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A finished segment's folded bytes, copied out of the buffer it was folded in into a
/// chunk of a ``SegmentArena``, and never changed again (an edit copies them back into an
/// array first).
///
/// Immutable after `init`, so sharing it between threads is safe.
final class SealedBytes: @unchecked Sendable {
  let buffer: UnsafeBufferPointer<UInt8>
  /// Keeps the chunk the bytes live in alive.
  private let chunk: SegmentArena.Chunk

  fileprivate init(_ buffer: UnsafeBufferPointer<UInt8>, in chunk: SegmentArena.Chunk) {
    self.buffer = buffer
    self.chunk = chunk
  }
}

/// Where a builder (and its copies, which share it) puts the segments its folds finish:
/// chunks of a few megabytes, filled one after another, instead of an array per segment.
///
/// Why: a search streams every segment, and on `chinese-1m` a scan of segments in
/// arrays of their own measured 15–25% slower than one of the same bytes in large
/// buffers backed by 2 MB pages (fewer TLB misses; `tsbench compare` on the rare and
/// absent keywords: 3.2–3.7 ms before, 2.5–3.1 ms after). On Linux, chunks of 2 MB and more are aligned to 2 MB and advised to use huge
/// pages (effective when transparent huge pages are `always` or `madvise`); elsewhere
/// they are plain allocations, as fast as before.
///
/// A chunk is freed when the last segment in it is: a segment edited since the fold keeps
/// its bytes in an array, and the chunk it left stays until its neighbours go too.
/// Chunks grow from 1 MB to 4 MB, so a fold of a few rows takes little.
final class SegmentArena: @unchecked Sendable {
  /// A block of memory holding sealed segments.
  final class Chunk: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let size: Int
    /// Whether `base` was mapped here (and is unmapped), not allocated.
    private let isMapped: Bool

    init(size: Int) {
      self.size = size
      #if os(Linux)
        // Mapped, not allocated: pages the allocator reused would already be small ones.
        if size >= Self.hugePageBytes, let mapped = Self.mapAligned(size) {
          base = mapped
          isMapped = true
          _ = madvise(mapped, size, MADV_HUGEPAGE)
          return
        }
      #endif
      var memory: UnsafeMutableRawPointer?
      guard posix_memalign(&memory, 64, size) == 0, let memory else {
        fatalError("Out of memory for \(size) bytes of folded text")
      }
      base = memory
      isMapped = false
    }

    deinit {
      if isMapped { munmap(base, size) } else { free(base) }
    }

    #if os(Linux)
      /// `size` bytes of fresh memory starting on a huge-page boundary, or nil.
      private static func mapAligned(_ size: Int) -> UnsafeMutableRawPointer? {
        let length = size + hugePageBytes
        guard
          let mapped = mmap(
            nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
          mapped != MAP_FAILED
        else { return nil }
        let address = UInt(bitPattern: mapped)
        let head = Int((UInt(hugePageBytes) - address % UInt(hugePageBytes)) % UInt(hugePageBytes))
        if head > 0 { munmap(mapped, head) }
        let tail = length - head - size
        if tail > 0 { munmap(mapped + head + size, tail) }
        return mapped + head
      }
    #endif

    static let hugePageBytes = 2 << 20
  }

  // The chunk being filled and how much of it is used, behind `lock`: builders that
  // are copies of one another share the arena.
  private let lock = NSLock()
  private var chunk: Chunk?
  private var used = 0
  private var nextChunkBytes = 1 << 20

  static let largestChunkBytes = 4 << 20

  /// A copy of `bytes` in the arena.
  func seal(_ bytes: [UInt8]) -> SealedBytes {
    let (chunk, start) = reserve(bytes.count)
    let destination = (chunk.base + start).assumingMemoryBound(to: UInt8.self)
    bytes.withUnsafeBufferPointer { bytes in
      if let source = bytes.baseAddress { destination.initialize(from: source, count: bytes.count) }
    }
    return SealedBytes(UnsafeBufferPointer(start: destination, count: bytes.count), in: chunk)
  }

  /// Room for `count` bytes: a chunk and where in it.
  private func reserve(_ count: Int) -> (Chunk, Int) {
    lock.lock()
    defer { lock.unlock() }
    // 64-byte starts, so that a segment shares no cache line with the one before.
    let start = (used + 63) & ~63
    if let chunk, start + count <= chunk.size {
      used = start + count
      return (chunk, start)
    }
    var size = max(nextChunkBytes, count)
    if size > Chunk.hugePageBytes {
      size = (size + Chunk.hugePageBytes - 1) & ~(Chunk.hugePageBytes - 1)
    }
    let chunk = Chunk(size: size)
    self.chunk = chunk
    nextChunkBytes = min(2 * nextChunkBytes, Self.largestChunkBytes)
    used = count
    return (chunk, 0)
  }
}
