#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An ordered list of transcript rows; a row's index is its identity.
///
/// Rows are stored column by column, and every row's UTF-8 text lives in one shared
/// buffer, so a million rows cost a handful of allocations rather than a million and
/// the text can be scanned without copying. Read a row with the subscript, or its
/// text's bytes with ``withUTF8Text(ofRow:_:)``.
public struct Corpus: Sendable {
  /// Every row's text, back to back. Replaced texts leave unreferenced bytes behind
  /// until the buffer is compacted.
  private var textBytes: [UInt8] = []
  private var textOffsets: [Int] = []
  private var textLengths: [UInt32] = []
  private var startTimes: [Int64] = []
  /// Index into `speakerNames`, or -1 when the row has no speaker.
  private var speakerIndices: [Int32] = []
  private var speakerNames: [String] = []
  private var speakerLookup: [String: Int32] = [:]
  private var unreferencedTextBytes = 0

  /// Creates an empty corpus.
  public init() {}

  /// Creates a corpus holding `rows` in order.
  public init(_ rows: some Sequence<TranscriptRow>) {
    for row in rows { append(row) }
  }

  /// The number of UTF-8 bytes of text across all rows.
  public private(set) var utf8TextCount = 0

  /// Whether start times never decrease from row to row (so a time range is found by
  /// binary search).
  public private(set) var startTimesAreOrdered = true

  /// The distinct speaker names, in order of first appearance.
  public var speakers: [String] { speakerNames }

  /// Reserves storage for `rows` more rows holding `textBytes` more bytes of text.
  public mutating func reserveCapacity(rows: Int, textBytes byteCount: Int) {
    textOffsets.reserveCapacity(textOffsets.count + rows)
    textLengths.reserveCapacity(textLengths.count + rows)
    startTimes.reserveCapacity(startTimes.count + rows)
    speakerIndices.reserveCapacity(speakerIndices.count + rows)
    textBytes.reserveCapacity(textBytes.count + byteCount)
  }

  /// Appends a row at the end.
  ///
  /// - Complexity: O(*m*), where *m* is the length of the row's text.
  public mutating func append(_ row: TranscriptRow) {
    var text = row.text
    text.withUTF8 { appendRow(start: row.start, speaker: row.speaker, utf8Text: $0) }
  }

  /// Appends a row whose text is given as UTF-8 bytes.
  ///
  /// - Precondition: `utf8Text` is valid UTF-8 and no longer than `UInt32.max` bytes.
  package mutating func appendRow(
    start: Int64, speaker: String?, utf8Text: UnsafeBufferPointer<UInt8>
  ) {
    appendRow(start: start, speakerIndex: speakerIndex(for: speaker), utf8Text: utf8Text)
  }

  /// Appends a row whose speaker is given by its index in ``speakers`` (from
  /// ``speakerIndex(for:)``), or -1 for none: for a reader that tells its few speakers
  /// apart by their bytes and need not look each row's name up.
  ///
  /// - Precondition: `utf8Text` is valid UTF-8 and no longer than `UInt32.max` bytes;
  ///   `speakerIndex` is -1 or an index of ``speakers``.
  package mutating func appendRow(
    start: Int64, speakerIndex: Int32, utf8Text: UnsafeBufferPointer<UInt8>
  ) {
    precondition(utf8Text.count <= Int(UInt32.max), "A row's text is limited to 4 GiB")
    precondition(speakerIndex >= -1 && Int(speakerIndex) < speakerNames.count)
    if let last = startTimes.last, start < last { startTimesAreOrdered = false }
    textOffsets.append(textBytes.count)
    textLengths.append(UInt32(utf8Text.count))
    textBytes.append(contentsOf: utf8Text)
    startTimes.append(start)
    speakerIndices.append(speakerIndex)
    utf8TextCount += utf8Text.count
  }

  /// Appends every row of `other`, in order: how parts of a file read on several cores
  /// are joined.
  ///
  /// - Complexity: O(*n* + *b*) for *n* rows holding *b* bytes of text in `other`.
  package mutating func append(contentsOf other: Corpus) {
    var other = other
    other.compact()
    let base = textBytes.count
    textBytes += other.textBytes
    textOffsets += other.textOffsets.lazy.map { $0 + base }
    textLengths += other.textLengths
    if let last = startTimes.last, let first = other.startTimes.first, first < last {
      startTimesAreOrdered = false
    }
    startTimesAreOrdered = startTimesAreOrdered && other.startTimesAreOrdered
    startTimes += other.startTimes
    let speakerMap = other.speakerNames.map { speakerIndex(for: $0) }
    speakerIndices += other.speakerIndices.lazy.map { $0 < 0 ? -1 : speakerMap[Int($0)] }
    utf8TextCount += other.utf8TextCount
  }

