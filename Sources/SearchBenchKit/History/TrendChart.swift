import Foundation

/// A series over commits drawn as a small SVG line chart, its steps marked with their
/// commit and change: what the history report embeds, one per benchmark. Self-contained
/// SVG, so it shows on GitHub and in any browser without a chart library.
public enum TrendChart {
  public static func svg(
    title: String, commits: [String], values: [Double], steps: [ChangePoints.Step]
  ) -> String {
    let width = 720.0
    let height = 240.0
    let left = 78.0
    let right = 16.0
    let top = 44.0
    let bottom = 40.0
    var low = values.min() ?? 0
    var high = values.max() ?? 1
    if high - low < high * 1e-6 {
      low *= 0.99
      high *= 1.01
    }
    let pad = (high - low) * 0.08
    low -= pad
    high += pad
    func x(_ index: Int) -> Double {
      values.count < 2
        ? left + (width - left - right) / 2
        : left + Double(index) / Double(values.count - 1) * (width - left - right)
    }
    func y(_ value: Double) -> Double {
      top + (high - value) / (high - low) * (height - top - bottom)
    }
    var parts: [String] = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
        + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"11\">",
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
      "<text x=\"\(Int(left))\" y=\"18\" font-size=\"13\" font-weight=\"bold\">\(escaped(title))</text>",
      "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(left)\" y2=\"\(height - bottom)\" stroke=\"#999\"/>",
      "<line x1=\"\(left)\" y1=\"\(height - bottom)\" x2=\"\(width - right)\" y2=\"\(height - bottom)\" stroke=\"#999\"/>",
    ]
    for value in [low + pad, high - pad] {
      parts.append(
        "<text x=\"\(left - 6)\" y=\"\(format(y(value) + 4))\" text-anchor=\"end\" fill=\"#444\">\(compact(value))</text>"
      )
    }
    if let first = commits.first, let last = commits.last {
      parts.append(
        "<text x=\"\(left)\" y=\"\(height - bottom + 16)\" fill=\"#444\">\(escaped(String(first.prefix(7))))</text>"
      )
      parts.append(
        "<text x=\"\(width - right)\" y=\"\(height - bottom + 16)\" text-anchor=\"end\" fill=\"#444\">\(escaped(String(last.prefix(7))))</text>"
      )
      parts.append(
        "<text x=\"\(format((left + width - right) / 2))\" y=\"\(height - 8)\" text-anchor=\"middle\" fill=\"#444\">"
          + "\(commits.count) commits, oldest to newest</text>")
    }
    for step in steps {
      let position = (x(step.index - 1) + x(step.index)) / 2
      parts.append(
        "<line x1=\"\(format(position))\" y1=\"\(top)\" x2=\"\(format(position))\" y2=\"\(height - bottom)\" "
          + "stroke=\"#c0392b\" stroke-dasharray=\"4 3\"/>")
      let anchor = position > width * 0.7 ? "end" : "start"
      let label =
        "\(String(commits[step.index].prefix(7))) \(step.percent >= 0 ? "+" : "")\(String(format: "%.1f", step.percent))%"
      parts.append(
        "<text x=\"\(format(position + (anchor == "end" ? -4 : 4)))\" y=\"\(top - 4)\" text-anchor=\"\(anchor)\" "
          + "fill=\"#c0392b\">\(escaped(label))</text>")
    }
    let line = values.indices.map { "\(format(x($0))),\(format(y(values[$0])))" }.joined(
      separator: " ")
    parts.append(
      "<polyline points=\"\(line)\" fill=\"none\" stroke=\"#2c6fbb\" stroke-width=\"1.8\"/>")
    for index in values.indices {
      parts.append(
        "<circle cx=\"\(format(x(index)))\" cy=\"\(format(y(values[index])))\" r=\"2.6\" fill=\"#2c6fbb\">"
          + "<title>\(escaped(String(commits[index].prefix(12)))): \(compact(values[index]))</title></circle>"
      )
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n") + "\n"
  }

  static func format(_ value: Double) -> String { String(format: "%.1f", value) }

  /// 14.8M, 10.9k, 0.312: short enough for an axis.
  static func compact(_ value: Double) -> String {
    switch abs(value) {
    case 1e9...: String(format: "%.3gG", value / 1e9)
    case 1e6...: String(format: "%.4gM", value / 1e6)
    case 1e4...: String(format: "%.4gk", value / 1e3)
    default: String(format: "%.4g", value)
    }
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
