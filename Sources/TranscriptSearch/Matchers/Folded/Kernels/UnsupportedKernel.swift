/// A scan kernel this CPU cannot run, named where the choice is made
/// (``ScanKernel/limitAutomaticChoice(to:)``).
public struct UnsupportedKernel: Error, Equatable, CustomStringConvertible {
  /// The kernel asked for.
  public let kernel: ScanKernel

  public var description: String {
    "this CPU cannot run the \(kernel) kernel; it runs "
      + ScanKernel.available.map(\.rawValue).joined(separator: ", ")
  }
}
