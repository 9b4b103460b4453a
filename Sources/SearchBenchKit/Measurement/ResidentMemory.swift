#if canImport(Glibc)
  import Glibc
#endif

/// The process's resident memory, from `/proc/self/status` (Linux).
public enum ResidentMemory {
  /// Resident set size now, in bytes (`VmRSS`), or nil where `/proc` is unavailable.
  public static func current() -> Int? { field("VmRSS:") }

  /// The peak resident set size so far, in bytes (`VmHWM`).
  public static func peak() -> Int? { field("VmHWM:") }

  private static func field(_ name: String) -> Int? {
    // /proc files report a size of 0, so read until end of file rather than by size.
    let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    let status = String(decoding: bytes, as: UTF8.self)
    for line in status.split(separator: "\n") where line.hasPrefix(name) {
      let kilobytes = line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first.flatMap
      { Int($0) }
      return kilobytes.map { $0 * 1024 }
    }
    return nil
  }
}
