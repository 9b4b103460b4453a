import CScanKernels

/// The kernel in plain Swift SIMD, the same algorithm as `ScanTemplate.h` at 16 lanes:
/// the fallback on CPUs without the C kernels, and a check on them.
enum PortableScanKernel {
  typealias Lanes = SIMD16<UInt8>

  static func find(
    _ scan: tsb_scan, into out: UnsafeMutableBufferPointer<UInt32>, resume: inout Int
  ) -> Int {
    let haystack = UnsafeRawPointer(scan.haystack!)
    let key = scan.key!
    let count = scan.key_count
    let (rare, second) = (scan.rare, scan.second)
    resume = scan.end
    guard count > 0, scan.end >= count, scan.from <= scan.end - count else { return 0 }
    let last = scan.end - count  // the last candidate start
    let rareLanes = Lanes(repeating: key[rare])
    let secondLanes = Lanes(repeating: key[second])
    let third = scan.third
    let hasThird = third != rare && third < count
    let thirdLanes = Lanes(repeating: key[hasThird ? third : rare])
    var start = scan.from
    var found = 0
    // In bounds: while start + 63 ≤ last, every load ends before last + count = end.
    while start + 63 <= last {
      if out.count - found < 64 {
        resume = start
        return found
      }
      @inline(__always) func hits(_ offset: Int) -> SIMDMask<SIMD16<Int8>> {
        (haystack.loadUnaligned(fromByteOffset: start + offset + rare, as: Lanes.self) .== rareLanes)
          .& (haystack.loadUnaligned(fromByteOffset: start + offset + second, as: Lanes.self)
            .== secondLanes)
      }
      var (m0, m1, m2, m3) = (hits(0), hits(16), hits(32), hits(48))
      if bits(m0 .| m1 .| m2 .| m3) != 0 {
        if hasThird {
          @inline(__always) func agrees(_ offset: Int) -> SIMDMask<SIMD16<Int8>> {
            haystack.loadUnaligned(fromByteOffset: start + offset + third, as: Lanes.self)
              .== thirdLanes
          }
          (m0, m1, m2, m3) = (m0 .& agrees(0), m1 .& agrees(16), m2 .& agrees(32), m3 .& agrees(48))
        }
        var candidates = bits(m0) | bits(m1) << 16 | bits(m2) << 32 | bits(m3) << 48
        while candidates != 0 {
          let candidate = start + candidates.trailingZeroBitCount
          candidates &= candidates - 1
          if verify(haystack, candidate, key, count) {
            out[found] = UInt32(truncatingIfNeeded: candidate)
            found += 1
          }
        }
      }
      start += 64
    }
    if out.count - found < 64 {
      resume = start
      return found
    }
    let bytes = haystack.assumingMemoryBound(to: UInt8.self)
    while start <= last {
      if bytes[start + rare] == key[rare] && bytes[start + second] == key[second]
        && verify(haystack, start, key, count)
      {
        out[found] = UInt32(truncatingIfNeeded: start)
        found += 1
      }
      start += 1
    }
    return found
  }

  /// Whether the key's bytes occur at `start`.
  @inline(__always)
  static func verify(
    _ haystack: UnsafeRawPointer, _ start: Int, _ key: UnsafePointer<UInt8>, _ count: Int
  ) -> Bool {
    let bytes = haystack.assumingMemoryBound(to: UInt8.self) + start
    guard bytes[count - 1] == key[count - 1] else { return false }
    var index = 0
    while index + 1 < count {
      if bytes[index] != key[index] { return false }
      index += 1
    }
    return true
  }

  /// The lanes of `mask` as bits, lane 0 lowest: the sign bit of each byte, gathered
  /// by a multiply (Swift has no portable byte-mask extraction).
  @inline(__always)
  static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 {
    let bytes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask)
    let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
    let low = ((words[0] & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
    let high = ((words[1] & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
    return low | high << 8
  }
}
