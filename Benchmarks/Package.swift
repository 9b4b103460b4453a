// swift-tools-version: 6.1
import PackageDescription

import class Foundation.ProcessInfo

// Under jemalloc (LD_PRELOAD, `make bench-alloc`) package-benchmark's malloc interposer
// crashes the suites, so that run builds without it (TSB_WITHOUT_MALLOC_INTERPOSER=1, in
// its own build folder): it measures time and heap bytes, not malloc counts.
let benchmarkTraits: Set<Package.Dependency.Trait> =
  ProcessInfo.processInfo.environment["TSB_WITHOUT_MALLOC_INTERPOSER"] == nil
  ? ["MallocInterposer"] : []

// The benchmark suites, a package of their own so the main package does not depend on
// package-benchmark. Run them with `make bench-suites` (or `swift package benchmark` here).
let package = Package(
  name: "TranscriptSearchBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    // The repository root, named as the example names it: both then compile the same
    // sources with the same flags, and share one build (the Makefile's DEPENDENTS_SCRATCH).
    .package(name: "TranscriptSearchBench", path: ".."),
    // Without the MallocInterposer trait every malloc metric reads 0 on Swift 6.3.
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: benchmarkTraits),
  ],
  targets: [
    .target(
      name: "BenchmarkSupport",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "SearchBenchKit", package: "TranscriptSearchBench"),
        .product(name: "SearchStrategies", package: "TranscriptSearchBench"),
        .product(name: "TranscriptCorpus", package: "TranscriptSearchBench"),
        .product(name: "TranscriptSearch", package: "TranscriptSearchBench"),
      ],
      path: "BenchmarkSupport"
    ),
    suite("Matchers"),
    suite("Index"),
    suite("Session"),
    suite("Gate"),
    // The marker whose calls split the gate workload's callgrind profile into phases.
    .target(name: "GatePhases", path: "GatePhases"),
    .executableTarget(
      name: "GateWorkload",
      dependencies: [
        "GatePhases",
        .product(name: "TranscriptCorpus", package: "TranscriptSearchBench"),
        .product(name: "TranscriptSearch", package: "TranscriptSearchBench"),
      ],
      path: "GateWorkload"
    ),
  ],
  swiftLanguageModes: [.v6]
)

/// One package-benchmark suite: `Benchmarks/<name>/<name>.swift`.
func suite(_ name: String) -> Target {
  .executableTarget(
    name: name,
    dependencies: [
      "BenchmarkSupport",
      .product(name: "Benchmark", package: "benchmark"),
      .product(name: "SearchStrategies", package: "TranscriptSearchBench"),
      .product(name: "TranscriptCorpus", package: "TranscriptSearchBench"),
      .product(name: "TranscriptSearch", package: "TranscriptSearchBench"),
    ],
    path: name,
    plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
  )
}
