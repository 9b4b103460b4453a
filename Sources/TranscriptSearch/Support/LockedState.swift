import Foundation

/// A value shared between threads, behind a pthread lock.
///
/// Not `Synchronization.Mutex`: on Linux, ThreadSanitizer does not see its locking (the
/// standard library is not instrumented), and `make sanitize-thread` reported every
/// access to a chunked search's state as a race.
final class LockedState<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// The result of `body`, run on the value with the lock held.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
