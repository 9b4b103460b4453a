import TranscriptSearch

/// The rows of one part of a file read on several cores, their texts written straight
/// into the part's region of the text buffer the whole corpus keeps, so that joining the
/// parts copies no text.
///
/// A region is as long as the part's lines, which hold their texts and more (keys, start
/// and speaker), so texts fit. Only repairs of invalid UTF-8 can make a text longer than
/// its line (a byte becomes the three of U+FFFD); a part whose texts outgrow its region
/// keeps its rows in a ``Corpus`` of its own from then on, and the parts are joined by
/// copying.
struct PartRows: RowSink {
  /// The part's region of the shared buffer, and where it starts there.
  private let region: UnsafeMutableBufferPointer<UInt8>
  private let regionStart: Int
  private(set) var columns = Corpus.Columns()
  private var speakerLookup: [String: Int32] = [:]
  /// Text bytes written to the region so far.
  private(set) var used = 0
  /// The rows, once the texts outgrew the region.
  private(set) var overflow: Corpus?
  /// Whether they did (checked each row: cheaper than the optional corpus).
  private(set) var overflowed = false

  init(region: UnsafeMutableBufferPointer<UInt8>, at regionStart: Int, reservingRows rows: Int) {
    self.region = region
    self.regionStart = regionStart
    columns.offsets.reserveCapacity(rows)
    columns.lengths.reserveCapacity(rows)
    columns.startTimes.reserveCapacity(rows)
    columns.speakerIndices.reserveCapacity(rows)
  }

  var speakers: [String] { overflowed ? overflow!.speakers : columns.speakerNames }

  mutating func speakerIndex(for speaker: String?) -> Int32 {
    if overflowed { return overflow!.speakerIndex(for: speaker) }
    guard let speaker else { return -1 }
    if let index = speakerLookup[speaker] { return index }
    let index = Int32(columns.speakerNames.count)
    columns.speakerNames.append(speaker)
    speakerLookup[speaker] = index
    return index
  }

  mutating func appendRow(
    start: Int64, speakerIndex: Int32, utf8Text: UnsafeBufferPointer<UInt8>
  ) {
    if !overflowed && utf8Text.count > region.count - used { overflowRegion() }
    if overflowed {
      overflow!.appendRow(start: start, speakerIndex: speakerIndex, utf8Text: utf8Text)
      return
    }
    precondition(utf8Text.count <= Int(UInt32.max), "A row's text is limited to 4 GiB")
    if let last = columns.startTimes.last, start < last { columns.startTimesAreOrdered = false }
    columns.offsets.append(regionStart + used)
    columns.lengths.append(UInt32(utf8Text.count))
    columns.startTimes.append(start)
    columns.speakerIndices.append(speakerIndex)
    if let source = utf8Text.baseAddress {
      (region.baseAddress! + used).update(from: source, count: utf8Text.count)
    }
    used += utf8Text.count
    columns.utf8TextCount += utf8Text.count
  }

  /// The rows' columns, moved out (none are left here).
  mutating func takeColumns() -> Corpus.Columns {
    var taken = Corpus.Columns()
    swap(&taken, &columns)
    return taken
  }

  /// Moves the rows so far into a corpus of the part's own, which takes every row after.
  private mutating func overflowRegion() {
    var corpus = Corpus()
    corpus.reserveCapacity(rows: columns.offsets.count, textBytes: used * 2)
    // The same speakers at the same indices, so the parser's indices stay right.
    for name in columns.speakerNames { _ = corpus.speakerIndex(for: name) }
    for row in columns.offsets.indices {
      let start = columns.offsets[row] - regionStart
      corpus.appendRow(
        start: columns.startTimes[row], speakerIndex: columns.speakerIndices[row],
        utf8Text: UnsafeBufferPointer(
          rebasing: region[start..<start + Int(columns.lengths[row])]))
    }
    overflow = corpus
    overflowed = true
    columns = Corpus.Columns()
  }
}
