/// A strategy that finds every match of a keyword in a corpus.
///
/// A matcher prepares once from a corpus (building whatever index it uses; measured
/// apart from queries), then answers keywords. Call ``matches(of:options:)``: it handles
/// the empty keyword and options the strategy does not offer before any engine sees them.
public protocol Matcher: Sendable {
  /// The short name used on the command line and in reports.
  static var name: String { get }

  /// Prepares to search `corpus`.
  init(corpus: Corpus)

  /// Whether the strategy can search with `options` (the default options always).
  static func offers(_ options: SearchOptions) -> Bool

  /// Every match of a non-empty `keyword` under `options`, ordered by row, then start.
  ///
  /// - Precondition: the strategy offers `options`.
  /// - Throws: `CancellationError` if the task is cancelled (only matchers that
  ///   search in parts check for it).
  func nonEmptyMatches(of keyword: String, options: SearchOptions) async throws -> [Match]
}

extension Matcher {
  /// Only the default options, unless a strategy says more.
  public static func offers(_ options: SearchOptions) -> Bool { options.isDefault }

  /// Every match of `keyword` under `options`, ordered by row, then start. An empty
  /// keyword has no matches, nor has a keyword of marks only with diacritics ignored (its
  /// key is empty), nor an empty corpus.
  ///
  /// - Throws: ``OptionsNotOfferedError`` if the strategy does not offer `options`;
  ///   `CancellationError` as ``nonEmptyMatches(of:options:)`` does.
  public func matches(of keyword: String, options: SearchOptions = .default) async throws
    -> [Match]
  {
    guard Self.offers(options) else {
      throw OptionsNotOfferedError(matcher: Self.name, options: options)
    }
    return keyword.isEmpty ? [] : try await nonEmptyMatches(of: keyword, options: options)
  }

  /// The strategy's name, as reports give it.
  public var name: String { Self.name }
}
