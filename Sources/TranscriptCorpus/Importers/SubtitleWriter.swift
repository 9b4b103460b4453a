import Foundation
import TranscriptSearch

/// Writes rows as SubRip or WebVTT cues, atomically (for benchmarks of the importers and
/// for exporting a corpus to subtitle tools). Each cue lasts until `end`.
public final class SubtitleWriter {
  public let format: TranscriptFormat
  private let file: AtomicFileWriter
  private var cue = 0

  /// - Precondition: `format` is `.srt` or `.vtt`.
  public init(path: String, format: TranscriptFormat) throws(DatasetError) {
    precondition(format == .srt || format == .vtt, "Subtitle formats only")
    self.format = format
    file = try AtomicFileWriter(path: path)
    if format == .vtt { try file.write("WEBVTT\n\n") }
  }

  /// Writes one cue; `end` is when it stops showing, in milliseconds. A WebVTT cue's
  /// speaker becomes a voice tag.
  public func write(_ row: TranscriptRow, end: Int64) throws(DatasetError) {
    cue += 1
    // Line breaks inside the text would end the cue early.
    var text = row.text.split(whereSeparator: \.isNewline).joined(separator: " ")
    let timing =
      "\(Self.timestamp(row.start, format)) --> \(Self.timestamp(max(end, row.start), format))"
    if format == .vtt {
      text = Self.escaped(text)
      if let speaker = row.speaker { text = "<v \(Self.escaped(speaker))>" + text }
      try file.write("\(cue)\n\(timing)\n\(text)\n\n")
    } else {
      try file.write("\(cue)\n\(timing)\n\(text)\n\n")
    }
  }

  @discardableResult
  public func finish() throws(DatasetError) -> String { try file.commit() }

  /// `HH:MM:SS,mmm` (SubRip) or `HH:MM:SS.mmm` (WebVTT).
  static func timestamp(_ milliseconds: Int64, _ format: TranscriptFormat) -> String {
    let value = max(milliseconds, 0)
    func two(_ number: Int64) -> String { number < 10 ? "0\(number)" : "\(number)" }
    let millis = value % 1000
    let padded = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
    return "\(two(value / 3_600_000)):\(two(value / 60_000 % 60)):\(two(value / 1000 % 60))"
      + (format == .srt ? "," : ".") + padded
  }

  /// Text as WebVTT cue text: `&`, `<` and `>` as references, and "-->" broken up (it
  /// would end the cue).
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
