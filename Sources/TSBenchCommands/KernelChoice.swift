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
    discussion: "Set \(environmentVariable) to limit auto everywhere.")

  /// Throws unless this CPU runs the kernel.
  func validate() throws {
    guard kernel.isSupported else {
      throw ValidationError(
        "this CPU cannot run the \(kernel) kernel; it runs "
          + ScanKernel.available.map(\.rawValue).joined(separator: ", "))
    }
  }

  /// The environment variable that limits `auto` for the whole run (the fold's and the
  /// importers' kernels too): `TSB_SCAN_KERNEL=portable` runs the portable code everywhere.
  static let environmentVariable = "TSB_SCAN_KERNEL"

  /// Limits the automatic kernel choice to what ``environmentVariable`` names, or returns
  /// a message when it names something that cannot be honoured, so that a run meant for
  /// one kernel does not quietly measure another.
  static func applyEnvironment() -> String? {
    guard let raw = getenv(environmentVariable) else { return nil }
    let value = String(cString: raw)
    guard let kernel = ScanKernel(rawValue: value) else {
      return "\(environmentVariable)=\(value) is not a kernel; use one of "
        + ScanKernel.allCases.map(\.rawValue).joined(separator: ", ")
    }
    do {
      try ScanKernel.limitAutomaticChoice(to: kernel)
    } catch {
      return "\(environmentVariable)=\(value): \(error)"
    }
    return nil
  }
}
