import TranscriptSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// WebVTT's file parsing algorithm (WebVTT §6.1), line by line, for what a transcript
/// keeps of a cue: its start time, its text and its voice. Lines arrive with CR, LF and
/// CRLF already taken as terminators (§6.1 step 1); NUL becomes U+FFFD here.
///
/// As the algorithm says: the header runs to a blank line or to a line containing `-->`;
/// a block is a cue when its first line, or its second after an identifier, contains
/// `-->` and holds valid timings; cue text ends at a blank line or at a line containing
/// `-->`, which starts the next block; `STYLE` and `REGION` blocks before the first cue
/// are not cues, and neither is any block without timings (`NOTE` comments among them).
/// Cue settings are not read (an invalid one is ignored by the algorithm anyway), and a
/// cue whose end is not after its start is kept. Blocks the algorithm drops are dropped
/// here too, and each that is not a comment, style or region is reported.
struct WebVTTParser {
  let path: String
  private(set) var notices: [ImportNotice] = []

  private enum Phase { case signature, afterSignature, blocks }
  private var phase = Phase.signature
  private var seenCue = false

  // The block being collected (§6.1 "collect a WebVTT block").
  private var inBlock = false
  private var inHeader = false
  private var lineCount = 0
  private var firstLine = 0
  private var buffer: [UInt8] = []
  private var seenArrow = false
  private var cueStart: Int64?
  private var timingFailure: ImportNotice?
  private var isStyleOrRegion = false
  private var text: [UInt8] = []
  private var nulFree: [UInt8] = []
  private var scratch: [UInt8] = []
  private var voices = RecentVoices()

  init(path: String) { self.path = path }

  mutating func take(
    _ raw: UnsafeBufferPointer<UInt8>, number: Int, into corpus: inout Corpus
  ) throws {
    guard let base = raw.baseAddress, memchr(base, 0, raw.count) != nil else {
      return try take(line: raw, number: number, into: &corpus)
    }
    nulFree.removeAll(keepingCapacity: true)
    for byte in raw {
      if byte == 0 { nulFree += [0xEF, 0xBF, 0xBD] } else { nulFree.append(byte) }
    }
    var line: [UInt8] = []
    swap(&line, &nulFree)
    defer { swap(&line, &nulFree) }
    try line.withUnsafeBufferPointer { try take(line: $0, number: number, into: &corpus) }
  }

  private mutating func take(
    line: UnsafeBufferPointer<UInt8>, number: Int, into corpus: inout Corpus
  ) throws {
    switch phase {
    case .signature:
      // §6.1 steps 4–6: "WEBVTT", alone or followed by a space or a tab.
      let signature: [UInt8] = Array("WEBVTT".utf8)
      guard line.starts(with: signature),
        line.count == 6 || line[6] == 0x20 || line[6] == 0x09
      else {
        throw DatasetError.malformedCue(
          path: path, line: number,
          reason: "not a WebVTT file: the first line must be 'WEBVTT' (found "
            + "\(ImportNotice.excerpt(line)))")
      }
      phase = .afterSignature
    case .afterSignature:
      phase = .blocks
      // §6.1 step 11: a header block unless the line after the signature is blank.
      if !line.isEmpty { try startBlock(line, number: number, header: true, into: &corpus) }
    case .blocks:
      if inBlock {
        try continueBlock(line, number: number, into: &corpus)
      } else if !line.isEmpty {
        try startBlock(line, number: number, header: false, into: &corpus)
      }
    }
  }

  /// The end of the input: the block being collected ends too.
  mutating func finish(into corpus: inout Corpus) throws {
    if phase == .signature {
      throw DatasetError.malformedCue(
        path: path, line: 1, reason: "the file is empty: a WebVTT file begins with 'WEBVTT'")
    }
    if inBlock { endBlock(into: &corpus) }
  }

  private mutating func startBlock(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, header: Bool, into corpus: inout Corpus
  ) throws {
    inBlock = true
    inHeader = header
    lineCount = 0
    firstLine = number
    buffer.removeAll(keepingCapacity: true)
    seenArrow = false
    cueStart = nil
    timingFailure = nil
    isStyleOrRegion = false
    try continueBlock(line, number: number, into: &corpus)
  }

