import ArgumentParser
import TranscriptSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `search --json`'s output, streamed through a fixed buffer: memory stays that of the
/// match index, however many matches are printed.
enum MatchesJSON {
  static func write(matcher: String, matches: [Match]) throws {
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 16)
    func flush() throws {
      var done = 0
      while done < buffer.count {
        let count = buffer.withUnsafeBufferPointer {
          Glibc.write(STDOUT_FILENO, $0.baseAddress! + done, $0.count - done)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else {
          throw ValidationError("cannot write the matches: \(String(cString: strerror(errno)))")
        }
        done += count
      }
      buffer.removeAll(keepingCapacity: true)
    }
    func append(_ value: Int) {
      if value >= 10 { append(value / 10) }
      buffer.append(UInt8(0x30 + value % 10))
    }
    buffer += Array("{\"matcher\":\"\(matcher)\",\"count\":\(matches.count),\"matches\":[".utf8)
    for (index, match) in matches.enumerated() {
      if index > 0 { buffer.append(0x2C) }
      buffer.append(0x5B)
      append(match.row)
      buffer.append(0x2C)
      append(match.start)
      buffer.append(0x2C)
      append(match.end)
      buffer.append(0x5D)
      if buffer.count >= 1 << 16 - 64 { try flush() }
    }
    buffer += Array("]}\n".utf8)
    try flush()
  }
}
