import Histogram
import TranscriptCorpus
import TranscriptSearch

/// Replays a typist against each input policy, in real time (the pipeline's timers and
/// cancellations are real, so no simulated clock), and measures what a person feels:
/// keystroke-to-visible latency (highlights on the rows on screen) and
/// keystroke-to-complete latency (the full count), results shown that were already stale,
/// and the work spent on results never shown.
///
/// Each session types one keyword; within a session every policy replays the same
/// keystrokes, in an order that rotates from session to session.
public struct TypingReplay: Sendable {
  public var session: SearchSession
  public var keywords: [String]
  public var policies = InputPolicy.standard
  public var sessions = 5
  public var seed: UInt64 = 1
  public var typist = Typist()
  /// How long the field stays open after the last keystroke.
  public var idle = Duration.milliseconds(400)
  /// The find options every keystroke's keyword is searched with.
  public var options = SearchOptions.default

  public init(session: SearchSession, keywords: [String]) {
    self.session = session
    self.keywords = keywords
  }

  /// The keystrokes of every session, from the seed alone.
  public func schedule() -> [[Typist.Keystroke]] {
    var rng = SplitMix64(seed: seed)
    return (0..<sessions).map { index in
      typist.keystrokes(typing: keywords[index % keywords.count], using: &rng)
    }
  }

  public func run(progress: ProgressDisplay? = nil) async -> ReplayResult {
    var recorders = Dictionary(uniqueKeysWithValues: policies.map { ($0, ReplayRecorder()) })
    for (index, strokes) in schedule().enumerated() {
      for offset in policies.indices {
        let policy = policies[(offset + index) % policies.count]
        await replay(strokes, policy: policy, into: &recorders[policy]!)
      }
      progress?.update(index + 1)
    }
    return ReplayResult(
      keywords: keywords, sessions: sessions, seed: seed,
      policies: policies.map { recorders[$0]!.result(policy: $0.description) })
  }

  private func replay(
    _ strokes: [Typist.Keystroke], policy: InputPolicy, into recorder: inout ReplayRecorder
  ) async {
    let pipeline = SearchPipeline(session: session, policy: policy)
    let (edits, input) = AsyncStream.makeStream(of: KeywordEdit.self)
    let clock = ContinuousClock()
    let idle = idle
    let typing = Task {
      var times: [ContinuousClock.Instant] = []
      for (index, stroke) in strokes.enumerated() {
        try? await Task.sleep(for: stroke.delay)
        times.append(clock.now)
        input.yield(KeywordEdit(keystroke: index, keyword: stroke.keyword, options: options))
      }
      try? await Task.sleep(for: idle)
      input.finish()
      return times
    }
    let collecting = Task {
      var updates: [SearchUpdate] = []
      for await update in pipeline.updates { updates.append(update) }
      return updates
    }
    let statistics = await pipeline.run(edits)
    let times = await typing.value
    let updates = await collecting.value
    recorder.record(strokes: strokes, times: times, updates: updates, statistics: statistics)
  }
}

/// Collects one policy's latencies and counts over sessions.
struct ReplayRecorder {
  var visibleAll = ReplayRecorder.histogram()
  var visibleFinal = ReplayRecorder.histogram()
  var completeAll = ReplayRecorder.histogram()
  var completeFinal = ReplayRecorder.histogram()
  var completeLonger = ReplayRecorder.histogram()
  var unanswered = 0
  var keystrokes = 0
  var staleShown = 0
  var updatesShown = 0
  var statistics = PipelineStatistics()

  static func histogram() -> Histogram<UInt64> {
    Histogram(highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: .three)
  }

  mutating func record(
    strokes: [Typist.Keystroke], times: [ContinuousClock.Instant], updates: [SearchUpdate],
    statistics run: PipelineStatistics
  ) {
    keystrokes += strokes.count
    for (index, time) in times.enumerated() {
      let isFinal = index == times.count - 1
      // The first result at least as new as this keystroke answers it.
      for phase in [SearchUpdate.Phase.visible, .complete] {
        guard let answer = updates.first(where: { $0.phase == phase && $0.keystroke >= index })
        else {
          unanswered += 1
          continue
        }
        let microseconds = UInt64(max(0, (answer.time - time).seconds * 1e6))
        if phase == .visible {
          _ = visibleAll.record(microseconds)
          if isFinal { _ = visibleFinal.record(microseconds) }
        } else {
          _ = completeAll.record(microseconds)
          if isFinal { _ = completeFinal.record(microseconds) }
          if strokes[index].keyword.count >= 2 { _ = completeLonger.record(microseconds) }
        }
      }
    }
    for update in updates {
      updatesShown += 1
      // Stale: a newer keystroke had been typed when this was shown.
      if let newer = times.lastIndex(where: { $0 <= update.time }), newer > update.keystroke {
        staleShown += 1
      }
    }
    statistics.searchesStarted += run.searchesStarted
    statistics.searchesCancelled += run.searchesCancelled
    statistics.searchesCompleted += run.searchesCompleted
    statistics.wastedSeconds += run.wastedSeconds
    statistics.searchSeconds += run.searchSeconds
  }

  func result(policy: String) -> ReplayResult.Policy {
    ReplayResult.Policy(
      policy: policy, keystrokes: keystrokes,
      visibleAll: .init(visibleAll), visibleFinal: .init(visibleFinal),
      completeAll: .init(completeAll), completeFinal: .init(completeFinal),
      completeTwoOrMoreCharacters: .init(completeLonger), unanswered: unanswered,
      updatesShown: updatesShown, staleShown: staleShown,
      searchesStarted: statistics.searchesStarted, searchesCancelled: statistics.searchesCancelled,
      searchesCompleted: statistics.searchesCompleted, wastedSeconds: statistics.wastedSeconds,
      searchSeconds: statistics.searchSeconds)
  }
}
