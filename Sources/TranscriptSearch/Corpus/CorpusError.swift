/// A change to a corpus that cannot be made.
public enum CorpusError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The row index names no row of the corpus.
  case rowOutOfRange(row: Int, count: Int)

  public var description: String {
    switch self {
    case .rowOutOfRange(let row, let count):
      "row \(row) does not exist (the corpus has \(count) rows)"
    }
  }
}
