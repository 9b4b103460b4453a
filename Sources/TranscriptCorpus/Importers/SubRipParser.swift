import TranscriptSearch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SubRip as real readers accept it (there is no standard): a cue is an optional number,
/// a timing line `H:MM:SS,mmm --> H:MM:SS,mmm` (`.` for `,`, one-digit fields and text
/// after the times, such as `X1:… X2:…` positions, accepted), then its text lines, up to a
/// blank line, the end, or the next valid timing line (a number right above that line
/// is the next cue's). A cue with no text is an empty row, so cue and row counts agree.
/// Cue numbers are not checked: missing or out of order, they change nothing.
///
/// Blocks without a readable timing line are skipped and reported. Formatting tags
/// (`<i>`, `<font …>`) and ASS override blocks (`{\an8}`) are dropped from the text.
struct SubRipParser {
  let path: String
  private(set) var notices: [ImportNotice] = []

  private enum State {
    /// Between cues: lines seen since the last cue (a number, or stray text).
    case between
    /// In a cue's text.
    case inCue
  }

  private var state = State.between
  private var cueStart: Int64 = 0
  /// The cue's text lines, joined by LF; `lastLineStart` is where the last one begins.
  private var text: [UInt8] = []
  private var lastLineStart = 0
  private var lastLineIsNumber = false
  /// Lines outside any cue: the first one's number, and whether it was a timing line
  /// that could not be read; its bytes are in `strayLine` (quoted only if reported).
  private var stray: (line: Int, badTiming: CueTimestamp.Failure?)?
  private var strayLine: [UInt8] = []
  private var strayIsOnlyNumber = false
  private var cleaned: [UInt8] = []
  private var joined: [UInt8] = []

  init(path: String) { self.path = path }

  mutating func take(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, into corpus: inout Corpus
  ) throws {
    let blank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
    if !blank, WebVTTParser.containsArrow(line) {
      switch Self.timing(line) {
      case .success(let start):
        if case .inCue = state {
          // A number as the last line is the new cue's, not this cue's text.
          if lastLineIsNumber { text.removeSubrange(max(lastLineStart - 1, 0)...) }
          endCue(into: &corpus)
        }
        // A cue number alone before the timing line is this cue's.
        if strayIsOnlyNumber { stray = nil }
        reportStray()
        state = .inCue
        cueStart = start
        text.removeAll(keepingCapacity: true)
        lastLineIsNumber = false
        return
      case .failure(let failure):
        if case .between = state, stray == nil || strayIsOnlyNumber {
          stray = (number, failure)
          strayLine.removeAll(keepingCapacity: true)
          strayLine += line
          strayIsOnlyNumber = false
          return
        }
      // Otherwise it is text, as readers take it.
      }
    }
    switch state {
    case .inCue:
      if blank {
        endCue(into: &corpus)
        state = .between
        return
      }
      lastLineStart = text.isEmpty ? 0 : text.count + 1
      if !text.isEmpty { text.append(0x0A) }
      text += line
      lastLineIsNumber = Self.isNumber(line)
    case .between:
      if blank {
        reportStray()
        return
      }
      if stray == nil {
        stray = (number, nil)
        strayLine.removeAll(keepingCapacity: true)
        strayLine += line
        strayIsOnlyNumber = Self.isNumber(line)
      } else {
        strayIsOnlyNumber = false
      }
    }
  }

  mutating func finish(into corpus: inout Corpus) throws {
    if case .inCue = state { endCue(into: &corpus) }
    reportStray()
    state = .between
  }

  private mutating func endCue(into corpus: inout Corpus) {
    text.withUnsafeBufferPointer { cue in
      Self.stripTags(cue, into: &cleaned)
    }
    joined.removeAll(keepingCapacity: true)
    cleaned.withUnsafeBufferPointer { WebVTTCueText.joinLines($0, into: &joined) }
    joined.withUnsafeBufferPointer { corpus.appendRow(start: cueStart, speaker: nil, utf8Text: $0) }
    text.removeAll(keepingCapacity: true)
  }

  private mutating func reportStray() {
    defer {
      stray = nil
      strayIsOnlyNumber = false
    }
    guard let stray else { return }
    let excerpt = strayLine.withUnsafeBufferPointer { ImportNotice.excerpt($0) }
    if let failure = stray.badTiming {
      notices.append(
        ImportNotice(
          line: stray.line, kind: .skipped,
          reason: "cue dropped: its timing line \(excerpt) "
            + (failure == .tooLarge
              ? "holds a time too large to represent"
              : "is not 'HH:MM:SS,mmm --> HH:MM:SS,mmm'")))
    } else {
      notices.append(
        ImportNotice(
          line: stray.line, kind: .skipped,
          reason: "lines from \(excerpt) dropped: no timing line before them"))
    }
  }

  /// The start of a timing line: spaces, a timestamp, spaces, `-->`, spaces, a timestamp,
  /// then anything (coordinates, styles).
  static func timing(_ line: UnsafeBufferPointer<UInt8>) -> Result<Int64, CueTimestamp.Failure> {
    var index = 0
    while index < line.count && CueTimestamp.isSpaceOrTab(line[index]) { index += 1 }
    let start = CueTimestamp.subRip(line, at: &index)
    guard case .success = start else { return start }
    while index < line.count && CueTimestamp.isSpaceOrTab(line[index]) { index += 1 }
    guard index + 2 < line.count, line[index] == 0x2D, line[index + 1] == 0x2D,
      line[index + 2] == 0x3E
    else { return .failure(.malformed) }
    index += 3
    while index < line.count && CueTimestamp.isSpaceOrTab(line[index]) { index += 1 }
    if case .failure(let failure) = CueTimestamp.subRip(line, at: &index) {
      return .failure(failure)
    }
    guard index == line.count || CueTimestamp.isSpaceOrTab(line[index]) else {
      return .failure(.malformed)
    }
    return start
  }

  static func isNumber(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    var digits = 0
    for byte in line {
      if (0x30...0x39).contains(byte) {
        digits += 1
      } else if byte != 0x20 && byte != 0x09 {
        return false
      }
    }
    return digits > 0
  }

  /// The text without `<…>` tags and `{\…}` override blocks.
  static func stripTags(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    output.removeAll(keepingCapacity: true)
    guard let base = bytes.baseAddress,
      memchr(base, 0x3C, bytes.count) != nil || memchr(base, 0x7B, bytes.count) != nil
    else {
      output += bytes
      return
    }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x3C || (byte == 0x7B && index + 1 < bytes.count && bytes[index + 1] == 0x5C) {
        let close: UInt8 = byte == 0x3C ? 0x3E : 0x7D
        var end = index + 1
        while end < bytes.count && bytes[end] != close && bytes[end] != 0x0A { end += 1 }
        if end < bytes.count && bytes[end] == close {
          index = end + 1
          continue
        }
      }
      output.append(byte)
      index += 1
    }
  }
}
