#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Generates dataset files and checks them against the manifest.
public struct DatasetBuilder: Sendable {
  /// The folder the files are written to.
  public var directory: String

  public init(directory: String) { self.directory = directory }

  public func path(of file: String) -> String { "\(directory)/\(file)" }

  /// Generates the JSON Lines file and the plain-text export of `spec`, and returns
  /// the manifest entry describing them.
  ///
  /// - Parameter progress: called with the number of rows written so far.
  public func generate(
    _ spec: DatasetSpec, progress: (Int) -> Void = { _ in }
  ) throws(DatasetError) -> DatasetManifest.Entry {
    let jsonLines = try JSONLinesWriter(path: path(of: spec.jsonLinesFileName))
    let plainText = try PlainTextWriter(path: path(of: spec.plainTextFileName))
    var textBytes = 0
    var written = 0
    let planted: [PlantedKeywordCount]
    do {
      planted = try TranscriptGenerator(script: spec.script, seed: spec.seed).generate(
        rows: spec.rows
      ) { start, speaker, text in
        try jsonLines.write(start: start, speaker: speaker, utf8Text: text)
        try plainText.write(utf8Text: text)
        textBytes += text.count
        written += 1
        if written % 16_384 == 0 { progress(written) }
      }
    } catch let error as DatasetError {
      throw error
    } catch {
      throw .cannotWrite(path: path(of: spec.jsonLinesFileName), reason: "\(error)")
    }
    let jsonBytes = jsonLines.bytesWritten
    let textFileBytes = plainText.bytesWritten
    let jsonDigest = try jsonLines.finish()
    let textDigest = try plainText.finish()
    progress(spec.rows)
    return DatasetManifest.Entry(
      spec: spec, textBytes: textBytes, plantedKeywords: planted,
      jsonLines: .init(file: spec.jsonLinesFileName, bytes: jsonBytes, sha256: jsonDigest),
      plainText: .init(file: spec.plainTextFileName, bytes: textFileBytes, sha256: textDigest))
  }

  /// Checks that both files of `entry` exist with the recorded size and SHA-256.
  public func verify(_ entry: DatasetManifest.Entry) throws(DatasetError) {
    for digest in [entry.jsonLines, entry.plainText] {
      let file = path(of: digest.file)
      let bytes = try Self.size(of: file)
      guard bytes == digest.bytes else {
        throw .manifestMismatch(
          path: file, reason: "\(bytes) bytes, the manifest says \(digest.bytes)")
      }
      let sha256 = try Self.sha256(of: file)
      guard sha256 == digest.sha256 else {
        throw .manifestMismatch(
          path: file, reason: "SHA-256 \(sha256), the manifest says \(digest.sha256)")
      }
    }
  }

  /// Whether both files of `spec` exist.
  public func exists(_ spec: DatasetSpec) -> Bool {
    [spec.jsonLinesFileName, spec.plainTextFileName].allSatisfy {
      access(path(of: $0), F_OK) == 0
    }
  }

  /// The size of a file in bytes.
  public static func size(of path: String) throws(DatasetError) -> Int {
    guard let size = JSONLinesReader.fileSize(path) else {
      throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    return size
  }

  /// The SHA-256 of a file, read in chunks.
  public static func sha256(of path: String) throws(DatasetError) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    let hasher = SHA256Hasher()
    var buffer = [UInt8](repeating: 0, count: 4 << 20)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      buffer.withUnsafeBytes {
        hasher.update(UnsafeRawBufferPointer(rebasing: $0[..<count]))
      }
    }
    return hasher.finalize()
  }
}
