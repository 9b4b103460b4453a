import Foundation

extension InstructionGate {
  /// The verdict as Markdown for a pull request: a heading with the verdict, one row per
  /// count (benchmark, base, head, change, limit, outcome) and, when a count grew, the
  /// functions where the instructions went. Fit for `$GITHUB_STEP_SUMMARY` or a comment.
  ///
  /// - Parameters:
  ///   - baseLabel: what the base is ("main at 1a2b3c4", "the committed baseline").
  ///   - headLabel: what the head is.
  public func markdownSummary(baseLabel: String, headLabel: String) -> String {
    var lines: [String] = []
    switch verdict {
    case .pass:
      lines.append("## Instruction gate: passed" + (improved ? " (and improved)" : ""))
    case .regression:
      lines.append("## Instruction gate: FAILED")
    case .notComparable:
      lines.append("## Instruction gate: no verdict")
    }
    lines.append("")
    lines.append(
      "Base: \(baseLabel). Head: \(headLabel). Counted by callgrind on \(head.workload): the same "
        + "count on any machine of this kind (\(head.fingerprint.architecture), "
        + "\(head.fingerprint.toolchain), \(head.fingerprint.valgrind)), however busy.")
    if let incomparability {
      lines += [
        "", "**\(incomparability.capitalizedFirst).** Measure both on one kind of machine.",
      ]
      return lines.joined(separator: "\n") + "\n"
    }
    lines += [
      "",
      "| benchmark | metric | base | head | change | limit | verdict |",
      "|---|---|---:|---:|---:|---:|---|",
    ]
    for row in rows {
      let change = row.changePercent.map { Self.signed($0) + "%" } ?? "–"
      let outcome =
        switch row.outcome {
        case .regressed: "**regressed**"
        case .improved: "improved"
        case .within: "within"
        case .notGated: "not gated"
        }
      lines.append(
        "| \(row.benchmark) | \(row.metric) | \(row.base.map(Self.grouped) ?? "–") | "
          + "\(row.head.map(Self.grouped) ?? "–") | \(change) | \(row.limit.isEmpty ? "–" : row.limit) | \(outcome) |"
      )
    }
    lines.append("")
    lines.append(
      "Start-up and exit are not gated: they run the system's loader and shared libraries, which "
        + "differ between machines. Limits come from \(thresholds.aaRuns) A/A runs "
        + "(\(thresholds.aaFalseAlarms) false alarms): \(Self.percent(thresholds.floorPercent)) or "
        + "\(thresholds.spreadFactor.formatted1)× the A/A spread, whichever is more.")
    let changes = attribution()
    if verdict == .regression || !changes.isEmpty {
      lines += [
        "",
        verdict == .regression
          ? "### Where the instructions went" : "### Functions that changed most",
        "",
        "Instructions spent in each function itself, whole workload, largest change first "
          + "(\"< N\": under the profile's cutoff of N).",
        "",
        "| function | base | head | change |",
        "|---|---:|---:|---:|",
      ]
      for change in changes {
        lines.append(
          "| `\(Self.shortened(change.name))` | \(change.base.map(Self.grouped) ?? "< \(Self.grouped(base.functionCutoff))") | "
            + "\(change.head.map(Self.grouped) ?? "< \(Self.grouped(head.functionCutoff))") | \(Self.signed(change.delta)) |"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The verdict as lines for a terminal: one per gated count, then the attribution when
  /// a count grew.
  public func textReport() -> [String] {
    if let incomparability { return ["no verdict: \(incomparability)"] }
    var lines: [String] = []
    for row in rows where row.outcome != .notGated {
      let change = row.changePercent.map { Self.signed($0) + "%" } ?? ""
      lines.append(
        "\(row.benchmark) \(row.metric): \(Self.grouped(row.base ?? 0)) -> \(Self.grouped(row.head ?? 0)) "
          + "(\(change), limit \(row.limit)): \(row.outcome.rawValue)")
    }
    if verdict == .regression {
      lines.append("where the instructions went (own instructions per function, base -> head):")
      for change in attribution() {
        lines.append(
          "  \(Self.signed(change.delta).leftPadded(14))  \(Self.shortened(change.name, to: 110))")
      }
    }
    return lines
  }

  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
  }

  static func signed(_ value: Int) -> String { (value > 0 ? "+" : "") + grouped(value) }

  static func signed(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return (rounded > 0 ? "+" : "") + String(format: "%.2f", rounded)
  }

  /// A function's name cut to `limit` characters, so a specialisation's long signature
  /// does not push the table off the screen.
  static func shortened(_ name: String, to limit: Int = 90) -> String {
    let flat = name.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(
      of: "`", with: "'")
    return flat.count <= limit ? flat : String(flat.prefix(limit - 1)) + "…"
  }
}

extension String {
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
  /// The string after spaces enough to fill `width` characters, for right-aligned columns.
  package func leftPadded(_ width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}

extension Double {
  var formatted1: String {
    self == rounded() ? "\(Int(self))" : String(format: "%.1f", self)
  }
}
