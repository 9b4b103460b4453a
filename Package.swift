// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "TranscriptSearchBench",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "TranscriptSearch", targets: ["TranscriptSearch"]),
    .library(name: "TranscriptCorpus", targets: ["TranscriptCorpus"]),
    .library(name: "SearchBenchKit", targets: ["SearchBenchKit"]),
    .executable(name: "tsbench", targets: ["tsbench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
  ],
  targets: [
    .target(
      name: "TranscriptSearch",
      dependencies: [
        "CScanKernels", .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ]
    ),
    // The search's vector kernels for x86-64, chosen at run time (see ScanKernel).
    .target(name: "CScanKernels"),
    .target(
      name: "TranscriptCorpus",
      dependencies: [
        "TranscriptSearch",
        .product(name: "Crypto", package: "swift-crypto"),
      ]
    ),
    .target(name: "CHeapStats"),
    .target(
      name: "SearchBenchKit",
      dependencies: [
        "CHeapStats", "TranscriptCorpus", "TranscriptSearch",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
      ],
      // The conformance cases and the helper scripts travel with the binary, so tsbench
      // works from any folder.
      resources: [.copy("Resources")]),
    .executableTarget(
      name: "tsbench",
      dependencies: [
        "SearchBenchKit",
        "TranscriptCorpus",
        "TranscriptSearch",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "TranscriptSearchTests",
      dependencies: [
        "TranscriptSearch", "CScanKernels",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "TranscriptCorpusTests", dependencies: ["TranscriptCorpus", "TranscriptSearch"]),
    .testTarget(name: "SearchBenchKitTests", dependencies: ["SearchBenchKit", "TranscriptCorpus"]),
    // Runs the tsbench binary built beside the tests, as a person runs it.
    .testTarget(name: "tsbenchTests"),
  ],
  swiftLanguageModes: [.v6]
)
