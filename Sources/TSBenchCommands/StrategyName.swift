import ArgumentParser
import SearchBenchKit

/// Looks strategies up by the names given on the command line.
enum StrategyName {
  /// The strategy called `name`, or an error listing every name there is.
  static func strategy(_ name: String) throws -> Strategy {
    guard let strategy = Strategies.named(name) else {
      throw ValidationError("unknown matcher '\(name)'; choose from \(Strategies.namesList)")
    }
    return strategy
  }
}
