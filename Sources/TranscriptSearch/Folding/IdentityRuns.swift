import CFoldKernels

/// Runs of scalars that are their own keys, by their UTF-8 bytes, for the vector fold
/// kernel (see ``PlainScanKernel/avx2``): a scalar in a run is passed over by a mask,
/// never looked up. Each run is a first byte that continues a lead and a length less one;
/// the layout is `tsb_plain_tables.runs`'s:
///   - two-byte leads C0–DF, by their second byte: lowercase Cyrillic, Greek, Latin-1 and
///     Arabic letters, once the cache has met them;
///   - three-byte leads E0–EF, by their second byte, where all 64 scalars of a block are
///     identities: CJK ideographs and Hangul syllables;
///   - lead E0 (U+0800–0FFF) by its second byte A0–BF, by the third: the letters of the
///     Indic scripts and Thai.
///
/// The tables only grow, as the cache's identity bits do: a run never holds a scalar
/// whose bit is clear.
struct IdentityRuns: Sendable {
  /// `TSB_PLAIN_RUNS` bytes.
  private(set) var bytes: [UInt8]

  /// The first byte of a run that holds nothing (no byte continuing a lead is C0).
  static let none: UInt8 = 0xC0

  private static let twoByte = 0
  private static let threeByte = 64
  private static let leadE0 = 96

  /// The runs of `bits`, one bit per scalar of the Basic Multilingual Plane.
  init(bits: [UInt64]) {
    bytes = [UInt8](repeating: 0, count: Int(TSB_PLAIN_RUNS))
    for firsts in [0..<32, 64..<80, 96..<128] {
      for index in firsts { bytes[index] = Self.none }
    }
    for block in 2..<32 { note(block: block, in: bits) }
    for block in 0x20..<0x40 { note(block: block, in: bits) }
    for lead in 0..<16 { noteFullBlocks(ofLead: lead, in: bits) }
  }

  /// Brings the runs up to date after `scalar`'s bit was set in `bits`; `met` has a bit
  /// for each scalar met in text, whose runs are preferred.
  mutating func noteIdentity(_ scalar: UInt32, in bits: [UInt64], met: [UInt64]) {
    let block = Int(scalar >> 6)
    guard scalar >= 0x80 else { return }
    if block < 0x40 { note(block: block, in: bits, met: met) }
    if scalar >= 0x800 && bits[block] == ~0 { noteFullBlocks(ofLead: Int(scalar >> 12), in: bits) }
  }

  /// The run of a two-byte lead's scalars (blocks 2–31), or of lead E0's second byte
  /// (blocks 32–63), by the last byte.
  private mutating func note(block: Int, in bits: [UInt64], met: [UInt64] = []) {
    let at = block < 32 ? Self.twoByte + block : Self.leadE0 + block - 32
    (bytes[at], bytes[at + 32]) = Self.longestRun(
      in: bits[block], preferring: met.isEmpty ? 0 : met[block])
  }

  /// The run of a three-byte lead's second bytes whose blocks are all identities, among
  /// those that continue it in well-formed UTF-8.
  private mutating func noteFullBlocks(ofLead lead: Int, in bits: [UInt64]) {
    let seconds = lead == 0 ? 0xA0...0xBF : lead == 0xD ? 0x80...0x9F : 0x80...0xBF
    var full: UInt64 = 0
    for second in seconds where bits[lead << 6 | (second & 0x3F)] == ~0 {
      full |= 1 << UInt64(second & 0x3F)
    }
    (bytes[Self.threeByte + lead], bytes[Self.threeByte + 16 + lead]) = Self.longestRun(in: full)
  }

  /// The run of set bits in `bits` (one per byte 80–BF) that holds the most bits of
  /// `preferred`, and of those the longest, as its first byte and its length less one,
  /// or (``none``, 0).
  static func longestRun(
    in bits: UInt64, preferring preferred: UInt64 = 0
  ) -> (first: UInt8, lengthLessOne: UInt8) {
    var best = (first: 0, length: 0, preferred: 0)
    var first = 0
    for end in 0...64 where end == 64 || bits & 1 << UInt64(end) == 0 {
      let length = end - first
      if length > 0 {
        let run: UInt64 = (length == 64 ? ~0 : (1 << UInt64(length) - 1)) << UInt64(first)
        let held = (run & preferred).nonzeroBitCount
        if (held, length) > (best.preferred, best.length) { best = (first, length, held) }
      }
      first = end + 1
    }
    guard best.length > 0 else { return (none, 0) }
    return (UInt8(0x80 + best.first), UInt8(best.length - 1))
  }
}
