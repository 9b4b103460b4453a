#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns input in any encoding into UTF-8, chunk by chunk: a code unit or sequence cut
/// at the end of a chunk waits for the next. What cannot be decoded becomes U+FFFD and is
/// counted, with the input offset of the first.
final class Transcoder {
  private enum Kind {
    case utf16(bigEndian: Bool)
    case utf32(bigEndian: Bool)
    case iconv(iconv_t)
  }

  private let kind: Kind
  private var carry: [UInt8] = []
  private var pendingHigh: UInt16?
  /// Input bytes consumed before the current chunk.
  private var consumed = 0
  private(set) var repairs = 0
  private(set) var firstRepairOffset: Int?

  /// nil for UTF-8, which needs no transcoding.
  ///
  /// - Throws: ``DatasetError/cannotOpen(path:reason:)`` for an encoding iconv does not know.
  init?(_ encoding: TextEncoding, path: String) throws(DatasetError) {
    switch encoding {
    case .utf8: return nil
    case .utf16(let bigEndian): kind = .utf16(bigEndian: bigEndian)
    case .utf32(let bigEndian): kind = .utf32(bigEndian: bigEndian)
    case .iconv(let name):
      guard let handle = iconv_open("UTF-8", name), handle != iconv_t(bitPattern: -1) else {
        throw .cannotOpen(
          path: path, reason: "unknown encoding '\(name)' (`iconv -l` lists the names known here)")
      }
      kind = .iconv(handle)
    }
  }

  deinit {
    if case .iconv(let handle) = kind { iconv_close(handle) }
  }

  private func repair(at offset: Int, into output: inout [UInt8]) {
    output += [0xEF, 0xBF, 0xBD]
    repairs += 1
    if firstRepairOffset == nil { firstRepairOffset = offset }
  }

  /// The UTF-8 for `bytes`; with `final`, whatever waits is flushed (as U+FFFD).
  func feed(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> [UInt8] {
    var input = carry
    input += bytes
    let base = consumed - carry.count
    carry.removeAll()
    var output: [UInt8] = []
    output.reserveCapacity(input.count * 3 / 2 + 8)
    var index = 0
    switch kind {
    case .utf16(let bigEndian):
      while index + 1 < input.count {
        let unit =
          bigEndian
          ? UInt16(input[index]) << 8 | UInt16(input[index + 1])
          : UInt16(input[index + 1]) << 8 | UInt16(input[index])
        index += 2
        if let high = pendingHigh {
          pendingHigh = nil
          if (0xDC00...0xDFFF).contains(unit) {
            let value = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
            output += UTF8.encode(Unicode.Scalar(value)!)!
            continue
          }
          repair(at: base + index - 4, into: &output)
        }
        if (0xD800...0xDBFF).contains(unit) {
          pendingHigh = unit
        } else if (0xDC00...0xDFFF).contains(unit) {
          repair(at: base + index - 2, into: &output)
        } else {
          output += UTF8.encode(Unicode.Scalar(unit)!)!
        }
      }
    case .utf32(let bigEndian):
      while index + 3 < input.count {
        let bytes = input[index..<index + 4].map(UInt32.init)
        let value =
          bigEndian
          ? bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3]
          : bytes[3] << 24 | bytes[2] << 16 | bytes[1] << 8 | bytes[0]
        if let scalar = Unicode.Scalar(value) {
          output += UTF8.encode(scalar)!
        } else {
          repair(at: base + index, into: &output)
        }
        index += 4
      }
    case .iconv(let handle):
      index = convert(handle, input, base: base, final: final, into: &output)
    }
    carry = Array(input[index...])
    consumed += bytes.count
    if final {
      if pendingHigh != nil || !carry.isEmpty { repair(at: base + index, into: &output) }
      pendingHigh = nil
      carry.removeAll()
    }
    return output
  }

  /// Converts with iconv up to the last complete sequence; returns how much was used.
  private func convert(
    _ handle: iconv_t, _ input: [UInt8], base: Int, final: Bool, into output: inout [UInt8]
  ) -> Int {
    var used = 0
    var scratch = [UInt8](repeating: 0, count: max(input.count * 4, 64))
    while used < input.count {
      var stop = false
      let (read, written, failure) = input.withUnsafeBytes { source in
        scratch.withUnsafeMutableBytes { target in
          var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutablePointer(
            mutating: source.baseAddress!.advanced(by: used).assumingMemoryBound(to: CChar.self))
          var inLeft = input.count - used
          var outPointer: UnsafeMutablePointer<CChar>? =
            target.baseAddress!.assumingMemoryBound(to: CChar.self)
          var outLeft = target.count
          let result = iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
          return (input.count - used - inLeft, target.count - outLeft, result == -1 ? errno : 0)
        }
      }
      output += scratch[0..<written]
      used += read
      switch failure {
      case 0: stop = true
      case EILSEQ:
        repair(at: base + used, into: &output)
        used += 1
      case EINVAL:
        // A sequence cut by the chunk's end: it waits for the next chunk.
        stop = true
      default:  // E2BIG cannot happen with 4 bytes out per byte in; stop rather than spin.
        stop = read == 0
      }
      if stop { break }
    }
    return used
  }
}
