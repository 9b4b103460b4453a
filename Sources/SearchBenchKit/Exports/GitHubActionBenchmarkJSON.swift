/// github-action-benchmark's own format (`tool: customSmallerIsBetter`): an array of
/// `{"name", "unit", "value", "range"?, "extra"?}`. It tracks any unit, so the gate's
/// instruction counts go here; its `googlecpp` tool would read only times.
public enum GitHubActionBenchmarkJSON {
  struct Entry: Encodable {
    var name: String
    var unit: String
    var value: Double
    var range: String?
    var extra: String?
  }

  /// `metrics` as github-action-benchmark's `customSmallerIsBetter` JSON.
  public static func json(_ metrics: [ExportedMetric]) -> String {
    ExportJSON.render(
      metrics.map { metric in
        Entry(
          name: "\(metric.benchmark) (\(metric.measure.rawValue))", unit: metric.measure.unit,
          value: metric.value,
          range: metric.lower.flatMap { lower in metric.upper.map { "\(lower)–\($0)" } },
          extra: metric.samples > 1 ? "median of \(metric.samples) rounds" : nil)
      })
  }
}
