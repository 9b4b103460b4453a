import Foundation

/// A corpus folded for search: every row's composed key (see <doc:MatchContract>; without
/// nonspacing marks in the form that ignores diacritics) in
/// contiguous buffers of about ``defaultSegmentBytes`` each (see `FoldedSegment` for
/// their layout), and a byte histogram of a sample of its rows, that picks a keyword's
/// rarest byte.
///
/// Segments keep editing cheap: replacing a row's text rewrites its segment, not the
/// whole corpus; appending rows (live transcription) folds only the new rows.
public struct FoldedCorpus: Sendable {
  var segments: [FoldedSegment] = []
  /// The first row of each segment; one extra entry at the end (the row count).
  var segmentFirstRow: [Int] = [0]
  /// About how often each byte value occurs in the folded bytes (separators included):
  /// the first ``exactlyCountedRows`` rows are counted, and beyond them one row in
  /// ``histogramRowStride``, that many times (see ``histogramWeight(ofRow:)``). The
  /// estimates choose the bytes a scan compares first and the room its matches get,
  /// and depend on the rows alone, not on how they were folded (in parts, edited or
  /// appended).
  var byteCounts = [Int](repeating: 0, count: 256)
  /// Keeps its caches of character keys for rows folded later.
  private var builder: FoldedRowBuilder
  /// Whether the fold of rows from here on passes over kana a window at a time.
  var foldPassesOverKana: Bool { builder.passesOverKana }
  /// Whether the keys drop nonspacing marks: the form searched with
  /// ``SearchOptions/ignoresDiacritics``.
  public let ignoresDiacritics: Bool
  /// Rows go into the last segment until it holds this many bytes.
  let segmentBytes: Int

  /// A megabyte: a scan streams a segment at memory speed only after a ramp of its own (the
  /// hardware prefetcher restarts at each), so fewer, larger segments scan faster, while
  /// rewriting one for an edit still takes microseconds.
  public static let defaultSegmentBytes = 1 << 20

