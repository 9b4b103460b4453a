import CHeapStats

/// Heap bytes in use, from the allocator's own statistics (jemalloc's `stats.allocated`
/// when jemalloc is loaded, glibc's `mallinfo2` otherwise), to measure exactly what a
/// structure retains.
public enum HeapUsage {
  /// The allocator whose statistics are read: "jemalloc" or "glibc".
  public static var allocator: String { String(cString: tsb_allocator_name()) }

  /// Bytes allocated and not freed, or nil where the statistics are unavailable.
  public static func bytesInUse() -> Int? {
    let bytes = tsb_heap_bytes_in_use()
    return bytes == 0 ? nil : Int(bytes)
  }

  /// The heap bytes that `build`'s result still holds once built, and the result.
  public static func retained<T>(by build: () -> T) -> (value: T, bytes: Int?) {
    let before = bytesInUse()
    let value = build()
    guard let before, let after = bytesInUse() else { return (value, nil) }
    return (value, after - before)
  }
}
