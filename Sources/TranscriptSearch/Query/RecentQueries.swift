/// The queries searched most recently, newest first, without repeats.
public struct RecentQueries: Sendable, Equatable {
  /// The queries, newest first.
  public private(set) var queries: [String] = []
  /// How many queries are kept.
  public let limit: Int

  /// An empty list that keeps the `limit` newest queries.
  public init(limit: Int = 10) { self.limit = limit }

  /// Puts `query` first (moving it if already listed); blank queries are not recorded.
  public mutating func record(_ query: String) {
    guard !query.allSatisfy(\.isWhitespace) else { return }
    queries.removeAll { $0 == query }
    queries.insert(query, at: 0)
    if queries.count > limit { queries.removeLast() }
  }
}
