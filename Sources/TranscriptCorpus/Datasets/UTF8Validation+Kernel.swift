import CUTF8Validation
import TranscriptSearch

extension UTF8Validation {
  /// How UTF-8 is validated: every kernel gives the same answer, only its speed differs.
  enum Kernel: String, CaseIterable, Sendable {
    /// Swift, a sequence at a time: runs on every CPU.
    case portable
    /// x86-64 AVX2, 32 bytes a step.
    case avx2

    /// The kernels this CPU runs.
    static let available: [Kernel] = allCases.filter(\.isSupported)

    /// The vector kernel where the CPU has one and the scan kernels' automatic choice is
    /// not limited below AVX2 (``ScanKernel/limitAutomaticChoice(to:)``): limiting it to
    /// `portable` tests every fallback at once.
    static var automatic: Kernel {
      Kernel.avx2.isSupported && [.avx2, .avx512].contains(ScanKernel.automatic) ? .avx2 : .portable
    }

    var isSupported: Bool {
      switch self {
      case .portable: true
      case .avx2: tsb_utf8_avx2_supported() != 0
      }
    }
  }
}
