import Foundation

/// ``FoldedMatcher`` split into chunks of rows searched concurrently: by the calling
/// task and a task group's, each claiming the next chunk. Matches are written in place in
/// the result where a chunk's predecessors are done, else apart and copied there as soon
/// as they are. Cancellation is checked before each chunk, so a cancelled search stops
/// within one chunk. A corpus of one chunk (by default, one of less than
/// ``splitMinimumBytes``) is searched on the calling task alone.
public struct ChunkedMatcher: Matcher {
  public static let name = "chunked"
  /// The corpus and its folded forms this matcher searches.
  public let forms: FoldedForms
  /// The rows of each chunk of the default form, in order; each chunk holds whole
  /// segments of the folded corpus, about ``chunkBytes`` of them (one, toward the end),
  /// or, by default, all of a corpus of less than ``splitMinimumBytes``.
  public let chunks: [Range<Int>]
  /// The scan kernel every chunk's search runs.
  public let kernel: ScanKernel
  private let chunkBytes: Int
  /// Whether the chunks' size is ``chunkBytes(forTotal:cores:)``'s, not the caller's.
  private let sizedByDefault: Bool
  /// Rooms for chunks searched apart, kept between searches.
  private let rooms: ChunkRooms

  /// The least folded bytes per chunk: large enough that scheduling a task costs little
  /// beside the scan.
  public static let chunkBytes = 1 << 20

  /// The most folded bytes per chunk: small enough that cancellation is prompt (well
  /// under a millisecond of scanning).
  public static let largestChunkBytes = 4 << 20

  /// The folded bytes per chunk for a corpus of `totalBytes` on `cores` cores: about eight
  /// chunks a core, so that every core stays busy to the end, each between ``chunkBytes``
  /// and ``largestChunkBytes``.
  public static func chunkBytes(
    forTotal totalBytes: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount
  ) -> Int {
    min(largestChunkBytes, max(chunkBytes, totalBytes / (8 * max(cores, 1))))
  }

  /// The default folded form.
  public var folded: FoldedCorpus { forms.caseless }

  public init(corpus: Corpus) {
    self.init(corpus: corpus, folded: nil)
  }

  /// A matcher of `corpus`, searching `folded` (its default form, built if nil), in
  /// chunks of about `chunkBytes` (by default, ``chunkBytes(forTotal:cores:)``'s).
  public init(
    corpus: Corpus, folded: FoldedCorpus?, chunkBytes: Int? = nil,
    kernel: ScanKernel = .automatic
  ) {
    self.init(
      forms: FoldedForms(corpus: corpus, caseless: folded), chunkBytes: chunkBytes, kernel: kernel)
  }

  /// A matcher searching `forms`, which other matchers may share.
  public init(
    forms: FoldedForms, chunkBytes: Int? = nil,
    kernel: ScanKernel = .automatic
  ) {
    self.forms = forms
    self.kernel = kernel.runnable
    self.chunkBytes = chunkBytes ?? Self.chunkBytes(forTotal: forms.caseless.byteCount)
    sizedByDefault = chunkBytes == nil
    chunks = Self.chunks(
      of: forms.caseless, chunkBytes: self.chunkBytes, sizedByDefault: sizedByDefault)
    rooms = ChunkRooms(
      capacity: max(Self.keptRoomMatches, forms.caseless.byteCount / Self.bytesPerKeptRoomMatch))
  }

  /// The rooms kept between searches hold together no more matches than one per
  /// ``bytesPerKeptRoomMatch`` folded bytes, or this many if that is more.
  static let keptRoomMatches = 1 << 16
  /// Folded bytes per match the kept rooms may hold: their memory is at most an eighth of
  /// the folded corpus's, matches being 12 bytes.
  static let bytesPerKeptRoomMatch = 96

  /// Whole segments per chunk, as many as make up `chunkBytes`; in the last `chunkBytes`,
  /// one segment per chunk, so that the tasks finish closer together.
  package static func chunks(of folded: FoldedCorpus, chunkBytes: Int) -> [Range<Int>] {
    var chunks: [Range<Int>] = []
    var start = 0
    var bytes = 0
    var left = folded.byteCount
    for segment in folded.segments.indices {
      bytes += folded.segments[segment].bytes.count
      left -= folded.segments[segment].bytes.count
      if bytes >= chunkBytes || left < chunkBytes {
        let end = folded.segmentFirstRow[segment + 1]
        chunks.append(start..<end)
        start = end
        bytes = 0
      }
    }
    if start < folded.rowCount { chunks.append(start..<folded.rowCount) }
    return chunks
  }

  /// The chunks of `folded`, each about `chunkBytes` (see ``chunks(of:chunkBytes:)``);
  /// sized by default, a corpus of less than ``splitMinimumBytes`` is one chunk.
  static func chunks(of folded: FoldedCorpus, chunkBytes: Int, sizedByDefault: Bool)
    -> [Range<Int>]
  {
    guard sizedByDefault, folded.byteCount < Self.splitMinimumBytes else {
      return chunks(of: folded, chunkBytes: chunkBytes)
    }
    return [0..<folded.rowCount]
  }

  /// The least folded bytes a corpus is split at, by default: two of the smallest chunks. A
  /// smaller corpus is one chunk, searched on the calling task as ``FoldedMatcher``
  /// searches it, where waking a helper and sharing the result cost more than the helper
  /// saves.
  public static let splitMinimumBytes = 2 * chunkBytes

  public static func offers(_ options: SearchOptions) -> Bool { true }

  public func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match] {
    try await matches(of: FoldedKeyword(keyword, options: options))
  }

  /// Every match of a folded keyword.
  ///
  /// - Throws: `CancellationError` if the task is cancelled; chunks not yet started
  ///   are then skipped.
  public func matches(of keyword: FoldedKeyword) async throws -> [Match] {
    let folded = forms.form(for: keyword.options)
    let chunks =
      folded.ignoresDiacritics
      ? Self.chunks(of: folded, chunkBytes: chunkBytes, sizedByDefault: sizedByDefault)
      : self.chunks
    if chunks.count == 1 {
      // (Nothing to split: none of the machinery that shares a search between tasks.)
      try Task.checkCancellation()
      return folded.matches(
        of: keyword, inRows: 0..<folded.rowCount, kernel: kernel, originals: forms.corpus)
    }
    let search = ChunkedSearch(
      folded: folded, keyword: keyword, chunks: chunks, kernel: kernel, originals: forms.corpus,
      rooms: rooms)
    return try await search.run(helpers: ProcessInfo.processInfo.activeProcessorCount - 1)
  }
}
