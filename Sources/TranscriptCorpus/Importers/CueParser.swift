import Foundation
import TranscriptSearch

/// Parses SubRip and WebVTT cues, line by line, into rows.
///
/// A cue is a block of lines separated from the next by a blank line: an optional
/// identifier, a timing line (`start --> end`, WebVTT settings after the end ignored),
/// then one or more text lines, joined with spaces. Only the line after the identifier
/// is read as timing, so `-->` inside text is text. WebVTT `NOTE`, `STYLE` and `REGION`
/// blocks are skipped; a voice tag (`<v Ada>`, `<v.loud Ada>`) gives the speaker; every
/// tag is stripped from the searchable text and the entities WebVTT defines are decoded.
/// SubRip's formatting tags (`<i>`, `<b>`, `<font …>`) are stripped the same way.
struct CueParser {
  let format: TranscriptFormat
  let path: String
  let lenient: Bool

  /// Cues skipped under `lenient`, with the line each started at and why.
  private(set) var skipped: [(line: Int, reason: String)] = []
  private var block: [(text: String, line: Int)] = []
  private var sawHeader = false

  init(format: TranscriptFormat, path: String, lenient: Bool) {
    precondition(format == .srt || format == .vtt, "Cue formats only")
    self.format = format
    self.path = path
    self.lenient = lenient
  }

  /// Takes one line; a blank line ends a cue, which is then appended to `corpus`.
  mutating func take(_ line: String, number: Int, into corpus: inout Corpus) throws {
    if format == .vtt && !sawHeader {
      guard line.hasPrefix("WEBVTT") else {
        throw DatasetError.malformedCue(
          path: path, line: number, reason: "expected the header 'WEBVTT' on the first line")
      }
      sawHeader = true
      block = [(line, number)]  // the header block runs to the first blank line
      return
    }
    if Self.isBlank(line) {
      try finish(into: &corpus)
    } else {
      block.append((line, number))
    }
  }

  /// Ends the input: the last cue need not be followed by a blank line.
  mutating func finish(into corpus: inout Corpus) throws {
    defer { block.removeAll(keepingCapacity: true) }
    guard let first = block.first else { return }
    if format == .vtt
      && (first.text.hasPrefix("WEBVTT") || first.text.hasPrefix("NOTE")
        || first.text.hasPrefix("STYLE") || first.text.hasPrefix("REGION"))
    {
      return
    }
    do {
      corpus.append(try parseCue())
    } catch let error as DatasetError {
      guard lenient, case .malformedCue(_, let line, let reason) = error else { throw error }
      skipped.append((line, reason))
    }
  }

  private func parseCue() throws -> TranscriptRow {
    var lines = block[...]
    // An identifier, unless the first line is already the timing line.
    if !Self.hasArrow(lines.first!.text) {
      let identifier = lines.removeFirst()
      guard let timing = lines.first else {
        throw DatasetError.malformedCue(
          path: path, line: identifier.line,
          reason: "expected a timing line ('\(Self.example(format))') after '\(identifier.text)'")
      }
      guard Self.hasArrow(timing.text) else {
        throw DatasetError.malformedCue(
          path: path, line: timing.line,
          reason: looksLikeTiming(timing.text)
            ? "missing '-->' between the start and end times"
            : "expected a timing line ('\(Self.example(format))'), found '\(timing.text)'")
      }
    }
    let timing = lines.removeFirst()
    let start = try parseTiming(timing.text, line: timing.line)
    guard !lines.isEmpty else {
      throw DatasetError.malformedCue(
        path: path, line: timing.line, reason: "the cue has no text after its timing line")
    }
    var speaker: String?
    let text = lines.map { line -> String in
      let (plain, voice) = Self.stripTags(line.text, decodeEntities: format == .vtt)
      if speaker == nil { speaker = voice }
      return plain
    }.joined(separator: " ")
    return TranscriptRow(start: start, speaker: speaker, text: text)
  }

  /// The start time of a timing line, in milliseconds.
  private func parseTiming(_ line: String, line number: Int) throws -> Int64 {
    let parts = line.components(separatedBy: "-->")
    guard parts.count == 2 else {
      throw DatasetError.malformedCue(path: path, line: number, reason: "more than one '-->'")
    }
    let startText = parts[0].trimmingCharacters(in: .whitespaces)
    let endText =
      parts[1].trimmingCharacters(in: .whitespaces)
      .split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
    guard let start = Self.milliseconds(startText) else {
      throw DatasetError.malformedCue(
        path: path, line: number,
        reason: "bad start time '\(startText)'; expected \(Self.timeExample(format))")
    }
    guard let end = Self.milliseconds(endText) else {
      throw DatasetError.malformedCue(
        path: path, line: number,
        reason: "bad end time '\(endText)'; expected \(Self.timeExample(format))")
    }
    guard end >= start else {
      throw DatasetError.malformedCue(
        path: path, line: number,
        reason: "the cue ends (\(endText)) before it starts (\(startText))")
    }
    return start
  }

