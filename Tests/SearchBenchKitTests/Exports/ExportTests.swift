import Foundation
import Testing

@testable import SearchBenchKit

/// The exports checked against each format's documented fields: Bencher Metric Format
/// (bencher.dev, its JSON schema), Google Benchmark's JSON as github-action-benchmark reads
/// it (`context` and `benchmarks[]`), and github-action-benchmark's own custom format.
@Suite("Exports")
struct ExportTests {
  let metrics = [
    ExportedMetric(benchmark: "gate/fold", measure: .instructions, value: 36_237_968),
    ExportedMetric(benchmark: "gate/fold", measure: .allocations, value: 8_077),
    ExportedMetric(
      benchmark: "compare/mixed-10k/rare/folded", measure: .latency, value: 41_000, lower: 39_000,
      upper: 60_000, samples: 7),
  ]

  func object(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  @Test func bencherMetricFormatIsBenchmarksOfMeasuresOfValues() throws {
    let document = try #require(
      try object(BencherMetricFormat.json(metrics)) as? [String: [String: [String: Double]]])
    #expect(Set(document.keys) == ["gate/fold", "compare/mixed-10k/rare/folded"])
    #expect(document["gate/fold"]?["instructions"] == ["value": 36_237_968])
    #expect(
      document["compare/mixed-10k/rare/folded"]?["latency"] == [
        "value": 41_000, "lower_value": 39_000, "upper_value": 60_000,
      ])
    for measures in document.values {
      for metric in measures.values {
        #expect(metric["value"] != nil)
        #expect(Set(metric.keys).isSubset(of: ["value", "lower_value", "upper_value"]))
      }
    }
  }

  @Test func googleBenchmarkJSONHasTheDocumentedFields() throws {
    let document = try #require(
      try object(GoogleBenchmarkJSON.json(metrics, executable: "GateWorkload")) as? [String: Any])
    let context = try #require(document["context"] as? [String: Any])
    for field in [
      "date", "host_name", "executable", "num_cpus", "mhz_per_cpu", "cpu_scaling_enabled", "caches",
      "load_avg", "library_build_type",
    ] {
      #expect(context[field] != nil, "context.\(field)")
    }
    #expect(context["library_build_type"] as? String == "release")
    let benchmarks = try #require(document["benchmarks"] as? [[String: Any]])
    #expect(benchmarks.count == 2)
    for benchmark in benchmarks {
      for field in ["name", "run_name", "run_type", "time_unit"] {
        #expect(benchmark[field] is String, "\(field)")
      }
      for field in [
        "repetitions", "repetition_index", "threads", "iterations", "real_time", "cpu_time",
      ] {
        #expect(benchmark[field] is NSNumber, "\(field)")
      }
    }
    let fold = try #require(benchmarks.first { $0["name"] as? String == "gate/fold" })
    #expect(fold["instructions"] as? Double == 36_237_968)
    #expect(fold["allocations"] as? Double == 8_077)
    let timed = try #require(
      benchmarks.first { $0["name"] as? String == "compare/mixed-10k/rare/folded" })
    #expect(timed["real_time"] as? Double == 41_000)
    #expect(timed["time_unit"] as? String == "ns")
    #expect(timed["iterations"] as? Int == 7)
  }

  @Test func githubActionBenchmarkJSONIsNamedValuesWithUnits() throws {
    let entries = try #require(
      try object(GitHubActionBenchmarkJSON.json(metrics)) as? [[String: Any]])
    #expect(entries.count == 3)
    for entry in entries {
      #expect(entry["name"] is String && entry["unit"] is String && entry["value"] is NSNumber)
    }
    #expect(entries.first?["name"] as? String == "gate/fold (instructions)")
    #expect(entries.first?["unit"] as? String == "instructions")
  }

  @Test func aProfileAndAComparisonExportEveryCount() {
    let profile = gateProfile(["fold": (100, 2), "folded-search": (50, 1)])
    #expect(profile.exportedMetrics.count == 4)
    #expect(
      profile.exportedMetrics.map(\.benchmark) == [
        "gate/fold", "gate/fold", "gate/folded-search", "gate/folded-search",
      ])
  }
}
