import ArgumentParser
import Foundation
import SearchBenchKit
import TranscriptCorpus
import TranscriptSearch

extension TSBench {
  struct Replay: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay a person typing against each input policy and measure the latency felt.",
      discussion: """
        A seeded typist (log-normal intervals around 150 ms, pauses, typos fixed with \
        backspace) types keywords; each policy (immediate, debounce:150, \
        throttle-latest:100 — the SwiftUI sample's —, max-one-in-flight, cancel-stale) \
        replays the same keystrokes in real time through the search pipeline. Prints, per \
        policy, p50/p95/p99/max of keystroke-to-visible and keystroke-to-complete latency, \
        stale results shown, searches started/cancelled/completed and the CPU time wasted. \
        Writes results/replay.md and results/replay.json unless --json.
        """)

    @Option(help: "The transcript: JSON Lines, SubRip, WebVTT or plain text.")
    var dataset: String

    @OptionGroup var options: DatasetOptions

    @OptionGroup(title: "Find options") var find: FindOptions

    @Option(
      help:
        "A policy or all: immediate, debounce:MS, throttle-latest:MS, max-one-in-flight, cancel-stale."
    )
    var policy = "all"

    @Option(
      help: "Keywords to type, comma-separated (default: the dataset's planted frequent and rare).",
      transform: { $0.split(separator: ",").map(String.init) })
    var keywords: [String]?

    @Option(help: "Typing sessions (one keyword each).")
    var sessions = 5

    @Option(help: "The typist's seed: the same seed gives the same keystrokes.")
    var seed: UInt64 = 1

    @Option(help: "The manifest that lists the planted keywords of standard datasets.")
    var manifest = "datasets/manifest.json"

    @Flag(help: "Print the results as JSON instead of writing the report.")
    var json = false

    @Option(help: "The folder the report is written to.")
    var results = "results"

    func validate() throws {
      guard policy == "all" || InputPolicy(policy) != nil else {
        throw ValidationError(
          "unknown policy '\(policy)'; choose all, immediate, debounce:MS, throttle-latest:MS, "
            + "max-one-in-flight or cancel-stale (MS: milliseconds, not negative)")
      }
      guard sessions > 0 else { throw ValidationError("--sessions must be at least 1") }
      if let keywords, keywords.isEmpty || keywords.contains(where: \.isEmpty) {
        throw ValidationError("--keywords is empty: give one or more, comma-separated")
      }
    }

    func run() async throws {
      if !json {
        try ResultsFolder.prepare(
          results, writing: ["replay.md", "replay.json"], inputs: [dataset, manifest])
      }
      let corpus = try options.load(dataset).corpus
      guard !corpus.isEmpty else { throw ValidationError("\(dataset) holds no rows") }
      let typed = try keywords ?? plantedKeywords()
      let middle = corpus.count / 2
      let session = SearchSession(corpus: corpus, viewport: middle..<min(middle + 40, corpus.count))
      var replay = TypingReplay(session: session, keywords: typed)
      replay.sessions = sessions
      replay.seed = seed
      replay.options = find.searchOptions
      if policy != "all" { replay.policies = [InputPolicy(policy)!] }
      let progress = ProgressDisplay("replay", total: sessions, unit: "sessions", enabled: !json)
      let result = await replay.run(progress: progress)
      progress.finish()
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        printJSON(try encoder.encode(result))
        return
      }
      let command =
        "tsbench replay --dataset \(dataset) --policy \(policy) --sessions \(sessions) --seed \(seed)"
        + find.commandLine
      let markdown = result.markdown(
        command: command, dataset: URL(fileURLWithPath: dataset).lastPathComponent)
      try ReportFile.write(markdown, to: "\(results)/replay.md")
      try ReportFile.writeJSON(result, to: "\(results)/replay.json")
      print(markdown)
    }

    /// The planted frequent and rare keywords, when the dataset is a standard one.
    private func plantedKeywords() throws -> [String] {
      let name = URL(fileURLWithPath: dataset).deletingPathExtension().lastPathComponent
      guard let entry = try? DatasetManifest.load(from: manifest).entry(named: name) else {
        throw ValidationError("\(dataset) is not a standard dataset: give --keywords")
      }
      return entry.plantedKeywords.filter { $0.frequencyClass != .absent }.map(\.keyword)
    }
  }
}