  /// The columns of rows whose texts lie in a text buffer shared with other rows: one
  /// part of a file read on several cores, each part writing its texts into its own
  /// region of one buffer (see ``init(text:joining:)``).
  package struct Columns: Sendable {
    /// Where each row's text starts in the shared buffer.
    package var offsets: [Int] = []
    package var lengths: [UInt32] = []
    package var startTimes: [Int64] = []
    /// Index into `speakerNames`, or -1 when the row has no speaker.
    package var speakerIndices: [Int32] = []
    package var speakerNames: [String] = []
    package var startTimesAreOrdered = true
    package var utf8TextCount = 0

    package init() {}
  }

  /// The rows of `parts`, in order, their texts in `text` where their columns say: how
  /// parts of a file read on several cores are joined without copying their texts. The
  /// bytes between the parts' texts are not referred to by any row.
  ///
  /// - Precondition: every row's text lies within `text` and is valid UTF-8, and its
  ///   speaker index is -1 or within its part's names.
  package init(text: consuming [UInt8], joining parts: consuming [Columns]) {
    var parts = parts
    textBytes = text
    guard !parts.isEmpty else { return }
    for part in parts {
      precondition(
        part.lengths.count == part.offsets.count && part.startTimes.count == part.offsets.count
          && part.speakerIndices.count == part.offsets.count)
      assert(
        zip(part.offsets, part.lengths).allSatisfy { $0 >= 0 && $0 + Int($1) <= textBytes.count })
    }
    // The first part's columns are taken as they are, unshared, so that the others'
    // are appended in place (they were reserved for every row).
    for name in parts[0].speakerNames { _ = speakerIndex(for: name) }
    swap(&textOffsets, &parts[0].offsets)
    swap(&textLengths, &parts[0].lengths)
    swap(&startTimes, &parts[0].startTimes)
    swap(&speakerIndices, &parts[0].speakerIndices)
    startTimesAreOrdered = parts[0].startTimesAreOrdered
    utf8TextCount = parts[0].utf8TextCount
    for part in parts.dropFirst() {
      if let last = startTimes.last, let first = part.startTimes.first, first < last {
        startTimesAreOrdered = false
      }
      startTimesAreOrdered = startTimesAreOrdered && part.startTimesAreOrdered
      textOffsets += part.offsets
      textLengths += part.lengths
      startTimes += part.startTimes
      let speakerMap = part.speakerNames.map { speakerIndex(for: $0) }
      speakerIndices += part.speakerIndices.lazy.map { $0 < 0 ? -1 : speakerMap[Int($0)] }
      utf8TextCount += part.utf8TextCount
    }
    unreferencedTextBytes = textBytes.count - utf8TextCount
  }

  /// Replaces the text of the row at `row`, keeping its start time and speaker.
  ///
  /// - Throws: ``CorpusError/rowOutOfRange(row:count:)`` if no such row exists; the
  ///   corpus is then unchanged.
  /// - Complexity: amortised O(*m*), where *m* is the length of the new text.
  public mutating func replaceText(ofRow row: Int, with text: String) throws(CorpusError) {
    guard indices.contains(row) else { throw .rowOutOfRange(row: row, count: count) }
    var text = text
    let oldLength = Int(textLengths[row])
    text.withUTF8 { bytes in
      precondition(bytes.count <= Int(UInt32.max), "A row's text is limited to 4 GiB")
      if bytes.count <= oldLength {
        // The new text fits where the old one was: overwrite it in place.
        let offset = textOffsets[row]
        textBytes.withUnsafeMutableBufferPointer { storage in
          for i in 0..<bytes.count { storage[offset + i] = bytes[i] }
        }
      } else {
        textOffsets[row] = textBytes.count
        textBytes.append(contentsOf: bytes)
      }
      unreferencedTextBytes += bytes.count <= oldLength ? oldLength - bytes.count : oldLength
      textLengths[row] = UInt32(bytes.count)
      utf8TextCount += bytes.count - oldLength
    }
    compactIfMostlyUnreferenced()
  }

