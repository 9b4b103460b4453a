import Foundation
import TranscriptCorpus

/// A temporary folder of the process's own (mode 0700, under `TMPDIR`), removed whole by
/// ``remove()`` and when the process is interrupted: what a measurement or a bisection
/// writes on its way (callgrind's parts, a stripped copy of a binary) never outlives it.
public final class ScratchFolder: Sendable {
  public let path: String
  private let action: Int

  /// Creates `<TMPDIR>/<prefix>XXXXXX`.
  ///
  /// - Throws: ``ScratchFolderError`` naming the folder it could not create.
  public init(prefix: String) throws(ScratchFolderError) {
    var folder = NSTemporaryDirectory()
    if !folder.hasSuffix("/") { folder += "/" }
    var template = Array("\(folder)\(prefix)XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard made != nil else {
      throw ScratchFolderError(
        "cannot create a temporary folder in \(folder): \(String(cString: strerror(errno)))")
    }
    let path = String(filledTemplate: template)
    self.path = path
    action = InterruptCleanup.addAction { try? FileManager.default.removeItem(atPath: path) }
  }

  /// `name` inside the folder.
  public func file(_ name: String) -> String { "\(path)/\(name)" }

  /// Removes the folder and everything in it.
  public func remove() {
    InterruptCleanup.removeAction(action)
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A temporary folder that could not be created.
public struct ScratchFolderError: Error, CustomStringConvertible {
  public var description: String
  init(_ description: String) { self.description = description }
}
