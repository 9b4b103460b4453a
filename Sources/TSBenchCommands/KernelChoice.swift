import ArgumentParser
import TranscriptSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `--kernel` value: `auto` (the widest kernel this CPU runs) or a kernel by name.
struct KernelChoice: ExpressibleByArgument, CustomStringConvertible {
  var kernel: ScanKernel
  var description: String

  init?(argument: String) {
    if argument == "auto" {
      kernel = .automatic
    } else if let named = ScanKernel(rawValue: argument) {
      kernel = named
    } else {
      return nil
    }
    description = argument
  }

  static var allValueStrings: [String] { ["auto"] + ScanKernel.allCases.map(\.rawValue) }

  /// What `--help` says of `--kernel`.
  static let help = ArgumentHelp(
    "The scan kernel of folded and chunked: auto (the widest this CPU runs: \(ScanKernel.automatic)), or one of \(ScanKernel.available.map(\.rawValue).joined(separator: ", ")).",
    discussion: "Set \(ScanKernel.environmentVariable) to cap auto everywhere.")

  /// Throws unless this CPU runs the kernel.
  func validate() throws {
    guard kernel.isSupported else {
      throw ValidationError(
        "this CPU cannot run the \(kernel) kernel; it runs "
          + ScanKernel.available.map(\.rawValue).joined(separator: ", "))
    }
  }

  /// A message if ``ScanKernel/environmentVariable`` is set to something that cannot be
  /// honoured, so that a run meant for one kernel does not quietly measure another.
  static var environmentProblem: String? {
    guard let raw = getenv(ScanKernel.environmentVariable) else { return nil }
    let value = String(cString: raw)
    guard let kernel = ScanKernel(rawValue: value) else {
      return "\(ScanKernel.environmentVariable)=\(value) is not a kernel; use one of "
        + ScanKernel.allCases.map(\.rawValue).joined(separator: ", ")
    }
    guard kernel.isSupported else {
      return "\(ScanKernel.environmentVariable)=\(value): this CPU cannot run it; it runs "
        + ScanKernel.available.map(\.rawValue).joined(separator: ", ")
    }
    return nil
  }
}
