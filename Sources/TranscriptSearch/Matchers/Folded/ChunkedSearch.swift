import Foundation

/// One search of a ``ChunkedMatcher``, shared by the tasks that run it.
///
/// Each task claims the next chunk and searches it. A chunk claimed when every chunk before
/// it is in the result writes its matches there in place; any other writes them to a room
/// of its own, copied to the result as soon as the chunks before it are there, usually by
/// the task that searched it, while the room is still in its caches.
///
/// Why: the matches of a dense keyword are megabytes ("a" on `mixed-1m`: 9.5 MB). Parts
/// merged after the search were copied once more, from memory, and parts in new arrays got
/// fresh pages.
final class ChunkedSearch: Sendable {
  private let folded: FoldedCorpus
  private let keyword: FoldedKeyword
  private let chunks: [Range<Int>]
  private let kernel: ScanKernel
  private let originals: Corpus?
  private let rooms: ChunkRooms
  /// For a key of one scalar, its rarest byte: every match holds one, so its count bounds
  /// the matches.
  private let boundingByte: UInt8?
  private let state = LockedState(State())

  /// A chunk's matches, found apart from the result.
  private struct Part: Sendable {
    var room: ChunkRooms.Room
    /// How many matches `room` holds.
    var inRoom: Int
    var pastRoom: [Match]
    var count: Int { inRoom + pastRoom.count }
  }

  /// The result's storage, written by every task, each to its own range.
  private struct Destination: @unchecked Sendable {
    let base: UnsafeMutablePointer<Match>
    let capacity: Int
  }

  /// A part to copy to the result at `offset` (nil when it went past the result's room).
  private struct Copy: Sendable {
    let part: Part
    let offset: Int?
  }

  private struct State: Sendable {
    /// The next chunk to claim.
    var next = 0
    var destination: Destination?
    /// The chunks before this one are placed: in the result, or in `overflow`.
    var placedThrough = 0
    /// The matches in the result.
    var placed = 0
    /// The matches past the result's room, in order: once a chunk's do not fit, every
    /// later chunk's go here.
    var overflow: [Match] = []
    var overflowing = false
    /// Chunks searched apart, not yet placed.
    var done: [Int: Part] = [:]
    /// Chunks claimed and not yet searched, and copies not yet made.
    var busy = 0
    var cancelled = false
  }

  private enum Claim {
    /// A chunk that writes its matches to the result, in `room`.
    case inPlace(Int, room: UnsafeMutableBufferPointer<Match>)
    /// A chunk that writes its matches apart.
    case apart(Int)
  }

  init(
    folded: FoldedCorpus, keyword: FoldedKeyword, chunks: [Range<Int>], kernel: ScanKernel,
    originals: Corpus?, rooms: ChunkRooms
  ) {
    self.folded = folded
    self.keyword = keyword
    self.chunks = chunks
    self.kernel = kernel
    self.originals = originals
    self.rooms = rooms
    let key = keyword.bytes
    boundingByte =
      !key.isEmpty && FoldedCorpus.isOneScalar(key)
      ? key[folded.rarestOffsets(in: key).rare] : nil
  }

  /// Every match, in order, searched by this task and `helpers` more in a task group.
  ///
  /// - Throws: `CancellationError` if the task is cancelled; chunks not yet claimed are
  ///   then skipped.
  func run(helpers: Int) async throws -> [Match] {
    let (matches, cancelled) = await withTaskGroup(of: Void.self) { group in
      for _ in 0..<max(0, min(helpers, chunks.count - 1)) { group.addTask { self.work() } }
      let matches = searchToResult()
      await group.waitForAll()
      return (matches, state.withLock { $0.cancelled })
    }
    if cancelled { throw CancellationError() }
    return matches
  }

  /// Searches chunks into the result, made with room for more matches than expected,
  /// while the task group's tasks search others.
  private func searchToResult() -> [Match] {
    let expected =
      boundingByte.map { folded.estimatedCount(of: $0, inRows: 0..<folded.rowCount) }
      ?? expectedMatchesFromAChunk()
    // (A margin: another key's expectation is one chunk's rate.)
    let capacity = FoldedCorpus.withMargin(expected)
    var result = [Match](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      // (The pages of a large result are often fresh, and 2 MB ones are 512 times fewer:
      // with every result mapped anew, "a" on mixed-1m read chunked ÷ folded 1.66-1.77
      // with the advice and 1.34-1.38 without; bench-matchers, two runs each.)
      FoldedCorpus.adviseHugePages(forRoomOf: UnsafeMutableRawBufferPointer(buffer))
      FoldedCorpus.populate(
        room: UnsafeMutableRawBufferPointer(
          UnsafeMutableBufferPointer(rebasing: buffer.prefix(expected))))
      let copies = state.withLock { state in
        state.destination = Destination(base: buffer.baseAddress!, capacity: buffer.count)
        return Self.claimPlacements(&state)
      }
      make(copies)
      work()
      // The chunks other tasks still search, and their copies: at most a chunk's work.
      while state.withLock({ $0.busy > 0 }) { sched_yield() }
      initialized = state.withLock { $0.placed }
    }
    let (overflow, unplaced) = state.withLock { state in
      defer { state.done = [:] }
      return (state.overflow, state.done.values)
    }
    // (Parts after a chunk a cancelled search skipped.)
    for part in unplaced { rooms.giveBack(part.room, needed: part.count) }
    result.append(contentsOf: overflow)
    return result
  }

