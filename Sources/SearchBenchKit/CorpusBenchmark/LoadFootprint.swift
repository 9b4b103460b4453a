import TranscriptCorpus

/// How much resident memory a loaded corpus takes, against its text.
public struct LoadFootprint: Codable, Equatable, Sendable {
  public var rows: Int
  /// UTF-8 bytes of row text.
  public var textBytes: Int
  /// Resident memory before and after loading, in bytes.
  public var residentBefore: Int
  public var residentAfter: Int

  /// Resident bytes the corpus added, per byte of text.
  public var ratio: Double { Double(residentAfter - residentBefore) / Double(max(textBytes, 1)) }

  /// Resident memory cannot be read on this system (it needs Linux's `/proc`).
  public struct Unavailable: Error, CustomStringConvertible {
    public var description: String { "resident memory is unavailable (no /proc/self/status)" }
  }

  /// Loads `path` in this process and measures what it added to resident memory.
  ///
  /// Run it in a fresh process: memory an earlier workload freed but the allocator
  /// kept would otherwise be reused and hide the corpus's cost.
  public static func measure(jsonLinesAt path: String) throws -> LoadFootprint {
    guard let before = ResidentMemory.current() else { throw Unavailable() }
    let corpus = try JSONLinesReader(path: path).read().corpus
    guard let after = ResidentMemory.current() else { throw Unavailable() }
    return withExtendedLifetime(corpus) {
      LoadFootprint(
        rows: corpus.count, textBytes: corpus.utf8TextCount, residentBefore: before,
        residentAfter: after)
    }
  }
}