  /// Calls `body` with the UTF-8 bytes of the text of the row at `row`.
  ///
  /// - Precondition: `row` is a valid index.
  /// - Complexity: O(1).
  public func withUTF8Text<Result>(
    ofRow row: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    let offset = textOffsets[row]
    let length = Int(textLengths[row])
    return try textBytes.withUnsafeBufferPointer { storage in
      try body(UnsafeBufferPointer(rebasing: storage[offset..<offset + length]))
    }
  }

  /// The number of UTF-8 bytes of text in rows `rows`.
  package func utf8TextCount(ofRows rows: some Sequence<Int>) -> Int {
    textLengths.withUnsafeBufferPointer { lengths in
      rows.reduce(0) { $0 + Int(lengths[$1]) }
    }
  }

  /// Calls `body` with every row's text at once, for searches that read many rows'
  /// original text (word boundaries at candidates) without a call per row.
  package func withTextStorage<Result>(_ body: (OriginalTexts) throws -> Result) rethrows
    -> Result
  {
    try textBytes.withUnsafeBufferPointer { bytes in
      try textOffsets.withUnsafeBufferPointer { offsets in
        try textLengths.withUnsafeBufferPointer { lengths in
          try body(OriginalTexts(bytes: bytes, offsets: offsets, lengths: lengths))
        }
      }
    }
  }

  /// The texts of rows `rows`, in that order, as a corpus of their own (no start times,
  /// no speakers): what a search folds when it needs only those rows.
  package func texts(ofRows rows: [Int]) -> Corpus {
    var subset = Corpus()
    subset.reserveCapacity(rows: rows.count, textBytes: 0)
    for row in rows {
      withUTF8Text(ofRow: row) { subset.appendRow(start: 0, speakerIndex: -1, utf8Text: $0) }
    }
    return subset
  }

  /// The start time of the row at `row`, in milliseconds.
  public func startTime(ofRow row: Int) -> Int64 { startTimes[row] }

  /// The speaker of the row at `row`, if it has one.
  public func speaker(ofRow row: Int) -> String? {
    let index = speakerIndices[row]
    return index < 0 ? nil : speakerNames[Int(index)]
  }

  /// The index of `speaker` in ``speakers``, added there if it is new; -1 for nil.
  package mutating func speakerIndex(for speaker: String?) -> Int32 {
    guard let speaker else { return -1 }
    // Consecutive rows mostly share a speaker: equal bytes need no hashing (which
    // normalizes non-ASCII names).
    if let last = speakerIndices.last, last >= 0, Self.sameBytes(speakerNames[Int(last)], speaker) {
      return last
    }
    if let index = speakerLookup[speaker] { return index }
    let index = Int32(speakerNames.count)
    speakerNames.append(speaker)
    speakerLookup[speaker] = index
    return index
  }

  /// Whether two strings hold the same UTF-8 bytes (not merely equivalent characters).
  static func sameBytes(_ left: String, _ right: String) -> Bool {
    var left = left
    var right = right
    return left.withUTF8 { a in right.withUTF8 { b in sameBytes(a, b) } }
  }

  /// Whether two buffers hold the same bytes.
  static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
  }

  /// Rewrites the text buffer without the bytes no row refers to, once they outweigh
  /// the live text, so repeated edits cannot grow memory without bound.
  private mutating func compactIfMostlyUnreferenced() {
    guard unreferencedTextBytes > 4096, unreferencedTextBytes > utf8TextCount else { return }
    compact()
  }

  /// Rewrites the text buffer without the bytes no row refers to.
  private mutating func compact() {
    guard unreferencedTextBytes > 0 else { return }
    var compacted: [UInt8] = []
    compacted.reserveCapacity(utf8TextCount)
    for row in indices {
      let offset = textOffsets[row]
      textOffsets[row] = compacted.count
      compacted.append(contentsOf: textBytes[offset..<offset + Int(textLengths[row])])
    }
    textBytes = compacted
    unreferencedTextBytes = 0
  }
}

extension Corpus: RandomAccessCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { startTimes.count }

  /// The row at `position`, decoded from the shared text buffer.
  public subscript(position: Int) -> TranscriptRow {
    TranscriptRow(
      start: startTimes[position],
      speaker: speaker(ofRow: position),
      text: withUTF8Text(ofRow: position) { String(decoding: $0, as: UTF8.self) })
  }
}

extension Corpus: Equatable {
  /// Two corpora are equal when they hold the same rows in the same order.
  public static func == (left: Corpus, right: Corpus) -> Bool {
    left.count == right.count && left.utf8TextCount == right.utf8TextCount
      && left.elementsEqual(right)
  }
}
