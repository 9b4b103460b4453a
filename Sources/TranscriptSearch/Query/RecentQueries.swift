/// The queries searched most recently, newest first, without repeats.
public struct RecentQueries: Sendable, Equatable {
  public private(set) var queries: [String] = []
  public let limit: Int

  public init(limit: Int = 10) { self.limit = limit }

  public mutating func record(_ query: String) {
    guard !query.allSatisfy(\.isWhitespace) else { return }
    queries.removeAll { $0 == query }
    queries.insert(query, at: 0)
    if queries.count > limit { queries.removeLast() }
  }
}
