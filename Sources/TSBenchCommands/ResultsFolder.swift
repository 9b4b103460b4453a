import ArgumentParser
import Foundation
import TranscriptCorpus

/// The folder a command writes its reports to.
enum ResultsFolder {
  /// Creates `path` if missing and checks that each of `files` in it may be written and is
  /// none of `inputs` (``OutputPath/check(outputs:inputs:)``), so that a command fails
  /// before minutes of measuring, not after, and never replaces what it reads.
  static func prepare(_ path: String, writing files: [String], inputs: [String]) throws {
    var info = stat()
    if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
      throw ValidationError("the results folder \(path) is not a folder")
    }
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw ValidationError(
        "cannot create the results folder \(path): \(error.localizedDescription)")
    }
    guard FileManager.default.isWritableFile(atPath: path) else {
      throw ValidationError("the results folder \(path) is not writable")
    }
    try OutputPath.check(outputs: files.map { "\(path)/\($0)" }, inputs: inputs)
  }
}
