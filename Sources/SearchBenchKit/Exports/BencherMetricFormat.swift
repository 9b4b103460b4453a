import Foundation

/// Bencher Metric Format (BMF) JSON, what Bencher's `json` adapter reads: an object keyed
/// by benchmark name, each an object keyed by measure slug, each `{"value", "lower_value",
/// "upper_value"}` (the last two optional). `latency` is Bencher's built-in measure, in
/// nanoseconds; `instructions` and `allocations` are created on first upload.
///
///     bencher run --adapter json --file bmf.json
public enum BencherMetricFormat {
  /// `metrics` as BMF JSON, keys sorted.
  public static func json(_ metrics: [ExportedMetric]) -> String {
    var document: [String: [String: [String: Double]]] = [:]
    for metric in metrics {
      var value = ["value": metric.value]
      if let lower = metric.lower { value["lower_value"] = lower }
      if let upper = metric.upper { value["upper_value"] = upper }
      document[metric.benchmark, default: [:]][metric.measure.rawValue] = value
    }
    return ExportJSON.render(document)
  }
}

/// JSON text with sorted keys, for exports that are diffed and committed.
enum ExportJSON {
  static func render(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every exported value is a finite number or a string: encoding cannot fail.
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
