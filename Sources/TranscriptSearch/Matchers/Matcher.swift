/// A strategy that finds every match of a keyword in a corpus.
///
/// A matcher prepares once from a corpus (building whatever index it uses; measured
/// apart from queries), then answers keywords. Call ``matches(of:)``: it handles the
/// empty keyword before any engine sees it.
public protocol Matcher: Sendable {
  /// The short name used on the command line and in reports.
  static var name: String { get }

  /// Prepares to search `corpus`.
  init(corpus: Corpus)

  /// Every match of a non-empty `keyword`, ordered by row, then start.
  ///
  /// - Throws: `CancellationError` if the task is cancelled (only matchers that
  ///   search in parts check for it).
  func nonEmptyMatches(of keyword: String) async throws -> [Match]
}

extension Matcher {
  /// Every match of `keyword`, ordered by row, then start. An empty keyword has no
  /// matches.
  public func matches(of keyword: String) async throws -> [Match] {
    keyword.isEmpty ? [] : try await nonEmptyMatches(of: keyword)
  }

  public var name: String { Self.name }
}
