import ArgumentParser
import Foundation

/// The folder a command writes its reports to.
enum ResultsFolder {
  /// Creates `path` if missing and checks that it is writable, so that a command fails
  /// before minutes of measuring, not after.
  static func prepare(_ path: String) throws {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw ValidationError(
        "cannot create the results folder \(path): \(error.localizedDescription)")
    }
    guard FileManager.default.isWritableFile(atPath: path) else {
      throw ValidationError("the results folder \(path) is not writable")
    }
  }
}
