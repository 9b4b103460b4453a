import ArgumentParser
import TranscriptCorpus

/// A comma-separated list of scripts, as `--scripts` takes it.
enum ScriptList {
  /// The scripts `value` names, or an error naming `option` and the scripts there are.
  static func parse(_ value: String, option: String) throws -> [Script] {
    let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard !names.isEmpty else { throw ValidationError("\(option) names no script") }
    return try names.map { name in
      guard let script = Script(rawValue: name) else {
        throw ValidationError(
          "Unknown script \"\(name)\" in \(option); known: "
            + Script.allCases.map(\.rawValue).joined(separator: ", "))
      }
      return script
    }
  }
}
