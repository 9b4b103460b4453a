import Foundation

/// The texts of the rows highlighted last, as attributed strings without attributes,
/// kept so that highlighting the same rows again marks their matches without building
/// their texts anew.
///
/// The rows on screen are highlighted again far more often than new rows scroll in: on
/// each keystroke, and each time the current match moves. Building an `AttributedString`
/// costs microseconds a row on Linux (breaking the text into characters, and random bytes
/// from the kernel for each new string), more than marking a row's matches. A row's text
/// is reused only while it is byte for byte the text highlighted before, so an edited
/// row is built anew; only the rows of the last highlight are kept.
public final class VisibleRowTexts: Sendable {
  private struct Entry {
    /// The row's text, to tell an edited row from an unchanged one byte for byte.
    let string: String
    let text: AttributedString

    /// Whether the row's text is still `bytes`.
    func holds(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      // A native string's bytes are contiguous: no copy is made to compare them.
      var string = string
      return string.withUTF8 { Corpus.sameBytes($0, bytes) }
    }
  }

  private let entries = LockedState([Int: Entry]())

  /// An empty cache: texts are made the first time a row is shown.
  public init() {}

  /// How many rows' texts are kept.
  public var count: Int { entries.withLock { $0.count } }

  /// Calls `body` with a lookup of the kept texts, which returns the attributed text of
  /// a row whose text is `bytes` (UTF-8), kept or built; afterwards keeps the texts looked
  /// up (about `rows` of them), and only those.
  func reusing<Result>(
    rows: Int,
    _ body: (_ text: (_ row: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> AttributedString) ->
      Result
  ) -> Result {
    let kept = entries.withLock { $0 }
    var used = [Int: Entry](minimumCapacity: rows)
    let result = body { row, bytes in
      if let entry = kept[row], entry.holds(bytes) {
        used[row] = entry
        return entry.text
      }
      let string = String(decoding: bytes, as: UTF8.self)
      let text = AttributedString(string)
      used[row] = Entry(string: string, text: text)
      return text
    }
    entries.withLock { $0 = used }
    return result
  }
}
