import CExitCleanup
import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the temporary files a command has open when it is interrupted (SIGINT,
/// SIGTERM, SIGHUP when its terminal closes, SIGQUIT), then ends the process as the signal
/// would have: an interrupted run leaves neither half-written files nor scratch files
/// behind, and the previous outputs untouched. The files are kept in CExitCleanup's table,
/// which the trap handlers (CCrashContext) empty too.
public enum InterruptCleanup {
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
  private static let handled = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
  /// One queue for every signal, so that two interrupts are handled one after the other.
  private static let queue = DispatchQueue(label: "tsbench.interrupt")
  private static let onInterruptQueue = DispatchSpecificKey<Bool>()
  private static let interrupting = Atomic<Bool>(false)

  private static let installed: Void = {
    queue.setSpecific(key: onInterruptQueue, value: true)
    for signalNumber in handled {
      // The signal is delivered to the source, on a queue of its own, not to a handler
      // that could run in the middle of a malloc. libdispatch catches it itself on Linux:
      // no SIG_IGN, which every child process (the peers, the chart script) would inherit
      // and then outlive an interrupt.
      let source = DispatchSource.makeSignalSource(
        signal: signalNumber, queue: queue)
      source.setEventHandler {
        interrupting.store(true, ordering: .sequentiallyConsistent)
        // The newest first, as `defer` runs: a child process ends before the folder it
        // works in is removed.
        for (_, action) in actions.withLock({ $0.sorted { $0.key > $1.key } }) { action() }
        tsb_exit_cleanup_run()
        // End as the signal would have: its default action, delivered to this thread
        // (libdispatch keeps it blocked elsewhere).
        signal(signalNumber, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signalNumber)
        exit(128 + signalNumber)
      }
      source.resume()
      sources.append(source)
    }
    #if os(Linux)
      // libdispatch installs its handlers from its own thread some time after the sources
      // are resumed; until then a signal ends the process with the temporary file left
      // behind. Wait for them (milliseconds at most), so that none is created unguarded.
      let deadline = ContinuousClock.now + .seconds(2)
      while ContinuousClock.now < deadline && !handled.allSatisfy(isHandled) {
        usleep(500)
      }
    #endif
  }()

  #if os(Linux)
    /// Whether a handler (libdispatch's) has taken `signalNumber` over from the default.
    private static func isHandled(_ signalNumber: Int32) -> Bool {
      var action = sigaction()
      guard sigaction(signalNumber, nil, &action) == 0 else { return false }
      // SIG_DFL is 0 and SIG_IGN is 1.
      return unsafeBitCast(action.__sigaction_handler, to: UInt.self) > 1
    }
  #endif

  /// Installs the signal handlers (once): call it before creating a file that
  /// ``register(_:)`` will name, so that no signal finds the file made and unguarded.
  public static func prepare() { _ = installed }

  /// Removes `path` if the process is interrupted or traps before ``unregister(_:)``.
  ///
  /// - Throws: ``DatasetError/cannotWrite(path:reason:)`` when the table of such files is
  ///   full or the path too long: a file that could outlive an interrupt is not created.
  public static func register(_ path: String) throws(DatasetError) {
    _ = installed
    guard tsb_exit_cleanup_add(path) == 0 else {
      throw .cannotWrite(
        path: path, reason: "too many temporary files at once, or a path too long to clean up")
    }
  }

  public static func unregister(_ path: String) {
    tsb_exit_cleanup_remove(path)
  }

  /// Work an interrupt must do before the process ends that unlinking files cannot: a
  /// temporary folder removed whole, a git worktree taken off its repository's list. It
  /// runs on the interrupt's queue (not in a signal handler), so it may do anything; a
  /// trap does not run it.
  private static let actions = Mutex<[Int: @Sendable () -> Void]>([:])
  private static let nextAction = Atomic<Int>(0)

  /// Runs `action` if the process is interrupted before ``removeAction(_:)`` is called
  /// with the number returned.
  public static func addAction(_ action: @escaping @Sendable () -> Void) -> Int {
    _ = installed
    let number = nextAction.wrappingAdd(1, ordering: .relaxed).oldValue
    actions.withLock { $0[number] = action }
    return number
  }

  public static func removeAction(_ number: Int) {
    _ = actions.withLock { $0.removeValue(forKey: number) }
  }

  /// Parks the calling thread for good once an interrupt is being handled, unless it is
  /// the handler's own: work that would go on after its child was ended (the next build of
  /// a bisection, files made in a folder being removed) never races the clean-up, and the
  /// process still ends by the signal. Call it where a command's work resumes after
  /// waiting for a child process.
  public static func holdIfInterrupted() {
    guard interrupting.load(ordering: .sequentiallyConsistent),
      DispatchQueue.getSpecific(key: onInterruptQueue) == nil
    else { return }
    while true { pause() }
  }
}
