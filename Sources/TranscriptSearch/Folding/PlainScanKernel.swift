import CFoldKernels

/// The loop that passes over plain characters as rows are folded (see
/// ``CharacterKeyCache/scanPlainCharacters(in:from:items:)``), chosen once at run time
/// by what the CPU offers. All give the same stretches; only their speed differs.
package enum PlainScanKernel: String, CaseIterable, Sendable {
  /// Swift, a scalar at a time and 8 bytes at a time through printable ASCII: runs on
  /// every CPU.
  case portable
  /// x86-64 AVX2: a mask of 32 bytes takes the scan from one scalar that needs a look
  /// (neither printable ASCII nor in a run of ``IdentityRuns``) to the next.
  case avx2
  /// x86-64 AVX-512 (BW, VL, VBMI): ``avx2``, and the marks of the Indic scripts and
  /// Thai after an identity written a vector at a time, without a look up each.
  case avx512

  /// The kernels this CPU runs.
  package static let available: [PlainScanKernel] = allCases.filter(\.isSupported)

  /// The fastest kernel this CPU runs, or the portable one where
  /// ``ScanKernel/limitAutomaticChoice(to:)`` limits the scan kernels below AVX2, so that
  /// one setting runs everything on the fallbacks.
  package static var automatic: PlainScanKernel {
    switch ScanKernel.automatic {
    // No NEON kernel passes over plain characters: arm64 folds with the Swift loop.
    case .portable, .sse2, .neon: .portable
    case .avx2: PlainScanKernel.avx2.isSupported ? .avx2 : .portable
    case .avx512: available.last!
    }
  }

  /// Whether this CPU runs the kernel.
  package var isSupported: Bool {
    switch self {
    case .portable: true
    case .avx2: tsb_scan_plain_avx2_supported() != 0
    case .avx512: tsb_scan_plain_avx512_supported() != 0
    }
  }
}

extension FoldedCorpus {
  /// The kernel that passes over plain characters as this process folds rows
  /// (`portable`, `avx2` or `avx512`), as reports name it.
  public static var foldKernelName: String { PlainScanKernel.automatic.rawValue }
}
