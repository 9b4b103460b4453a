import SearchStrategies
import Synchronization
import TranscriptSearch

/// Every strategy the harness knows: the project's, the stock engines, and the ones a
/// user registered before running the command line (see `Examples/`).
public enum Strategies {
  private static let registered = Mutex<[Strategy]>([])

  /// The project's strategies and the stock engines, oracle first.
  public static var builtIn: [Strategy] {
    [Strategy(.oracle), .folded(kernel: .automatic), .chunked(kernel: .automatic)]
      + [MatcherKind.regex, .nsregex, .foundation].map(Strategy.init) + [.pcre2, .icu, .fts5]
  }

  /// The strategies users registered, in the order they were.
  public static var user: [Strategy] { registered.withLock { $0 } }

  /// Every strategy: the built-in ones, then the registered ones.
  public static var all: [Strategy] { builtIn + user }

  /// Adds `strategy` to every command's choices and to the default comparison.
  ///
  /// - Throws: ``DuplicateNameError`` if a strategy already has its name.
  public static func register(_ strategy: Strategy) throws(DuplicateNameError) {
    try registered.withLock { (list) throws(DuplicateNameError) in
      guard !(builtIn + list).contains(where: { $0.name == strategy.name }) else {
        throw DuplicateNameError(name: strategy.name)
      }
      list.append(strategy)
    }
  }

  /// The strategy called `name`, if there is one.
  public static func named(_ name: String) -> Strategy? {
    all.first { $0.name == name }
  }

  /// Every strategy's name, comma-separated, for help and errors.
  public static var namesList: String { all.map(\.name).joined(separator: ", ") }

  /// What `compare` measures by default: every strategy but the oracle, `folded` and
  /// `chunked` running `kernel`; the registered ones too unless `includingUser` is false.
  public static func standard(kernel: ScanKernel, includingUser: Bool = true) -> [Strategy] {
    [.folded(kernel: kernel), .chunked(kernel: kernel)]
      + (includingUser ? all : builtIn).filter {
        !["oracle", "folded", "chunked"].contains($0.name)
      }
  }

  /// A registration whose name was taken.
  public struct DuplicateNameError: Error, CustomStringConvertible {
    public var name: String
    public var description: String {
      "a strategy named \"\(name)\" is already registered: give yours another name"
    }
  }
}
