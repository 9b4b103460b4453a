import Foundation
import Synchronization

/// A ``SuggestionIndex`` being built in the background (on every core, see
/// ``SuggestionIndex/init(corpus:)``) while the session answers from the rows near the
/// screen. Releasing the last reference stops the build soon after.
final class IndexingInBackground: Sendable {
  private final class State: Sendable {
    let value = Mutex<(index: SuggestionIndex?, cancelled: Bool)>((nil, false))
  }
  private let state = State()
  private let finished = DispatchGroup()

  /// Starts counting the terms of every row of `corpus`.
  init(_ corpus: Corpus) {
    finished.enter()
    DispatchQueue.global(qos: .userInitiated).async { [state, finished] in
      let index = SuggestionIndex(
        corpus: corpus, shouldStop: { state.value.withLock { $0.cancelled } })
      state.value.withLock { $0.index = index }
      finished.leave()
    }
  }

  deinit { state.value.withLock { $0.cancelled = true } }

  /// The complete index, if it is built.
  var index: SuggestionIndex? { state.value.withLock { $0.index } }

  /// A function that returns once the build has ended, holding no reference to this one:
  /// for tests that a released build leaves nothing running.
  var waitUntilFinished: @Sendable () -> Void {
    { [finished] in finished.wait() }
  }
}
