import Foundation
import Testing

@testable import SearchBenchKit

@Suite("HistoryFile")
struct HistoryFileTests {
  let fingerprint = gateProfile([:]).fingerprint

  func record(_ commit: String, search: Int = 14_837_802) -> HistoryRecord {
    HistoryRecord(
      commit: commit, date: "2026-12-01T19:00:00+00:00", fingerprint: fingerprint.id,
      instructions: [
        "startup": 17_698_770, "generate": 100_301_104, "fold": 36_237_968, "folded-search": search,
        "chunked-search": 16_724_634, "index-and-highlight": 42_451_997, "exit": 106_437,
      ],
      allocations: [
        "startup": 54, "generate": 10_890, "fold": 8_077, "folded-search": 197,
        "chunked-search": 206,
        "index-and-highlight": 6_201, "exit": 28,
      ],
      ratios: [
        "pcre2/folded frequent": 3.1416, "pcre2/folded rare": 2.0712, "pcre2/folded absent": 2.5301,
        "chunked/folded frequent": 0.6123, "chunked/folded rare": 0.9981,
        "chunked/folded absent": 1.0212,
      ])
  }

  func folder() throws -> String {
    let folder = NSTemporaryDirectory() + "tsb-history-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func aFullRecordIsUnderAKilobyte() {
    let line = record(String(repeating: "a", count: 12)).line
    #expect(line.utf8.count <= 1_024, "\(line.utf8.count) bytes")
  }

  @Test func readsBackWhatItWroteReplacingARecordedCommit() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var file = HistoryFile(
      path: HistoryFile.path(in: folder, for: fingerprint), fingerprint: fingerprint)
    try file.append(record("aaaaaaaaaaaa"))
    try file.append(record("bbbbbbbbbbbb"))
    try file.append(record("aaaaaaaaaaaa", search: 15_000_000))
    try file.text.write(toFile: file.path, atomically: true, encoding: .utf8)
    let read = try HistoryFile.load(file.path)
    #expect(read.records.map(\.commit) == ["bbbbbbbbbbbb", "aaaaaaaaaaaa"])
    #expect(read.records.last?.instructions["folded-search"] == 15_000_000)
    #expect(read.problems.isEmpty)
  }

  @Test func keepsTheNewestRecordsOnly() throws {
    var file = HistoryFile(path: "/unused", fingerprint: fingerprint)
    for number in 0..<(HistoryFile.retention + 5) {
      try file.append(record(String(format: "%012x", number)))
    }
    #expect(file.records.count == HistoryFile.retention)
    #expect(file.records.first?.commit == String(format: "%012x", 5))
  }

  @Test func namesEveryLineItCannotUseAndRefusesToRewriteThem() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var file = HistoryFile(
      path: HistoryFile.path(in: folder, for: fingerprint), fingerprint: fingerprint)
    try file.append(record("aaaaaaaaaaaa"))
    var foreign = record("cccccccccccc")
    foreign.fingerprint = "0badf00d"
    let good = record("bbbbbbbbbbbb").line
    let text = file.text + String(good.prefix(good.count / 2)) + "\n" + foreign.line + "\n"
    try text.write(toFile: file.path, atomically: true, encoding: .utf8)
    var read = try HistoryFile.load(file.path)
    #expect(read.records.map(\.commit) == ["aaaaaaaaaaaa"])
    #expect(read.problems.count == 2)
    #expect(read.problems[0].hasPrefix("\(file.path):3: not a history record"))
    #expect(
      read.problems[1].contains(
        ":4: the record of cccccccccccc was measured on another kind of machine"))
    #expect(throws: HistoryError.self) { try read.append(record("dddddddddddd")) }
    #expect(throws: HistoryError.self) {
      var other = HistoryFile(path: "/unused", fingerprint: fingerprint)
      try other.append(foreign)
    }
    try "{\"not\": \"a header\"}\n".write(toFile: file.path, atomically: true, encoding: .utf8)
    #expect(throws: HistoryError.self) { try HistoryFile.load(file.path) }
  }

  @Test func theReportKeepsMachineKindsApartAndMarksOnlyRealSteps() {
    var mine = HistoryFile(path: "mine.jsonl", fingerprint: fingerprint)
    for number in 0..<12 {
      try? mine.append(
        record(String(format: "%012x", number), search: number < 9 ? 14_837_802 : 29_535_557))
    }
    var otherFingerprint = fingerprint
    otherFingerprint.scanKernel = "sse2"
    var other = HistoryFile(path: "other.jsonl", fingerprint: otherFingerprint)
    for number in 0..<5 {
      var flat = record(String(format: "%012x", number))
      flat.fingerprint = otherFingerprint.id
      try? other.append(flat)
    }
    let report = HistoryReport(files: [mine, other])
    let steps = report.sections[0].series.filter { !$0.steps.isEmpty }
    #expect(
      steps.map(\.name) == ["instructions, whole run", "instructions: folded-search"])
    #expect(steps.allSatisfy { $0.steps.map(\.index) == [9] })
    #expect(report.sections[1].series.allSatisfy { $0.steps.isEmpty })
    let page = report.markdown(command: "test")
    #expect(page.contains("never compared"))
    #expect(
      page.contains("| instructions: folded-search | `000000000009` | 14.84M → 29.54M | +99.06% |"))
    #expect(page.contains("No steps: every series is flat."))
    #expect(report.charts.keys.contains("\(fingerprint.id)-instructions-folded-search.svg"))
  }
}
