import Foundation
import SearchStrategies
import Testing
import TranscriptSearch

@testable import SearchBenchKit

@Suite("ConformanceReport")
struct ConformanceReportTests {
  let cases = [
    ConformanceCase(
      name: "sharp-s", family: "expansion", text: "STRASSE", keyword: "straße", expected: [[0, 7]]),
    ConformanceCase(
      name: "plain", family: "ascii", text: "a cat", keyword: "CAT", expected: [[2, 5]]),
    // Deliberately wrong: the contract finds "cat" here.
    ConformanceCase(name: "wrong", family: "ascii", text: "cat", keyword: "cat", expected: []),
  ]

  @Test func countsPassesAndKeepsEachFailureWithItsFamily() async throws {
    let report = try await ConformanceReport.run(Strategy(.folded), on: cases)
    #expect(report.passed == 2)
    #expect(report.total == 3)
    #expect(!report.conforms)
    #expect(report.failures.map(\.case) == ["wrong"])
    #expect(report.failures.first?.got == [[0, 3]])
    #expect(report.failingFamilies.map(\.family) == ["ascii"])
  }

  @Test func theShippedSuiteIsPassedByTheContractMatchers() async throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("datasets/conformance.json").path
    let shipped = try ConformanceCase.load(from: path)
    for kind in MatcherKind.allCases where kind.followsContract {
      let report = try await ConformanceReport.run(Strategy(kind), on: shipped)
      #expect(report.conforms, "\(kind): \(report.failures.prefix(3))")
    }
  }

  @Test func malformedCaseFilesAreNamed() throws {
    let path = NSTemporaryDirectory() + "cases-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(#"[{"name":"x","text":"a","keyword":"a","expected":[[1,0]]}]"#.utf8)
      .write(to: URL(fileURLWithPath: path))
    let error = #expect(throws: (any Error).self) { try ConformanceCase.load(from: path) }
    #expect("\(String(describing: error))".contains(path))
    #expect(throws: (any Error).self) { try ConformanceCase.load(from: path + ".missing") }
  }

  @Test func markdownListsEveryMatcher() async throws {
    let reports = [
      try await ConformanceReport.run(Strategy(.folded), on: cases),
      try await ConformanceReport.run(Strategy(.oracle), on: cases),
    ]
    let text = ConformanceReport.markdown(reports, caseCount: 3, command: "test")
    #expect(text.contains("| folded | 2/3 |"))
    #expect(text.contains("| oracle | 2/3 |"))
  }
}