  private mutating func continueBlock(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, into corpus: inout Corpus
  ) throws {
    lineCount += 1
    if Self.containsArrow(line) {
      if !inHeader && (lineCount == 1 || (lineCount == 2 && !seenArrow)) {
        seenArrow = true
        switch Self.timings(line) {
        case .success(let start):
          cueStart = start
          timingFailure = nil
          buffer.removeAll(keepingCapacity: true)
          seenCue = true
        case .failure(let failure):
          cueStart = nil
          timingFailure = ImportNotice(
            line: number, kind: .skipped,
            reason: "cue dropped: its timing line \(ImportNotice.excerpt(line)) "
              + (failure == .tooLarge
                ? "holds a time too large to represent"
                : "is not 'start --> end' with WebVTT timestamps ([hh:]mm:ss.ttt)"))
        }
        return
      }
      // The line starts the next block.
      endBlock(into: &corpus)
      return try startBlock(line, number: number, header: false, into: &corpus)
    }
    if line.isEmpty {
      return endBlock(into: &corpus)
    }
    if !inHeader && lineCount == 2 && !seenCue
      && (Self.isKeyword(buffer, "STYLE") || Self.isKeyword(buffer, "REGION"))
    {
      isStyleOrRegion = true
      buffer.removeAll(keepingCapacity: true)
    }
    if !buffer.isEmpty { buffer.append(0x0A) }
    buffer += line
  }

  private mutating func endBlock(into corpus: inout Corpus) {
    inBlock = false
    if let cueStart {
      let speaker = buffer.withUnsafeBufferPointer {
        WebVTTCueText.parse($0, into: &text, scratch: &scratch, voices: &voices)
      }
      text.withUnsafeBufferPointer {
        corpus.appendRow(start: cueStart, speaker: speaker, utf8Text: $0)
      }
    } else if inHeader || isStyleOrRegion {
      return
    } else if let timingFailure {
      notices.append(timingFailure)
    } else if !Self.isNote(buffer) {
      let excerpt = buffer.withUnsafeBufferPointer {
        ImportNotice.excerpt(
          UnsafeBufferPointer(rebasing: $0[..<($0.firstIndex(of: 0x0A) ?? $0.count)]))
      }
      notices.append(
        ImportNotice(
          line: firstLine, kind: .skipped,
          reason: "block \(excerpt) dropped: it has no timing line ('start --> end')"))
    }
  }

  /// §6.3: whitespace, a timestamp, whitespace, `-->`, whitespace, a timestamp; the
  /// rest is settings, which never make the timings fail.
  static func timings(_ line: UnsafeBufferPointer<UInt8>) -> Result<Int64, CueTimestamp.Failure> {
    var index = 0
    func skipWhitespace() {
      while index < line.count && CueTimestamp.isWebVTTWhitespace(line[index]) { index += 1 }
    }
    skipWhitespace()
    let start = CueTimestamp.webVTT(line, at: &index)
    guard case .success = start else { return start }
    skipWhitespace()
    guard index + 2 < line.count, line[index] == 0x2D, line[index + 1] == 0x2D,
      line[index + 2] == 0x3E
    else { return .failure(.malformed) }
    index += 3
    skipWhitespace()
    if case .failure(let failure) = CueTimestamp.webVTT(line, at: &index) {
      return .failure(failure)
    }
    return start
  }

  static func containsArrow(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = line.baseAddress, line.count >= 3 else { return false }
    // Text rarely holds '>': look for it first, then at the two bytes before it.
    var from = 2
    while from < line.count, let found = memchr(base + from, 0x3E, line.count - from) {
      let index = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
      if line[index - 1] == 0x2D && line[index - 2] == 0x2D { return true }
      from = index + 1
    }
    return false
  }

  /// `buffer` is `keyword` followed by nothing but ASCII whitespace.
  static func isKeyword(_ buffer: [UInt8], _ keyword: String) -> Bool {
    let word = Array(keyword.utf8)
    return buffer.starts(with: word)
      && buffer.dropFirst(word.count).allSatisfy { [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains($0) }
  }

  /// A comment block: `NOTE` alone or followed by a space, a tab or a line break.
  static func isNote(_ buffer: [UInt8]) -> Bool {
    let word = Array("NOTE".utf8)
    return buffer.starts(with: word)
      && (buffer.count == 4 || [0x20, 0x09, 0x0A].contains(buffer[4]))
  }
}
