import Foundation
import SearchStrategies
import TranscriptCorpus
import TranscriptSearch

/// The properties the fuzz targets check on arbitrary bytes, shared with the tests that
/// replay the inputs kept in `Fuzz/Regressions/`.
public enum FuzzChecks {
  /// Inputs are cut to this many bytes: the oracle is quadratic per row.
  public static let maximumInput = 2_048

  /// Splits `bytes` at the first zero byte into text (rows split at line feeds) and
  /// keyword, both decoded as UTF-8 with repairs, and compares `folded` (in tiny segments)
  /// and `chunked`'s chunks with the oracle. Returns a description of the first
  /// difference, or nil when they agree.
  public static func matchersDisagree(on bytes: [UInt8]) -> String? {
    let input = bytes.prefix(maximumInput)
    let split = input.firstIndex(of: 0) ?? input.endIndex
    let text = String(decoding: input[..<split], as: UTF8.self)
    let keyword =
      split < input.endIndex ? String(decoding: input[(split + 1)...], as: UTF8.self) : "a"
    let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
    let forms = [false, true].map {
      FoldedCorpus(corpus, segmentBytes: 24, ignoringDiacritics: $0)
    }
    // The same rows folded with each other fold kernel this CPU runs (searched with the
    // default scan kernel).
    let otherFolds = PlainScanKernel.available.filter { $0 != .automatic }.map { kernel in
      (
        kernel,
        [false, true].map {
          FoldedCorpus(corpus, segmentBytes: 24, ignoringDiacritics: $0, kernel: kernel)
        }
      )
    }
    // The rows as the oracle reads them, split once for each diacritics option.
    let prepared = [false, true].map { ignoring in
      rows.map { OracleMatcher.PreparedText($0, ignoringDiacritics: ignoring) }
    }
    // Every option, with every kernel this CPU runs, on every input.
    for options in SearchOptions.allCombinations {
      let expected = OracleMatcher.matches(
        of: OracleMatcher.PreparedKeyword(keyword, ignoringDiacritics: options.ignoresDiacritics),
        inRows: prepared[options.ignoresDiacritics ? 1 : 0], wordMatch: options.wordMatch)
      let folded = forms[options.ignoresDiacritics ? 1 : 0]
      let key = FoldedKeyword(keyword, options: options)
      let context = "for \(keyword.debugDescription) (\(options)) in \(rows.debugDescription)"
      for (kernel, forms) in otherFolds where !keyword.isEmpty {
        let all = forms[options.ignoresDiacritics ? 1 : 0].matches(
          of: key, inRows: 0..<corpus.count, originals: corpus)
        if all != expected {
          return "folded (folded with \(kernel)) \(all) ≠ oracle \(expected) \(context)"
        }
      }
      for kernel in ScanKernel.available {
        let all =
          keyword.isEmpty
          ? []
          : folded.matches(of: key, inRows: 0..<corpus.count, kernel: kernel, originals: corpus)
        if all != expected { return "folded (\(kernel)) \(all) ≠ oracle \(expected) \(context)" }
        // Several keywords in one pass: the keyword beside its first half and a letter,
        // each as if searched alone.
        let others = [String(keyword.prefix(max(1, keyword.count / 2))), "e"].map {
          FoldedKeyword($0, options: options)
        }
        let together = folded.matches(
          ofEach: [key] + others, inRows: 0..<corpus.count, kernel: kernel, originals: corpus)
        if together[0] != all {
          return
            "folded (\(kernel)), several keywords: \(together[0]) ≠ oracle \(expected) \(context)"
        }
        for (other, got) in zip(others, together.dropFirst()) {
          let alone = folded.matches(
            of: other, inRows: 0..<corpus.count, kernel: kernel, originals: corpus)
          if got != alone {
            return
              "folded (\(kernel)), \(other) among several keywords: \(got) ≠ alone \(alone) \(context)"
          }
        }
        let chunks = ChunkedMatcher.chunks(of: folded, chunkBytes: 48)
        let byChunk =
          keyword.isEmpty
          ? []
          : chunks.flatMap {
            folded.matches(of: key, inRows: $0, kernel: kernel, originals: corpus)
          }
        if byChunk != expected {
          return "chunked (\(kernel)) \(byChunk) ≠ oracle \(expected) \(context)"
        }
      }
    }
    return nil
  }

  /// Tells the encoding of `bytes` as the readers do, then reads them as text in it:
  /// errors are fine, crashes are not. When the bytes are UTF-16 or UTF-32 of a known
  /// text (the first byte picks which), the detector must name that encoding.
  /// Returns a description of a wrong detection, or nil.
  public static func detectEncoding(_ bytes: [UInt8]) -> String? {
    _ = bytes.withUnsafeBufferPointer { try? TextEncoding.unmarked($0, path: "fuzz") }
    guard var importer = try? TranscriptImporter(path: "fuzz", format: .text) else { return nil }
    _ = try? importer.read(bytes: bytes)
    importer.strict = true
    _ = try? importer.read(bytes: bytes)
    // The rest as text of lines: encoded, it must be told for what it is.
    guard let first = bytes.first, bytes.count > 1,
      let text = String(validating: bytes.dropFirst(), as: UTF8.self)
    else { return nil }
    let line = text.replacingOccurrences(of: "\0", with: "") + "\n"
    let encodings: [(TextEncoding, String.Encoding)] = [
      (.utf16(bigEndian: false), .utf16LittleEndian), (.utf16(bigEndian: true), .utf16BigEndian),
      (.utf32(bigEndian: false), .utf32LittleEndian), (.utf32(bigEndian: true), .utf32BigEndian),
    ]
    let (expected, encoding) = encodings[Int(first) % encodings.count]
    guard let encoded = String(repeating: line, count: 4).data(using: encoding) else { return nil }
    let told = Array(encoded).withUnsafeBufferPointer {
      try? TextEncoding.unmarked($0, path: "fuzz")
    }
    // Refusing (nil: "name it with --encoding") is allowed; naming another is not, but
    // for UTF-16 of controls below U+0011 only, which is also valid UTF-32.
    let controlsOnly = line.unicodeScalars.allSatisfy { $0.value <= 0x10 }
    if let told, told != expected, told != .utf8, !controlsOnly {
      return "\(expected) text \(line.debugDescription) was told as \(told)"
    }
    return nil
  }

  /// Decodes `bytes` as a gate baseline, checks it for a run and compares a run with it:
  /// errors are fine, traps (a huge ratio converted to an integer) are not.
  public static func readBaseline(_ bytes: [UInt8]) {
    guard let baseline = try? StrategyGate.Baseline.decode(Data(bytes)) else { return }
    try? baseline.check(strategy: baseline.strategy, reference: baseline.reference, dataset: "d")
    let gate = StrategyGate(strategy: Strategies.all[0], reference: Strategies.all[1])
    let checks = gate.checks(baseline, against: baseline)
    _ = StrategyGate.markdown(checks, title: "fuzz")
  }

  /// Runs every importer, strict and not, over `bytes`: errors are fine, crashes and
  /// hangs are not. Returns the number of rows imported, to keep the work observable.
  @discardableResult
  public static func importAll(_ bytes: [UInt8]) -> Int {
    var rows = 0
    for format in TranscriptFormat.allCases {
      for strict in [false, true] {
        guard var importer = try? TranscriptImporter(path: "fuzz", format: format) else { continue }
        importer.strict = strict
        if let result = try? importer.read(bytes: bytes) { rows += result.corpus.count }
      }
    }
    return rows
  }
}
