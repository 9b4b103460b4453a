import CScanKernels

/// The loop that finds a folded keyword's bytes in the folded corpus: one algorithm (see
/// `ScanTemplate.h`) at several vector widths and on two architectures, chosen once at
/// run time by what the CPU offers. Every kernel gives the same matches; only their speed
/// differs.
public enum ScanKernel: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Swift SIMD, 16 lanes: runs on every CPU.
  case portable
  /// x86-64 SSE2, 16 lanes.
  case sse2
  /// x86-64 AVX2, 32 lanes.
  case avx2
  /// x86-64 AVX-512 (BW, VL and VBMI2), 64 lanes; on AMD's cores for crowded keys only,
  /// other scans running the AVX2 kernel (see ``automatic``).
  case avx512
  /// arm64 NEON, 16 lanes: runs on every arm64 CPU (Apple silicon, AWS Graviton).
  case neon

  /// The kernels this CPU runs, narrowest first.
  public static let available: [ScanKernel] = allCases.filter(\.isSupported)

  /// The kernel a search uses when it names none: the widest this CPU runs, or the
  /// widest at or below the limit an app set with ``limitAutomaticChoice(to:)``.
  ///
  /// On AMD's cores with AVX-512, `avx512` scans crowded keys only and hands every other
  /// scan to the AVX2 kernel, which was faster there (see ``reportName``).
  public static var automatic: ScanKernel {
    let limit = Int(tsb_automatic_limit())
    return available.last { $0.width <= limit } ?? .portable
  }

  /// Lowers (or raises back) the widest kernel ``automatic`` chooses, for every search in
  /// the process that names no kernel, the fold's pass over plain characters and the
  /// importers' vector passes included: `limitAutomaticChoice(to: .portable)` runs the
  /// portable Swift code everywhere.
  ///
  /// Call it at launch, before the first corpus is folded: a folded corpus keeps the fold
  /// kernel it was built with.
  ///
  /// - Throws: ``UnsupportedKernel`` when this CPU cannot run `kernel`; the choice is then
  ///   unchanged.
  public static func limitAutomaticChoice(to kernel: ScanKernel) throws(UnsupportedKernel) {
    guard kernel.isSupported else { throw UnsupportedKernel(kernel: kernel) }
    tsb_set_automatic_limit(Int32(kernel.width))
  }

  /// The kernel's place in ``allCases``: 0 for `portable`, then x86-64's vector widths in
  /// order, then arm64's (a CPU runs one architecture's, so the order within it decides).
  private var width: Int { Self.allCases.firstIndex(of: self)! }

  /// This kernel if this CPU runs it, else ``automatic``: what a search does with a
  /// kernel it cannot run.
  public var runnable: ScanKernel { isSupported ? self : .automatic }

  /// Whether this CPU runs the kernel.
  public var isSupported: Bool {
    guard let native else { return true }
    return tsb_kernel_supported(native) != 0
  }

  public var description: String { rawValue }

  /// How far ahead the C kernels prefetch the haystack on this CPU, in bytes (0: not at
  /// all); see `tsb_scan_prefetch_distance`.
  static let prefetchDistance = tsb_scan_prefetch_distance()

  /// The kernel's name as reports give it: for `avx512`, which scans it hands to `avx2`.
  public var reportName: String {
    guard self == .avx512, tsb_avx512_scans_every_key() == 0 else { return rawValue }
    return "avx512 (crowded keys; every other scan on avx2)"
  }

  /// The C kernel's identifier, or nil for the portable Swift kernel.
  var native: tsb_kernel? {
    switch self {
    case .portable: nil
    case .sse2: TSB_KERNEL_SSE2
    case .avx2: TSB_KERNEL_AVX2
    case .avx512: TSB_KERNEL_AVX512BW
    case .neon: TSB_KERNEL_NEON
    }
  }

  /// The room a kernel needs in its output: it stops when fewer places are left. A kernel
  /// stops a step of 256 places short of it, so a dense keyword's batches hold about half
  /// this many.
  static let outputCapacity = 1024

  /// Whether this kernel searches several keys in one pass (see ``forEachBatch(ofEach:_:)``);
  /// the others search them key by key.
  var searchesSeveralKeysAtOnce: Bool {
    guard let native else { return false }
    return tsb_find_each_supported(native) != 0
  }

  /// How many keys one pass of ``forEachBatch(ofEach:_:)`` takes at most.
  static let keysPerPass = 8

  /// Calls `body` with the occurrences of every key of `request`, as `key << 32 | start`
  /// ordered by start and then by key, a batch at a time, until the kernel has covered
  /// the whole range.
  ///
  /// - Precondition: ``searchesSeveralKeysAtOnce``; at most ``keysPerPass`` keys.
  @inline(__always)
  func forEachBatch(ofEach request: tsb_multi_scan, _ body: (UnsafeBufferPointer<UInt64>) -> Void) {
    precondition(request.key_count <= Self.keysPerPass && searchesSeveralKeysAtOnce)
    var request = request
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Self.outputCapacity) { out in
      while true {
        var resume = 0
        let found = tsb_find_each(native!, &request, out.baseAddress!, out.count, &resume)
        body(UnsafeBufferPointer(rebasing: out[..<found]))
        if resume >= request.to { return }
        request.from = resume
      }
    }
  }

  /// Calls `body` with the starts of the occurrences of `request`'s key, in order, a
  /// batch of at most ``outputCapacity`` at a time, until the kernel has covered the
  /// whole range.
  ///
  /// - Precondition: the kernel is supported.
  @inline(__always)
  func forEachBatch(of request: tsb_scan, _ body: (UnsafeBufferPointer<UInt32>) -> Void) {
    forEachBatch(of: request, firstRow: nil) { starts, _ in body(starts) }
  }

  /// ``forEachBatch(of:_:)``, and given `firstRow` (the row holding `request.from`),
  /// each start's row at the same index of `body`'s second argument, from a kernel that
  /// counts rows as it scans (the C kernels; the portable kernel passes nil).
  @inline(__always)
  func forEachBatch(
    of request: tsb_scan, firstRow: Int?,
    _ body: (UnsafeBufferPointer<UInt32>, UnsafePointer<UInt32>?) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * Self.outputCapacity) { out in
      forEachBatch(of: request, firstRow: firstRow, room: out.baseAddress!, body)
    }
  }

  /// ``forEachBatch(of:firstRow:_:)`` with the kernel's output in `room`, which holds
  /// 2 × ``outputCapacity`` values: a caller that runs several searches allocates once.
  @inline(__always)
  func forEachBatch(
    of request: tsb_scan, firstRow: Int?, room: UnsafeMutablePointer<UInt32>,
    _ body: (UnsafeBufferPointer<UInt32>, UnsafePointer<UInt32>?) -> Void
  ) {
    var request = request
    let countsRows = native != nil && firstRow != nil
    var row = UInt32(truncatingIfNeeded: firstRow ?? 0)
    let starts = UnsafeMutableBufferPointer(start: room, count: Self.outputCapacity)
    let rows = room + Self.outputCapacity
    while true {
      var resume = 0
      let found =
        if let native {
          withUnsafeMutablePointer(to: &row) { row in
            request.rows = countsRows ? rows : nil
            request.row = countsRows ? row : nil
            return tsb_find(native, &request, starts.baseAddress!, starts.count, &resume)
          }
        } else {
          PortableScanKernel.find(request, into: starts, resume: &resume)
        }
      body(
        UnsafeBufferPointer(rebasing: starts[..<found]), countsRows ? UnsafePointer(rows) : nil)
      if resume >= request.end { return }
      request.from = resume
    }
  }
}
