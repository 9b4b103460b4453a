// swift-tools-version: 6.1
import PackageDescription

// `make test` sets TSB_OPTIMIZE_TESTED=1: the libraries the tests exercise are then built
// optimized in debug builds, assertions kept (`-assert-config Debug`), which halves the
// suite's time. Unset, as for any package that depends on this one, nothing changes: SwiftPM
// refuses unsafe flags in a dependency resolved by version.
let optimizeTested = Context.environment["TSB_OPTIMIZE_TESTED"] == "1"
let optimizedForTests: [SwiftSetting] =
  optimizeTested
  ? [.unsafeFlags(["-O", "-assert-config", "Debug"], .when(configuration: .debug))] : []
let optimizedCForTests: [CSetting] =
  optimizeTested ? [.unsafeFlags(["-O2"], .when(configuration: .debug))] : []

let package = Package(
  name: "TranscriptSearchBench",
  // The versions Synchronization's Mutex needs, which the core uses.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "TranscriptSearch", targets: ["TranscriptSearch"]),
    .library(name: "SearchStrategies", targets: ["SearchStrategies"]),
    .library(name: "TranscriptCorpus", targets: ["TranscriptCorpus"]),
    .library(name: "SearchBenchKit", targets: ["SearchBenchKit"]),
    .library(name: "TSBenchCommands", targets: ["TSBenchCommands"]),
    .executable(name: "tsbench", targets: ["tsbench"]),
  ],
  // The harness's own dependencies come with the default trait, `Harness`: an app that
  // depends on the core alone asks for no traits (`traits: []`) and resolves none of them.
  traits: [.default(enabledTraits: ["Harness"]), "Harness"],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    // `make docs`: the core's DocC catalog.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .target(
      name: "TranscriptSearch",
      dependencies: [
        "CScanKernels", "CFoldKernels",
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
      ],
      swiftSettings: optimizedForTests
    ),
    // What only the harness needs beside the core: the list of strategies it measures,
    // the stock engines of Swift and Foundation, the oracle and the sample app's index.
    .target(
      name: "SearchStrategies", dependencies: ["TranscriptSearch"], swiftSettings: optimizedForTests
    ),
    // The search's vector kernels for x86-64, chosen at run time (see ScanKernel).
    .target(name: "CScanKernels", cSettings: optimizedCForTests),
    // The fold's pass over plain characters for x86-64 with AVX2 (see PlainScanKernel).
    .target(name: "CFoldKernels", cSettings: optimizedCForTests),
    // The importers' UTF-8 validator for x86-64 with AVX2, chosen at run time.
    .target(name: "CUTF8Validation", cSettings: optimizedCForTests),
    // The JSON Lines reader's pass over a string's plain bytes with AVX2.
    .target(name: "CJSONScan", cSettings: optimizedCForTests),
    // The temporary files a signal or a trap removes before the process ends.
    .target(name: "CExitCleanup"),
    // SHA-256 from the system on Linux: OpenSSL's libcrypto (Debian libssl-dev). Apple's
    // systems use CryptoKit.
    .systemLibrary(name: "CLibCrypto", providers: [.apt(["libssl-dev"])]),
    .target(
      name: "TranscriptCorpus",
      dependencies: [
        "TranscriptSearch", "CUTF8Validation", "CJSONScan", "CExitCleanup",
        .target(name: "CLibCrypto", condition: .when(platforms: [.linux, .android])),
      ],
      swiftSettings: optimizedForTests
    ),
    .target(name: "CHeapStats"),
    // Names the strategy and keyword being searched if a strategy traps.
    .target(name: "CCrashContext", dependencies: ["CExitCleanup"]),
    // The C engines compared with ours: PCRE2 (Debian libpcre2-dev) and ICU's string
    // search (Debian libicu-dev), linked from the system.
    .systemLibrary(name: "CPCRE2", providers: [.apt(["libpcre2-dev"])]),
    // SQLite (Debian libsqlite3-dev), for the fts5 strategy: FTS5's trigram index.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // The FTS5 function that gives each match's place in its row (see CFTS5.h).
    .target(name: "CFTS5", linkerSettings: [.linkedLibrary("sqlite3")]),
    .target(
      name: "CICUSearch",
      linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
    .target(
      name: "ExternalEngines",
      dependencies: ["CPCRE2", "CICUSearch", "CFTS5", "CSQLite", "TranscriptSearch"],
      swiftSettings: optimizedForTests),
    .target(
      name: "SearchBenchKit",
      dependencies: [
        "CCrashContext", "CHeapStats", "ExternalEngines", "SearchStrategies", "TranscriptCorpus",
        "TranscriptSearch",
        .product(
          name: "Histogram", package: "hdrhistogram-swift", condition: .when(traits: ["Harness"])),
      ],
      // The conformance cases and the helper scripts travel with the binary, so tsbench
      // works from any folder.
      resources: [.copy("Resources")],
      swiftSettings: optimizedForTests),
    .target(
      name: "TSBenchCommands",
      dependencies: [
        "SearchBenchKit",
        "TranscriptViewer",
        "SearchStrategies",
        "TranscriptCorpus",
        "TranscriptSearch",
        .product(
          name: "ArgumentParser", package: "swift-argument-parser",
          condition: .when(traits: ["Harness"])),
      ]
    ),
    // `tsbench view`: a full-screen terminal viewer on the session, the search bar on
    // screen.
    .target(
      name: "TranscriptViewer",
      dependencies: ["CCharacterWidth", "SearchBenchKit", "TranscriptSearch"]),
    // The C library's character widths (wcwidth), which Swift's Glibc module leaves out.
    .target(name: "CCharacterWidth"),
    .executableTarget(name: "tsbench", dependencies: ["TSBenchCommands"]),
    // Applies TSB_SCAN_KERNEL to a test binary at load time, as tsbench does at launch.
    .target(
      name: "KernelLimitFromEnvironment", dependencies: ["CScanKernels"],
      path: "Tests/KernelLimitFromEnvironment"),
    .testTarget(
      name: "TranscriptSearchTests",
      dependencies: [
        "TranscriptSearch", "SearchStrategies", "CScanKernels", "KernelLimitFromEnvironment",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "ExternalEnginesTests",
      dependencies: [
        "ExternalEngines", "SearchStrategies", "TranscriptSearch", "KernelLimitFromEnvironment",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "SearchStrategiesTests",
      dependencies: ["KernelLimitFromEnvironment", "SearchStrategies", "TranscriptSearch"]),
    .testTarget(
      name: "TranscriptCorpusTests",
      dependencies: ["KernelLimitFromEnvironment", "TranscriptCorpus", "TranscriptSearch"]),
    .testTarget(
      name: "SearchBenchKitTests",
      dependencies: [
        "KernelLimitFromEnvironment", "SearchBenchKit", "SearchStrategies", "TranscriptCorpus",
        "TranscriptSearch",
      ]),
    .testTarget(
      name: "TranscriptViewerTests",
      dependencies: ["SearchBenchKit", "TranscriptCorpus", "TranscriptSearch", "TranscriptViewer"]),
    // Runs the tsbench binary built beside the tests, as a person runs it.
    .testTarget(name: "tsbenchTests"),
  ],
  swiftLanguageModes: [.v6]
)