  /// Folds every row of `corpus`, into the form that ignores diacritics if
  /// `ignoringDiacritics`; a large corpus on every core, in parts of consecutive rows
  /// joined at the end (the result is the same, up to where segments end).
  public init(_ corpus: Corpus, ignoringDiacritics: Bool = false) {
    let largest = corpus.count / Self.rowsPerParallelPart
    let parts = largest > 1 ? min(ProcessInfo.processInfo.activeProcessorCount, largest) : 1
    guard parts > 1 else {
      self.init(
        corpus, segmentBytes: Self.defaultSegmentBytes, ignoringDiacritics: ignoringDiacritics)
      return
    }
    nonisolated(unsafe) var folded = [FoldedCorpus?](repeating: nil, count: parts)
    folded.withUnsafeMutableBufferPointer { folded in
      nonisolated(unsafe) let folded = folded
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        var builder = FoldedRowBuilder(ignoringDiacritics: ignoringDiacritics)
        var piece = FoldedCorpus(
          folding: corpus, rows: corpus.count * part / parts..<corpus.count * (part + 1) / parts,
          with: &builder)
        piece.trimCapacity()
        folded[part] = piece
      }
    }
    self = folded[0]!
    for case let piece? in folded.dropFirst() { append(folded: piece) }
  }

  /// Rows `rows` of `corpus` (ascending) folded on their own, as rows 0 on, with
  /// `builder` (whose caches of character keys carry over from part to part).
  init(
    folding corpus: Corpus, rows: some Collection<Int>, with builder: inout FoldedRowBuilder
  ) {
    segmentBytes = Self.defaultSegmentBytes
    ignoresDiacritics = builder.ignoresDiacritics
    self.builder = builder
    // A part is folded at once: its last segment gets the room its rows need, not a
    // whole segment's (a background fold's parts are two segments or less each).
    fold(corpus, rows: rows, expectedBytes: corpus.utf8TextCount(ofRows: rows))
    builder = self.builder
  }

  /// Gives back the room the segments' tables grew into but do not use: for a corpus
  /// that is kept, once folded (the few megabytes a million rows' tables waste).
  mutating func trimCapacity() {
    for index in segments.indices { segments[index].trimCapacity() }
  }

  /// Adds the rows of `piece`, folded on its own, after this corpus's rows: how parts
  /// folded on several cores are joined. Segments are shared, not copied.
  ///
  /// - Precondition: `piece` is folded the same way (diacritics kept or ignored).
  mutating func append(folded piece: FoldedCorpus) {
    precondition(piece.ignoresDiacritics == ignoresDiacritics, "Parts of one form are joined")
    let base = rowCount
    segments += piece.segments
    segmentFirstRow += piece.segmentFirstRow.dropFirst().lazy.map { $0 + base }
    for value in 0..<256 { byteCounts[value] += piece.byteCounts[value] }
    // Later appends reuse the caches of the part folded last.
    builder = piece.builder
  }

  /// Rows below which folding in parts on several cores does not pay for starting them.
  static let rowsPerParallelPart = 32_768

  /// Folds every row of `corpus`, in segments of about `segmentBytes` (tests use tiny
  /// ones to exercise segment edges), passing over plain characters with `kernel` (tests
  /// and the fuzz target fold with each one the CPU runs).
  package init(
    _ corpus: Corpus, segmentBytes: Int, ignoringDiacritics: Bool = false,
    kernel: PlainScanKernel = .automatic
  ) {
    precondition(segmentBytes > 0, "Segments must hold at least one byte")
    precondition(kernel.isSupported, "This CPU cannot run the \(kernel) fold kernel")
    self.segmentBytes = segmentBytes
    self.ignoresDiacritics = ignoringDiacritics
    builder = FoldedRowBuilder(ignoringDiacritics: ignoringDiacritics, kernel: kernel)
    append(corpus, rows: corpus.indices)
  }

  /// The number of rows.
  public var rowCount: Int { segmentFirstRow[segmentFirstRow.count - 1] }

  /// The segments the rows are folded into.
  public var segmentCount: Int { segments.count }

  /// The folded bytes a scan of every row reads.
  public var byteCount: Int {
    segments.reduce(0) { $0 + $1.bytes.count }
  }

  /// Past ``exactlyCountedRows``, one row in this many is counted into ``byteCounts``. The
  /// count is a scalar loop that waits on its own stores wherever a byte repeats, and
  /// counting one row in 8 still took a tenth of folding mixed-1m on one core. It still
  /// counts 3.7 MB of mixed-1m, a byte met once in a million some 4 times: the scan's
  /// choice of its rarest bytes changed only between bytes of near-equal counts (94 of
  /// 2,340 words of mixed-1m; none of english-1m's 475).
  static let histogramRowStride = 32

  /// The rows counted one by one: a small corpus's estimates are its exact counts.
  static let exactlyCountedRows = 4096

  /// How many times the bytes of `row` count in ``byteCounts``: 1 for each of the first
  /// rows, then ``histogramRowStride`` for one row in that many, else 0.
  static func histogramWeight(ofRow row: Int) -> Int {
    if row < exactlyCountedRows { return 1 }
    return row % histogramRowStride == 0 ? histogramRowStride : 0
  }

  /// About how often `byte` occurs in the folded bytes of rows `rows`; with `margin`,
  /// enough above the estimate that the true count is rarely more (for room reserved
  /// for matches: too little room costs a copy of every match found, too much only
  /// address space).
  func estimatedCount(of byte: UInt8, inRows rows: Range<Int>, margin: Bool = false) -> Int {
    let inRows = Int(
      Double(byteCounts[Int(byte)]) * Double(rows.count) / Double(max(rowCount, 1)))
    return margin ? Self.withMargin(inRows) : inRows
  }

  /// `count` and the margin room for matches gets past an estimate of them: an eighth
  /// more, and 64.
  static func withMargin(_ count: Int) -> Int {
    count + count / 8 + 64
  }

  /// Bytes of heap the folded corpus holds (array capacities, not counting small
  /// headers or the caches used while folding).
  public var retainedBytes: Int {
    segments.reduce(segmentFirstRow.capacity * 8 + byteCounts.capacity * 8) {
      $0 + $1.retainedBytes
    }
  }

  /// Folds rows `rows` of `corpus` and adds them at the end.
  ///
  /// - Precondition: `rows` continues this folded corpus: it starts at ``rowCount``.
  public mutating func append(_ corpus: Corpus, rows: Range<Int>) {
    precondition(rows.lowerBound == rowCount, "Rows are appended in order")
    fold(corpus, rows: rows)
  }

  /// Folds rows `rows` of `corpus` and adds them at the end, whatever their indices in
  /// `corpus` (a part of a corpus folded on its own starts at row 0).
  /// With `expectedBytes`, the rows' text bytes: a segment that will not fill gets only
  /// the room they take.
  private mutating func fold(
    _ corpus: Corpus, rows: some Sequence<Int>, expectedBytes: Int? = nil
  ) {
    var textLeft = expectedBytes ?? 0
    var rowsLeft = rows.underestimatedCount
    // The segment being filled is out of the array, and its rows are counted apart, until
    // it is full: a row then costs the array neither a uniqueness check nor an index.
    var hasCurrent = !segments.isEmpty
    var current = hasCurrent ? segments.removeLast() : FoldedSegment()
    var rowsAdded = 0
    // The texts are borrowed, and the histogram taken out of `self`, once for the whole
    // fold: a borrow a row retained and released the corpus's text, and counting a row
    // checked the histogram's uniqueness.
    var counts = byteCounts
    byteCounts = []
    defer { byteCounts = counts }
    corpus.withTextStorage { texts in
      func startSegmentIfFull() {
        guard !hasCurrent || current.bytes.count >= segmentBytes else { return }
        if hasCurrent {
          segments.append(current)
          segmentFirstRow[segments.count] += rowsAdded
          rowsAdded = 0
        }
        current = FoldedSegment()
        hasCurrent = true
        // Room for the segment (or the rows left, a key mostly as long as its text, and
        // a separator a row) and a typical last row, so the buffer is not doubled.
        let room =
          expectedBytes == nil
          ? segmentBytes : min(segmentBytes, textLeft + textLeft / 32 + max(rowsLeft, 0))
        current.bytes.reserveCapacity(room + 1024)
        segmentFirstRow.append(segmentFirstRow[segmentFirstRow.count - 1])
      }
      guard let range = rows as? Range<Int> else {
        for row in rows {
          startSegmentIfFull()
          let rowStart = current.bytes.count
          let text = texts.text(ofRow: row)
          builder.append(text, to: &current)
          textLeft -= text.count
          let weight = Self.histogramWeight(ofRow: row)
          if weight != 0 { Self.count(current.bytes[rowStart...], times: weight, into: &counts) }
          rowsLeft -= 1
          rowsAdded += 1
        }
        return
      }
      // Consecutive rows: a segment's worth at a time (see
      // `FoldedRowBuilder.append(rows:of:to:byteLimit:)`).
      var row = range.lowerBound
      while row < range.upperBound {
        startSegmentIfFull()
        let firstRow = current.rowFlags.count
        let firstByte = current.bytes.count
        let added = builder.append(
          rows: row..<range.upperBound, of: texts, to: &current, byteLimit: segmentBytes)
        for offset in 0..<added {
          let weight = Self.histogramWeight(ofRow: row + offset)
          guard weight != 0 else { continue }
          let start = Int(current.rowStarts[firstRow + offset])
          let end = Int(current.rowStarts[firstRow + offset + 1])
          Self.count(current.bytes[start..<end], times: weight, into: &counts)
        }
        // (The folded bytes, less a separator a row: the text's, but for keys of other
        // lengths.)
        textLeft -= current.bytes.count - firstByte - added
        rowsLeft -= added
        rowsAdded += added
        row += added
      }
    }
    if hasCurrent {
      segments.append(current)
      segmentFirstRow[segments.count] += rowsAdded
    }
  }

  /// Refolds one row after its text changed to `text`.
  ///
  /// - Precondition: `row` exists.
  /// - Complexity: O(*m* + *s*): the row's length and its segment's size.
  public mutating func replaceRow(_ row: Int, with text: String) {
    precondition(row >= 0 && row < rowCount, "Row \(row) does not exist")
    let segment = segmentIndex(ofRow: row)
    let local = row - segmentFirstRow[segment]
    var replacement = FoldedSegment()
    var text = text
    text.withUTF8 { builder.append($0, to: &replacement) }
    // Read the old row through the array, not a copy of the segment: a copy would make
    // the splice below copy the whole segment.
    let old = Int(segments[segment].rowStarts[local])..<Int(segments[segment].rowStarts[local + 1])
    let weight = Self.histogramWeight(ofRow: row)
    if weight != 0 {
      count(segments[segment].bytes[old], times: -weight)
      count(replacement.bytes[...], times: weight)
    }
    segments[segment].replaceRow(local, with: replacement)
  }

  /// The segment holding `row`.
  func segmentIndex(ofRow row: Int) -> Int {
    segmentFirstRow.partitioningIndex { $0 > row } - 1
  }

  /// Adds the bytes of a row to the histogram `weight` times (a negative weight
  /// removes them).
  private mutating func count(_ bytes: ArraySlice<UInt8>, times weight: Int) {
    Self.count(bytes, times: weight, into: &byteCounts)
  }

  /// Adds `weight` to the count of each of `bytes` in `counts`.
  private static func count(_ bytes: ArraySlice<UInt8>, times weight: Int, into counts: inout [Int])
  {
    counts.withUnsafeMutableBufferPointer { counts in
      bytes.withUnsafeBufferPointer { bytes in
        for byte in bytes { counts[Int(byte)] &+= weight }
      }
    }
  }
}

extension FoldedCorpus {
  /// Calls `body` with each segment's folded bytes, in row order (for measurements such
  /// as the memory-bandwidth ceiling of a scan).
  public func forEachSegmentBuffer(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
    for segment in segments { try segment.bytes.withUnsafeBufferPointer(body) }
  }
}