  /// How many matches the whole search is expected to find, at the rate of a first chunk
  /// searched apart, for a key other than one scalar.
  private func expectedMatchesFromAChunk() -> Int {
    guard case .apart(let chunk)? = claim() else { return 0 }
    let (part, bytes) = search(chunk)
    state.withLock { state in
      state.done[chunk] = part
      state.busy -= 1
    }
    let estimate = folded.expectedMatches(
      afterMatches: part.count, inBytes: bytes, rows: 0..<folded.rowCount)
    return estimate.map { Int($0) } ?? part.count * chunks.count
  }

  /// Searches chunks until none is left.
  private func work() {
    while let claim = claim() {
      switch claim {
      case .inPlace(let chunk, let buffer):
        var room = MatchRoom(buffer)
        let (pastRoom, _) = folded.search(
          keyword, inRows: chunks[chunk], kernel: kernel, originals: originals, room: &room)
        let copies = state.withLock { state in
          state.placed += room.used
          if !pastRoom.isEmpty {
            state.overflowing = true
            state.overflow.append(contentsOf: pastRoom)
          }
          state.placedThrough = chunk + 1
          state.busy -= 1
          return Self.claimPlacements(&state)
        }
        make(copies)
      case .apart(let chunk):
        let (part, _) = search(chunk)
        let copies = state.withLock { state in
          state.done[chunk] = part
          state.busy -= 1
          return Self.claimPlacements(&state)
        }
        make(copies)
      }
    }
  }

  /// The next chunk, unless none is left or the task is cancelled.
  private func claim() -> Claim? {
    let cancelled = Task.isCancelled
    return state.withLock { state -> Claim? in
      state.cancelled = state.cancelled || cancelled
      guard !state.cancelled, state.next < chunks.count else { return nil }
      let chunk = state.next
      state.next += 1
      state.busy += 1
      if let destination = state.destination, !state.overflowing, state.placedThrough == chunk {
        let room = UnsafeMutableBufferPointer(
          start: destination.base + state.placed, count: destination.capacity - state.placed)
        return .inPlace(chunk, room: room)
      }
      return .apart(chunk)
    }
  }

  /// Searches chunk `chunk` to a room of its own; also tells the folded bytes searched.
  private func search(_ chunk: Int) -> (Part, bytes: Int) {
    let rows = chunks[chunk]
    let bound = boundingByte.map { folded.estimatedCount(of: $0, inRows: rows, margin: true) }
    let kept = rooms.take(atLeast: bound ?? 0)
    var room = MatchRoom(kept.buffer)
    let (pastRoom, bytes) = folded.search(
      keyword, inRows: rows, kernel: kernel, originals: originals, room: &room)
    return (Part(room: kept, inRoom: room.used, pastRoom: pastRoom), bytes)
  }

  /// Places every part that follows the chunks placed, in order, and returns the copies
  /// that places them in the result, for the caller to make outside the lock.
  private static func claimPlacements(_ state: inout State) -> [Copy] {
    guard let destination = state.destination else { return [] }
    var copies: [Copy] = []
    while let part = state.done.removeValue(forKey: state.placedThrough) {
      state.placedThrough += 1
      state.busy += 1
      if !state.overflowing && part.count <= destination.capacity - state.placed {
        copies.append(Copy(part: part, offset: state.placed))
        state.placed += part.count
      } else {
        // (Rare: only a key of several scalars, whose room is an estimate, gets here.)
        state.overflowing = true
        state.overflow.append(contentsOf: part.room.buffer[..<part.inRoom])
        state.overflow.append(contentsOf: part.pastRoom)
        copies.append(Copy(part: part, offset: nil))
      }
    }
    return copies
  }

  /// Copies parts to the result and gives their rooms back.
  private func make(_ copies: [Copy]) {
    guard !copies.isEmpty else { return }
    let destination = state.withLock { $0.destination }!
    for copy in copies {
      if let offset = copy.offset {
        let part = copy.part
        let target = destination.base + offset
        _ = UnsafeMutableBufferPointer(start: target, count: part.inRoom).initialize(
          fromContentsOf: UnsafeMutableBufferPointer(rebasing: part.room.buffer[..<part.inRoom]))
        _ = UnsafeMutableBufferPointer(start: target + part.inRoom, count: part.pastRoom.count)
          .initialize(fromContentsOf: part.pastRoom)
      }
      rooms.giveBack(copy.part.room, needed: copy.part.count)
    }
    state.withLock { $0.busy -= copies.count }
  }
}
