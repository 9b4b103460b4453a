import Foundation
import Testing

@testable import SearchBenchKit

/// Replays the fuzzers' kept inputs: their corpora and every failure they ever found.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz")

  static func inputs(_ target: String) -> [URL] {
    ["Corpus", "Regressions"].flatMap { folder -> [URL] in
      let directory = fuzz.appendingPathComponent("\(folder)/\(target)")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      return names.filter { !$0.hasPrefix(".") }.sorted().map {
        directory.appendingPathComponent($0)
      }
    }
  }

  @Test func matcherInputsAgreeWithTheOracle() throws {
    let inputs = Self.inputs("Matchers")
    #expect(inputs.count >= 100)  // the seeds from the conformance cases, at least
    for input in inputs {
      let difference = FuzzChecks.matchersDisagree(on: Array(try Data(contentsOf: input)))
      #expect(difference == nil, "\(input.lastPathComponent): \(difference ?? "")")
    }
  }

  @Test func importerInputsNeitherCrashNorHang() throws {
    let inputs = Self.inputs("Importers")
    #expect(!inputs.isEmpty)
    for input in inputs { FuzzChecks.importAll(Array(try Data(contentsOf: input))) }
  }

  @Test func encodingInputsAreToldOrRefused() throws {
    let inputs = Self.inputs("Encodings")
    #expect(!inputs.isEmpty)
    for input in inputs {
      let wrong = FuzzChecks.detectEncoding(Array(try Data(contentsOf: input)))
      #expect(wrong == nil, "\(input.lastPathComponent): \(wrong ?? "")")
    }
  }

  @Test func baselineInputsNeitherCrashNorTrap() throws {
    let inputs = Self.inputs("Baselines")
    #expect(!inputs.isEmpty)
    for input in inputs { FuzzChecks.readBaseline(Array(try Data(contentsOf: input))) }
  }

  @Test func theChecksRunOnAKnownInput() {
    #expect(FuzzChecks.matchersDisagree(on: Array("STRASSE straße\0strasse".utf8)) == nil)
    #expect(FuzzChecks.importAll(Array("1\n00:00:01,000 --> 00:00:02,000\nhi\n".utf8)) >= 2)
  }
}
