/// One transcript entry: when it starts, who speaks, and what is said.
public struct TranscriptRow: Hashable, Sendable {
  /// The start time, in milliseconds from the beginning of the recording.
  public var start: Int64
  /// The speaker's name, if the transcript names one.
  public var speaker: String?
  /// The text that is searched and highlighted.
  public var text: String

  /// A row starting at `start` milliseconds, said by `speaker` (nil when the transcript
  /// names no one).
  public init(start: Int64, speaker: String? = nil, text: String) {
    self.start = start
    self.speaker = speaker
    self.text = text
  }
}
