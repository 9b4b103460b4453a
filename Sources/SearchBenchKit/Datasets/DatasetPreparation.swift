import TranscriptCorpus

/// Makes the standard datasets present and trustworthy: generates what is missing and
/// checks every file against the committed manifest.
public struct DatasetPreparation {
  public var builder: DatasetBuilder
  public var manifestPath: String
  /// Rewrite the manifest from what was generated instead of checking against it (for
  /// maintainers, after an intended change to the generator).
  public var updatesManifest = false
  public var showsProgress = true

  public init(directory: String, manifestPath: String) {
    builder = DatasetBuilder(directory: directory)
    self.manifestPath = manifestPath
  }

  /// What happened to one dataset.
  public enum Outcome: String, Sendable {
    case generated, verified
  }

  /// Prepares `specs` and returns each one's manifest entry and outcome.
  ///
  /// - Throws: ``DatasetError`` naming the first file that is missing from the
  ///   manifest, or differs from it.
  public func prepare(
    _ specs: [DatasetSpec]
  ) throws(DatasetError) -> [(entry: DatasetManifest.Entry, outcome: Outcome)] {
    let manifest = updatesManifest ? nil : try DatasetManifest.load(from: manifestPath)
    if let manifest, manifest.generatorVersion != TranscriptGenerator.version {
      throw .manifestMismatch(
        path: manifestPath,
        reason: "written by generator version \(manifest.generatorVersion), this is version "
          + "\(TranscriptGenerator.version); run `tsbench datasets --update-manifest`")
    }
    var results: [(DatasetManifest.Entry, Outcome)] = []
    for spec in specs {
      let expected = manifest?.entry(named: spec.name)
      if manifest != nil && expected?.spec != spec {
        throw .manifestMismatch(
          path: builder.path(of: spec.jsonLinesFileName),
          reason: "\(spec.name) is not in \(manifestPath) with seed \(spec.seed); "
            + "run `tsbench datasets --update-manifest` to add it")
      }
      if let expected, builder.exists(spec) {
        try builder.verify(expected)
        results.append((expected, .verified))
        continue
      }
      let progress = ProgressDisplay(
        "generating \(spec.name)", total: spec.rows, unit: "rows",
        enabled: showsProgress && spec.rows >= 100_000)
      let entry = try builder.generate(spec, progress: progress.update)
      progress.finish()
      if let expected, entry != expected {
        throw .manifestMismatch(
          path: builder.path(of: spec.jsonLinesFileName),
          reason: "regenerated, it differs from the manifest: "
            + entry.differences(from: expected).joined(separator: "; "))
      }
      results.append((entry, .generated))
    }
    if updatesManifest {
      var merged = (try? DatasetManifest.load(from: manifestPath))?.datasets ?? []
      for (entry, _) in results {
        merged.removeAll { $0.name == entry.name }
        merged.append(entry)
      }
      let order = DatasetSpec.standard.map(\.name)
      merged.sort {
        (order.firstIndex(of: $0.name) ?? .max, $0.name) < (
          order.firstIndex(of: $1.name) ?? .max, $1.name
        )
      }
      try DatasetManifest(datasets: merged).save(to: manifestPath)
    }
    return results
  }
}
