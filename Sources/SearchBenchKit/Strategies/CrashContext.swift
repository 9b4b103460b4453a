import CCrashContext

/// Names what was running if a strategy traps: the run ends (a trap cannot be recovered
/// from), but the message says which strategy and keyword, and no report is half written.
public enum CrashContext {
  /// Installs the handlers; call once, early.
  public static func install() {
    tsb_crash_context_install("tsbench: ")
  }

  /// Runs `body`, which searches `keyword` with `strategy`, named if it traps.
  static func searching<Result>(
    _ strategy: String, _ keyword: String, _ body: () async throws -> Result
  ) async rethrows -> Result {
    tsb_crash_context_set(
      "the strategy \"\(strategy)\" trapped while searching for \"\(keyword)\"; "
        + "the run stopped and the previous report was left as it was")
    defer { tsb_crash_context_set("") }
    return try await body()
  }
}
