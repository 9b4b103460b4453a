/// Rooms for chunks' matches, kept from one chunk to the next and from one search to the
/// next: the room a chunk gets is the one given back last, whose memory is still in the
/// caches, not a new array's (fresh pages, mapped and zeroed on first touch).
final class ChunkRooms: Sendable {
  /// One chunk's room, handed to the task that searches it.
  struct Room: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Match>
  }

  private struct Kept {
    /// Free rooms; the last given back last.
    var rooms: [Room] = []
    var matches = 0
  }

  private let kept = LockedState(Kept())
  /// The most matches the free rooms hold together.
  let capacity: Int

  /// Rooms holding at most `capacity` matches together while free.
  init(capacity: Int) {
    self.capacity = capacity
  }

  deinit {
    kept.withLock { kept in
      for room in kept.rooms { room.buffer.deallocate() }
    }
  }

  /// A room for at least `matches`: the one given back last that has it, else a new one
  /// with a quarter more (replacing the one given back last), so that chunks asking a
  /// little more than the last do not each get a new room, and fresh pages.
  func take(atLeast matches: Int) -> Room {
    let (room, replaced) = kept.withLock { kept -> (Room?, Room?) in
      let index = kept.rooms.lastIndex { $0.buffer.count >= matches }
      guard let room = index.map({ kept.rooms.remove(at: $0) }) ?? kept.rooms.popLast() else {
        return (nil, nil)
      }
      kept.matches -= room.buffer.count
      return index == nil ? (nil, room) : (room, nil)
    }
    replaced?.buffer.deallocate()
    return room ?? Room(buffer: .allocate(capacity: Self.grown(matches)))
  }

  /// Room for `matches` and a quarter more.
  static func grown(_ matches: Int) -> Int {
    max(matches, 0) + max(matches, 0) / 4
  }

  /// Keeps `room`, replaced by a larger one if `needed` matches did not all fit, while the
  /// free rooms hold no more than ``capacity``.
  func giveBack(_ room: Room, needed: Int) {
    var room = room
    if needed > room.buffer.count {
      room.buffer.deallocate()
      room = Room(buffer: .allocate(capacity: Self.grown(needed)))
    }
    let spare = kept.withLock { kept -> Room? in
      guard kept.matches + room.buffer.count <= capacity else { return room }
      kept.rooms.append(room)
      kept.matches += room.buffer.count
      return nil
    }
    spare?.buffer.deallocate()
  }
}
