#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The speakers of the last few distinct voice annotations (`<v Ada>`), by their bytes as
/// written, so that a dialogue's cues, whose voices alternate among a few people, find
/// theirs without decoding the annotation and building a string each time.
///
/// Only annotations without character references are kept: the speaker of such an
/// annotation depends on its bytes alone.
struct RecentVoices {
  /// How many annotations are kept: more than the speakers of most scenes.
  static let capacity = 8

  private var annotations: [[UInt8]] = []
  private var speakers: [String] = []
  /// The entry the next new annotation replaces once all are taken.
  private var nextReplaced = 0

  /// The speaker of `annotation` if it was kept.
  func speaker(of annotation: UnsafeBufferPointer<UInt8>) -> String? {
    for (index, kept) in annotations.enumerated() where kept.count == annotation.count {
      let same = kept.withUnsafeBufferPointer {
        annotation.isEmpty
          || memcmp($0.baseAddress!, annotation.baseAddress!, annotation.count) == 0
      }
      if same { return speakers[index] }
    }
    return nil
  }

  /// Keeps `speaker` as that of `annotation` (which holds no character reference),
  /// in place of the entry kept longest once all are taken.
  mutating func keep(_ speaker: String, for annotation: UnsafeBufferPointer<UInt8>) {
    if annotations.count < Self.capacity {
      annotations.append(Array(annotation))
      speakers.append(speaker)
      return
    }
    annotations[nextReplaced] = Array(annotation)
    speakers[nextReplaced] = speaker
    nextReplaced = (nextReplaced + 1) % Self.capacity
  }
}
