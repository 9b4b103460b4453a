/// WebVTT's cue text parsing (WebVTT §6.4, the cue text tokenizer), reduced to what a
/// transcript keeps: the text of every text node, with character references decoded as
/// HTML decodes them, and the annotation of the first voice tag (`<v Ada>`) as the speaker.
/// Every tag (class, italic, bold, underline, ruby, voice, language, timestamp) is dropped;
/// a `<` without its `>` starts a tag that runs to the end of the cue text, as the
/// tokenizer reads it.
enum WebVTTCueText {
  /// The text (lines joined with a space, each trimmed of spaces and tabs) and speaker.
  static func parse(
    _ cue: UnsafeBufferPointer<UInt8>, into text: inout [UInt8]
  ) -> String? {
    text.removeAll(keepingCapacity: true)
    // Most cue text has neither tags nor references.
    if !cue.contains(0x3C) && !cue.contains(0x26) {
      joinLines(cue, into: &text)
      return nil
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(cue.count)
    var speaker: String?
    var index = 0
    while index < cue.count {
      let byte = cue[index]
      if byte == 0x26 {  // &
        index = CharacterReference.decode(cue, at: index, into: &decoded)
      } else if byte == 0x3C {  // <
        let (next, tag) = readTag(cue, from: index + 1)
        if speaker == nil, let tag, tag.name == "v" {
          speaker = tag.annotation
        }
        index = next
      } else {
        decoded.append(byte)
        index += 1
      }
    }
    decoded.withUnsafeBufferPointer { joinLines($0, into: &text) }
    return speaker
  }

  struct StartTag {
    var name: String
    var annotation: String?
  }

  /// Reads a tag after its `<` (tag, start tag, class, annotation, end tag and timestamp
  /// states): returns the index after it and, for a start tag, its name and annotation.
  static func readTag(
    _ cue: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> (Int, StartTag?) {
    var index = start
    func isWhitespace(_ byte: UInt8) -> Bool {
      byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x20
    }
    guard index < cue.count else { return (index, StartTag(name: "")) }
    let first = cue[index]
    if first == 0x2F || (0x30...0x39).contains(first) {  // an end tag or a timestamp
      while index < cue.count && cue[index] != 0x3E { index += 1 }
      return (min(index + 1, cue.count), nil)
    }
    var name: [UInt8] = []
    // Tag name, then classes (after '.'), up to whitespace or '>'.
    var inClass = false
    while index < cue.count {
      let byte = cue[index]
      if byte == 0x3E { return (index + 1, StartTag(name: String(decoding: name, as: UTF8.self))) }
      if isWhitespace(byte) { break }
      if byte == 0x2E {
        inClass = true
      } else if !inClass {
        name.append(byte)
      }
      index += 1
    }
    let tagName = String(decoding: name, as: UTF8.self)
    guard index < cue.count else { return (index, StartTag(name: tagName)) }
    // Annotation: to '>', with character references decoded.
    index += 1
    var annotation: [UInt8] = []
    while index < cue.count && cue[index] != 0x3E {
      if cue[index] == 0x26 {
        index = CharacterReference.decode(cue, at: index, into: &annotation, inAnnotation: true)
      } else {
        annotation.append(cue[index])
        index += 1
      }
    }
    // Leading and trailing whitespace removed, runs of it collapsed to one space.
    let words = annotation.split(whereSeparator: isWhitespace)
    let collapsed = words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    return (
      min(index + 1, cue.count),
      StartTag(name: tagName, annotation: collapsed.isEmpty ? nil : collapsed)
    )
  }

  /// The cue's lines, each trimmed of spaces and tabs, the non-empty ones joined by a
  /// space: one row of searchable text.
  static func joinLines(_ bytes: UnsafeBufferPointer<UInt8>, into text: inout [UInt8]) {
    var start = 0
    while start <= bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A { end += 1 }
      var low = start
      var high = end
      while low < high && (bytes[low] == 0x20 || bytes[low] == 0x09) { low += 1 }
      while high > low && (bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09) { high -= 1 }
      if low < high {
        if !text.isEmpty { text.append(0x20) }
        text += UnsafeBufferPointer(rebasing: bytes[low..<high])
      }
      start = end + 1
    }
  }
}
