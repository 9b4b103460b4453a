import TranscriptSearch

/// Writes rows as SubRip cues, atomically (for benchmarks of the importer and for
/// exporting a corpus to subtitle tools). Each cue lasts until the next row starts.
public final class SubRipWriter {
  private let file: AtomicFileWriter
  private var cue = 0

  public init(path: String) throws(DatasetError) {
    file = try AtomicFileWriter(path: path)
  }

  /// Writes one cue; `end` is when it stops showing, in milliseconds.
  public func write(_ row: TranscriptRow, end: Int64) throws(DatasetError) {
    cue += 1
    // Line breaks inside the text would end the cue early.
    let text = row.text.split(whereSeparator: \.isNewline).joined(separator: " ")
    try file.write(
      "\(cue)\n\(Self.timestamp(row.start)) --> \(Self.timestamp(max(end, row.start)))\n"
        + (text.isEmpty ? " " : text) + "\n\n")
  }

  @discardableResult
  public func finish() throws(DatasetError) -> String { try file.commit() }

  /// `HH:MM:SS,mmm`.
  static func timestamp(_ milliseconds: Int64) -> String {
    let value = max(milliseconds, 0)
    func two(_ number: Int64) -> String { number < 10 ? "0\(number)" : "\(number)" }
    let millis = value % 1000
    let padded = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
    return
      "\(two(value / 3_600_000)):\(two(value / 60_000 % 60)):\(two(value / 1000 % 60)),\(padded)"
  }
}
