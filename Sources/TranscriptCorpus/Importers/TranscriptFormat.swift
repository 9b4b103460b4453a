/// The transcript file formats the importers read.
public enum TranscriptFormat: String, CaseIterable, Sendable {
  /// JSON Lines: one `{"start":…, "speaker":…, "text":…}` object per line.
  case jsonl
  /// SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, text lines.
  case srt
  /// WebVTT: a `WEBVTT` header, cues with optional identifiers and settings, voice tags.
  case vtt
  /// Plain text: one row per line.
  case text

  /// The format a file name's extension implies, if any.
  public init?(path: String) {
    let name = path.lowercased()
    if name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson") {
      self = .jsonl
    } else if name.hasSuffix(".srt") {
      self = .srt
    } else if name.hasSuffix(".vtt") {
      self = .vtt
    } else if name.hasSuffix(".txt") {
      self = .text
    } else {
      return nil
    }
  }
}
