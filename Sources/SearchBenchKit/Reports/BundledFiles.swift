import Foundation

/// The files `tsbench` needs at run time, installed beside the binary as package
/// resources, so it runs from any folder: the conformance cases and the helper scripts.
public enum BundledFiles {
  /// The match contract's conformance cases (`Sources/SearchBenchKit/Resources/conformance.json`).
  public static var conformanceCases: String {
    // Foundation finds the copied folder's files whichever bundle layout it assumes.
    (Bundle.module.url(forResource: "conformance", withExtension: "json")
      ?? Bundle.module.bundleURL.appendingPathComponent("Resources/conformance.json")).path
  }

  /// The folder holding the cases and the scripts (`peer_stringzilla.py`, `report-charts.py`).
  public static var directory: String {
    URL(fileURLWithPath: conformanceCases).deletingLastPathComponent().path
  }
}
