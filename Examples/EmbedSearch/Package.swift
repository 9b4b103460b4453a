// swift-tools-version: 6.1
// An app-style package that embeds the search core: it depends on the TranscriptSearch
// product alone, and runs the DocC article "Getting started" as an app would.
import PackageDescription

let package = Package(
  name: "EmbedSearch",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  dependencies: [
    // In your own package: .package(url: "<this repository's URL>", branch: "main").
    // No traits: the harness's dependencies (its argument parser, its histograms) are left
    // out.
    .package(name: "TranscriptSearchBench", path: "../..", traits: [])
  ],
  targets: [
    .executableTarget(
      name: "EmbedSearch",
      dependencies: [.product(name: "TranscriptSearch", package: "TranscriptSearchBench")])
  ],
  swiftLanguageModes: [.v6]
)
