import CFoldKernels

/// The loop that passes over plain characters as rows are folded (see
/// ``CharacterKeyCache/scanPlainCharacters(in:from:items:)``), chosen once at run time
/// by what the CPU offers. Both give the same stretches; only their speed differs.
enum PlainScanKernel: String, CaseIterable, Sendable {
  /// Swift, a scalar at a time and 8 bytes at a time through printable ASCII: runs on
  /// every CPU.
  case portable
  /// x86-64 AVX2: a mask of 32 bytes takes the scan from one scalar that needs a look
  /// (neither printable ASCII nor in a run of ``IdentityRuns``) to the next.
  case avx2

  /// The kernels this CPU runs.
  static let available: [PlainScanKernel] = allCases.filter(\.isSupported)

  /// The fastest kernel this CPU runs, or the portable one where
  /// ``ScanKernel/environmentVariable`` caps the scan kernels below AVX2, so that one
  /// setting runs everything on the fallbacks.
  static let automatic: PlainScanKernel =
    switch ScanKernel.automatic {
    case .portable, .sse2: .portable
    case .avx2, .avx512: available.last!
    }

  /// Whether this CPU runs the kernel.
  var isSupported: Bool {
    switch self {
    case .portable: true
    case .avx2: tsb_scan_plain_avx2_supported() != 0
    }
  }
}
