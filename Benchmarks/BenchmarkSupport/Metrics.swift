import Benchmark
import SearchBenchKit

/// Metrics of this project's own.
public enum ProjectMetrics {
  /// Megabytes of row text searched per second.
  public static let textMegabytesPerSecond = BenchmarkMetric.custom(
    "Text MB/s", polarity: .prefersLarger, useScalingFactor: false)
  /// Heap bytes a built structure retains: jemalloc's `stats.allocated` when jemalloc is
  /// the allocator, glibc's `mallinfo2` otherwise.
  public static let heapBytesRetained = BenchmarkMetric.custom(
    "Heap bytes retained", polarity: .prefersSmaller, useScalingFactor: false)

  /// Records the heap bytes `build`'s result retains.
  public static func recordHeapBytes<T>(_ benchmark: Benchmark, _ build: () -> T) {
    let (value, bytes) = HeapUsage.retained(by: build)
    withExtendedLifetime(value) {
      if let bytes { benchmark.measurement(heapBytesRetained, bytes) }
    }
  }
}
