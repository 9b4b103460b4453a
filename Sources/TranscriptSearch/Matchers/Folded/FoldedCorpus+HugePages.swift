import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

extension FoldedCorpus {
  /// Asks the kernel to back the folded bytes with 2 MB pages where it can, in place (Linux
  /// 6.1 or later; elsewhere, and for a corpus of less than `minimumBytes`, nothing
  /// happens).
  ///
  /// Why: a scan streams every segment, and over 4 KB pages it is bound by their
  /// translation. The kernel may compact memory to find 2 MB pages, which can take a
  /// while, so callers run this in the background: the bytes and what they read stay the
  /// same throughout. A 2 MB page also holds whatever small pages around the bytes were never
  /// touched: an open session on `mixed-1m` grew from 145 to 151 MB resident (collapsing
  /// only ranges already resident kept it at 145 MB but lost most of the gain: the ranges
  /// mix segments with other allocations).
  public func adviseHugePages(minimumBytes: Int = FoldedCorpus.hugePageMinimumBytes) {
    #if os(Linux)
      guard byteCount >= minimumBytes else { return }
      let page = UInt(Self.hugePageBytes)
      forEachSegmentBuffer { buffer in
        guard let base = buffer.baseAddress else { return }
        // Every 2 MB page the segment's bytes touch; one its neighbour shares is asked
        // for twice, and the second answer comes at once.
        var start = UInt(bitPattern: base) & ~(page - 1)
        let end = UInt(bitPattern: base) + UInt(buffer.count)
        while start < end {
          // Fails harmlessly where the kernel cannot (an older kernel: EINVAL).
          _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(page), Self.adviceCollapse)
          start += page
        }
      }
    #endif
  }

  /// Asks the kernel to back the room reserved for a search's matches with 2 MB pages where
  /// it spans whole ones (Linux; elsewhere, and for less than two such pages, nothing
  /// happens), before the search writes them.
  ///
  /// Why: a dense keyword's matches fill megabytes ("a" on mixed-1m: 9.5 MB) that the
  /// allocator often hands out fresh, and then every 4 KB page faults on its first write.
  /// A room several threads write at once is also populated first
  /// (``populate(room:)``): they wait for each other's 2 MB pages as they fault.
  static func adviseHugePages(forRoomOf matches: inout [Match]) {
    let bytes = matches.capacity * MemoryLayout<Match>.stride
    matches.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      adviseHugePages(forRoomOf: UnsafeMutableRawBufferPointer(start: base, count: bytes))
    }
  }

  /// Asks the kernel to back `room`, not yet written, with 2 MB pages where it spans
  /// whole ones (see the same call for an array of matches).
  static func adviseHugePages(forRoomOf room: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      guard room.count >= 2 * hugePageBytes, let base = room.baseAddress else { return }
      let page = UInt(hugePageBytes)
      let start = (UInt(bitPattern: base) + page - 1) & ~(page - 1)
      let end = (UInt(bitPattern: base) + UInt(room.count)) & ~(page - 1)
      // Fails harmlessly where transparent huge pages are off.
      _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), adviceHugePage)
    #endif
  }

  /// Maps the pages `room` spans whole, not yet written, at once (Linux 5.14 or later;
  /// elsewhere nothing happens): for a room that several threads are about to write,
  /// which fault on the same 2 MB pages otherwise and wait for each other there.
  static func populate(room: UnsafeMutableRawBufferPointer) {
    #if os(Linux)
      guard let base = room.baseAddress else { return }
      let page = UInt(smallPageBytes)
      let start = (UInt(bitPattern: base) + page - 1) & ~(page - 1)
      let end = (UInt(bitPattern: base) + UInt(room.count)) & ~(page - 1)
      guard end > start else { return }
      // Fails harmlessly on an older kernel (EINVAL).
      _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), advicePopulateWrite)
    #endif
  }

  /// `MADV_POPULATE_WRITE`: fault the range in, writable, now.
  static let advicePopulateWrite: Int32 = 23

  /// The size of a small page on the platforms that advise pages.
  static let smallPageBytes = 4_096

  /// `MADV_HUGEPAGE`: back the range with huge pages as it faults in, unless the
  /// transparent huge page setting is `never`.
  static let adviceHugePage: Int32 = 14

  /// ``adviseHugePages(minimumBytes:)`` on a thread of its own; the bytes stay alive until it is done.
  func adviseHugePagesInTheBackground() {
    guard byteCount >= Self.hugePageMinimumBytes else { return }
    DispatchQueue.global(qos: .utility).async(group: Self.hugePageAdvice) { [self] in
      adviseHugePages()
    }
  }

  /// Waits until every background call of ``adviseHugePages(minimumBytes:)`` (a matcher's
  /// forms, see ``FoldedForms``) has returned: for a benchmark, before it times searches.
  /// Until then the kernel copies the bytes into 2 MB pages on another core and holds the
  /// process's memory map, which a search's page faults wait for.
  public static func waitUntilHugePagesAdvised() {
    hugePageAdvice.wait()
  }

  private static let hugePageAdvice = DispatchGroup()

  /// Below this, the folded bytes fit the caches well enough that their pages hardly
  /// matter, and a few calls to the kernel would cost more than they save.
  public static let hugePageMinimumBytes = 16 << 20

  static let hugePageBytes = 2 << 20

  /// `MADV_COLLAPSE` (Linux 6.1): make huge pages of the range now, whatever the
  /// transparent huge page setting, unless it is `never`.
  static let adviceCollapse: Int32 = 25
}
