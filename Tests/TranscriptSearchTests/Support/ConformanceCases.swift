import Foundation
import Testing

@testable import TranscriptSearch

/// The repository's conformance cases (datasets/conformance.json), read directly so the
/// core's tests do not depend on the harness.
struct ConformanceCase: Decodable, Sendable, CustomTestStringConvertible {
  var name: String
  var family: String
  var text: String
  var keyword: String
  var expected: [[Int]]
  private var options: SearchOptions?

  /// The case's find options (the default ones when the file gives none).
  var searchOptions: SearchOptions { options ?? .default }

  var testDescription: String { name }

  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let all: [ConformanceCase] = {
    let url = repositoryRoot.appendingPathComponent("datasets/conformance.json")
    do {
      return try JSONDecoder().decode([ConformanceCase].self, from: Data(contentsOf: url))
    } catch {
      fatalError("cannot read \(url.path): \(error)")
    }
  }()
}
