// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets, built by `make fuzz` with
//   swift build -Xswiftc -sanitize=fuzzer,address
// A package of its own, like Benchmarks/.
let package = Package(
  name: "TranscriptSearchFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [
    // A link to the repository root: the dependency's identity does not depend on the
    // name of the folder the repository was cloned into.
    .package(path: "TranscriptSearchBench")
  ],
  targets: [
    .target(name: "FuzzDriver", path: "Driver"),
    .executableTarget(
      name: "FuzzMatchers",
      dependencies: [
        "FuzzDriver", .product(name: "SearchBenchKit", package: "TranscriptSearchBench"),
      ],
      path: "Matchers"
    ),
    .executableTarget(
      name: "FuzzEncodings",
      dependencies: [
        "FuzzDriver", .product(name: "SearchBenchKit", package: "TranscriptSearchBench"),
      ],
      path: "Encodings"
    ),
    .executableTarget(
      name: "FuzzBaselines",
      dependencies: [
        "FuzzDriver", .product(name: "SearchBenchKit", package: "TranscriptSearchBench"),
      ],
      path: "Baselines"
    ),
    .executableTarget(
      name: "FuzzImporters",
      dependencies: [
        "FuzzDriver", .product(name: "SearchBenchKit", package: "TranscriptSearchBench"),
      ],
      path: "Importers"
    ),
  ],
  swiftLanguageModes: [.v6]
)
