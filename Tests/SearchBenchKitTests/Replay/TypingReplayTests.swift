import Testing
import TranscriptCorpus
import TranscriptSearch

@testable import SearchBenchKit

@Suite("TypingReplay")
struct TypingReplayTests {
  @Test func theScheduleDependsOnTheSeedAlone() {
    let session = SearchSession(corpus: Corpus([TranscriptRow(start: 0, text: "zephyr")]))
    var replay = TypingReplay(session: session, keywords: ["zephyr", "straße"])
    replay.sessions = 6
    let first = replay.schedule()
    #expect(first == replay.schedule())
    replay.seed = 2
    #expect(first != replay.schedule())
  }

  @Test func typingEndsWithTheKeywordAndFixesEveryTypo() {
    var typist = Typist()
    typist.typoRate = 0.5
    var rng = SplitMix64(seed: 9)
    let strokes = typist.keystrokes(typing: "zephyr", using: &rng)
    #expect(strokes.last?.keyword == "zephyr")
    #expect(strokes.count > 6)  // some typos, each typed and erased
    for (before, after) in zip([""] + strokes.map(\.keyword), strokes.map(\.keyword)) {
      #expect(abs(after.count - before.count) == 1)  // one key at a time
    }
    let delays = strokes.map {
      Double($0.delay.components.attoseconds) / 1e18 + Double($0.delay.components.seconds)
    }
    #expect(delays.allSatisfy { $0 > 0.01 && $0 < 3 })
  }

  @Test func aReplayAnswersEveryKeystrokeUnderEveryPolicy() async {
    let corpus = Corpus((0..<2_000).map { TranscriptRow(start: 0, text: "row \($0) with a zebra") })
    var replay = TypingReplay(
      session: SearchSession(corpus: corpus, viewport: 0..<40), keywords: ["zebra"])
    replay.sessions = 1
    replay.typist.medianInterval = .milliseconds(5)
    replay.typist.pauseRate = 0
    replay.idle = .milliseconds(250)
    let result = await replay.run()
    #expect(result.policies.count == InputPolicy.standard.count)
    for policy in result.policies {
      #expect(policy.unanswered == 0, "\(policy.policy)")
      #expect(policy.completeFinal.count == 1, "\(policy.policy)")
      #expect(policy.searchesStarted >= 1)
    }
  }
}
