import TranscriptSearch

/// Where a reader puts the rows it parses: a ``Corpus``, or one part of a corpus being
/// read on several cores (`PartRows`).
protocol RowSink {
  /// The distinct speaker names, by index.
  var speakers: [String] { get }

  /// The index of `speaker` in ``speakers``, added if new; -1 for none.
  mutating func speakerIndex(for speaker: String?) -> Int32

  /// Appends a row whose speaker is given by its index in ``speakers``, or -1.
  mutating func appendRow(start: Int64, speakerIndex: Int32, utf8Text: UnsafeBufferPointer<UInt8>)
}

extension Corpus: RowSink {}
