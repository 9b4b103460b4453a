import Foundation

/// The committed baseline of the instruction gate (`results/gate/instructions.json`): a
/// profile of the gate workload and the thresholds its A/A runs gave.
public struct InstructionBaseline: Codable, Sendable, Equatable {
  public var profile: InstructionProfile
  public var thresholds: GateThresholds

  public init(profile: InstructionProfile, thresholds: GateThresholds) {
    self.profile = profile
    self.thresholds = thresholds
  }

  /// The baseline written as JSON in `data`, read from `path`.
  ///
  /// - Throws: ``InstructionProfileError`` naming the file and what is wrong with it; a
  ///   baseline from before the workload had phases (one total, no thresholds) says to
  ///   record a new one.
  public static func decode(_ data: Data, from path: String) throws(InstructionProfileError) -> Self
  {
    if isOldFormat(data) {
      throw InstructionProfileError(
        "\(path) is a baseline of the old format (one total, no phases, no A/A thresholds): "
          + "record a new one with 'make bench-baseline'")
    }
    let baseline: Self
    do { baseline = try JSONDecoder().decode(Self.self, from: data) } catch {
      throw InstructionProfileError(
        "\(path) is not an instruction baseline: \(InstructionProfile.reason(error))")
    }
    try baseline.profile.check(from: path)
    return baseline
  }

  /// Whether `data` is a baseline from before the workload had phases: one total count.
  public static func isOldFormat(_ data: Data) -> Bool {
    topLevelKeys(data).contains("instructions")
  }

  /// Whether `data` is an object with a baseline's keys (not a bare profile's).
  public static func looksLikeBaseline(_ data: Data) -> Bool {
    topLevelKeys(data).contains("thresholds")
  }

  static func topLevelKeys(_ data: Data) -> Set<String> {
    ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]).map { Set($0.keys) } ?? []
  }
}