  private func looksLikeTiming(_ line: String) -> Bool {
    line.split(separator: " ").contains { Self.milliseconds(String($0)) != nil }
  }

  /// `HH:MM:SS,mmm`, `HH:MM:SS.mmm` or `MM:SS.mmm`, in milliseconds.
  static func milliseconds(_ text: String) -> Int64? {
    let clock = text.split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 2 || clock.count == 3 else { return nil }
    let secondsPart = clock.last!.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == "." })
    guard secondsPart.count == 2, secondsPart[1].count == 3,
      let seconds = Int64(secondsPart[0]), secondsPart[0].count == 2, seconds < 60,
      let fraction = Int64(secondsPart[1]),
      let minutes = Int64(clock[clock.count - 2]), clock[clock.count - 2].count == 2, minutes < 60
    else { return nil }
    let hours = clock.count == 3 ? Int64(clock[0]) : 0
    guard let hours, hours >= 0, clock.count == 2 || clock[0].count >= 1 else { return nil }
    return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction
  }

  /// Whether `line` is empty or only spaces, tabs and carriage returns (or, with any
  /// other character, whitespace by Unicode's definition).
  static func isBlank(_ line: String) -> Bool {
    for byte in line.utf8 {
      if byte == 0x20 || byte == 0x09 || byte == 0x0D { continue }
      return byte >= 0x80 ? line.allSatisfy(\.isWhitespace) : false
    }
    return true
  }

  static func hasArrow(_ line: String) -> Bool { arrowOffset(in: Array(line.utf8)[...]) != nil }

  /// The index of the first `-->` in `bytes`.
  static func arrowOffset(in bytes: ArraySlice<UInt8>) -> Int? {
    var index = bytes.startIndex
    while index + 2 < bytes.endIndex {
      if bytes[index] == 0x2D && bytes[index + 1] == 0x2D && bytes[index + 2] == 0x3E {
        return index
      }
      index += 1
    }
    return nil
  }

  /// `bytes` without leading and trailing spaces and tabs, as a string.
  static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
    var start = bytes.startIndex
    var end = bytes.endIndex
    while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
    while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The text without tags, and the speaker of a voice tag if there is one.
  static func stripTags(_ text: String, decodeEntities: Bool) -> (String, String?) {
    // Most cue text has neither tags nor entities.
    if !text.utf8.contains(0x3C) && !(decodeEntities && text.utf8.contains(0x26)) {
      return (trimmed(Array(text.utf8)[...]), nil)
    }
    var output = ""
    var speaker: String?
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "<", let close = text[index...].firstIndex(of: ">") {
        let tag = text[text.index(after: index)..<close]
        if tag.hasPrefix("v") && (tag.dropFirst().first == " " || tag.dropFirst().first == "."),
          let space = tag.firstIndex(of: " ")
        {
          let name = tag[tag.index(after: space)...].trimmingCharacters(in: .whitespaces)
          if !name.isEmpty && speaker == nil { speaker = name }
        }
        index = text.index(after: close)
        continue
      }
      if decodeEntities && character == "&", let semicolon = text[index...].firstIndex(of: ";"),
        let decoded = entities[String(text[index...semicolon])]
      {
        output += decoded
        index = text.index(after: semicolon)
        continue
      }
      output.append(character)
      index = text.index(after: index)
    }
    return (trimmed(Array(output.utf8)[...]), speaker)
  }

  static let entities = [
    "&amp;": "&", "&lt;": "<", "&gt;": ">", "&nbsp;": "\u{A0}", "&lrm;": "\u{200E}",
    "&rlm;": "\u{200F}", "&quot;": "\"", "&apos;": "'",
  ]

  static func example(_ format: TranscriptFormat) -> String {
    format == .srt ? "00:00:01,000 --> 00:00:02,500" : "00:01.000 --> 00:02.500"
  }

  static func timeExample(_ format: TranscriptFormat) -> String {
    format == .srt ? "HH:MM:SS,mmm" : "HH:MM:SS.mmm or MM:SS.mmm"
  }
}
