// swift-tools-version: 6.1
// An example of bringing your own search strategy to TranscriptSearchBench: the naive
// lowercased() + range(of:) search many apps ship, scored and timed beside the project's.
import PackageDescription

let package = Package(
  name: "NaiveSearch",
  platforms: [.macOS(.v15)],
  dependencies: [
    // In your own package: .package(url: "<this repository's URL>", branch: "main").
    .package(name: "TranscriptSearchBench", path: "../..")
  ],
  targets: [
    // The strategy, as an app would have it: depends on the search core only.
    .target(
      name: "NaiveSearch",
      dependencies: [.product(name: "TranscriptSearch", package: "TranscriptSearchBench")]),
    // tsbench with the strategy added: verify, compare, gate and every other command.
    .executableTarget(
      name: "naive-bench",
      dependencies: [
        "NaiveSearch",
        .product(name: "SearchBenchKit", package: "TranscriptSearchBench"),
        .product(name: "TSBenchCommands", package: "TranscriptSearchBench"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
