import Foundation
import Synchronization
import TranscriptSearch

/// How fast the folded bytes can be read at all: memchr for a byte that never occurs in
/// UTF-8 (0xFE) over every folded buffer, the ceiling no scan of them beats, on one core
/// and on two at once.
///
/// Two cores share the memory they read: on a machine where two read it little faster
/// than one, a search that mostly reads memory (an absent, rare or frequent keyword) is
/// bounded there, and its speed-up on two cores with it.
enum MemoryCeiling {
  /// The seconds one core takes to read every folded byte.
  static func oneCore(_ folded: FoldedCorpus) -> Double {
    ContinuousClock().measure { read(folded, bytes: 0..<Int.max) }.seconds
  }

  /// The seconds two cores take to read every folded byte, each its half, at once.
  ///
  /// Timed from the moment both threads run, so that starting one is not counted.
  static func twoCores(_ folded: FoldedCorpus) -> Double {
    let total = byteCount(folded)
    let middle = total / 2
    let start = StartLine(runners: 2)
    let finished = DispatchSemaphore(value: 0)
    let helper = Thread {
      start.arriveAndWait()
      read(folded, bytes: middle..<total)
      finished.signal()
    }
    helper.start()
    start.arriveAndWait()
    let clock = ContinuousClock()
    let began = clock.now
    read(folded, bytes: 0..<middle)
    finished.wait()
    return (clock.now - began).seconds
  }

  /// Every folded byte, separators included.
  static func byteCount(_ folded: FoldedCorpus) -> Int {
    var total = 0
    folded.forEachSegmentBuffer { total += $0.count }
    return total
  }

  /// Reads the folded bytes at `bytes`, offsets into every segment's bytes one after
  /// another, and returns how many it read.
  @discardableResult
  static func read(_ folded: FoldedCorpus, bytes: Range<Int>) -> Int {
    var offset = 0
    var read = 0
    folded.forEachSegmentBuffer { buffer in
      defer { offset += buffer.count }
      let lower = max(bytes.lowerBound - offset, 0)
      let upper = min(bytes.upperBound - offset, buffer.count)
      guard lower < upper, let base = buffer.baseAddress else { return }
      precondition(memchr(base + lower, 0xFE, upper - lower) == nil, "0xFE never occurs in UTF-8")
      read += upper - lower
    }
    return read
  }

  /// Holds each of a few threads until all have arrived, spinning, so that they start
  /// within a moment of each other rather than when the scheduler wakes one.
  private final class StartLine: Sendable {
    private let runners: Int
    private let arrived = Atomic<Int>(0)

    init(runners: Int) { self.runners = runners }

    func arriveAndWait() {
      arrived.add(1, ordering: .acquiringAndReleasing)
      while arrived.load(ordering: .acquiring) < runners {}
    }
  }
}
