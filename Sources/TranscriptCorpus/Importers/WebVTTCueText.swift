#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// WebVTT's cue text parsing (WebVTT §6.4, the cue text tokenizer), reduced to what a
/// transcript keeps: the text of every text node, with character references decoded as
/// HTML decodes them, and the annotation of the first voice tag (`<v Ada>`) as the speaker.
/// Every tag (class, italic, bold, underline, ruby, voice, language, timestamp) is dropped;
/// a `<` without its `>` starts a tag that runs to the end of the cue text, as the
/// tokenizer reads it.
enum WebVTTCueText {
  /// The text (lines joined with a space, each trimmed of spaces and tabs) and speaker;
  /// `scratch` and `voices` are kept from cue to cue.
  static func parse(
    _ cue: UnsafeBufferPointer<UInt8>, into text: inout [UInt8], scratch decoded: inout [UInt8],
    voices: inout RecentVoices
  ) -> String? {
    text.removeAll(keepingCapacity: true)
    // Most cue text has neither tags nor references.
    guard let base = cue.baseAddress,
      memchr(base, 0x3C, cue.count) != nil || memchr(base, 0x26, cue.count) != nil
    else {
      joinLines(cue, into: &text)
      return nil
    }
    decoded.removeAll(keepingCapacity: true)
    var speaker: String?
    var index = 0
    // Where the next '<' and the next '&' are, each found with memchr and looked for again
    // only once passed: a cue's text is mostly long runs between them (a voice tag, then
    // its text), not worth a test of every byte for both.
    var nextTag = -1
    var nextReference = -1
    while index < cue.count {
      if nextTag < index { nextTag = firstIndex(of: 0x3C, in: cue, from: index) }
      if nextReference < index { nextReference = firstIndex(of: 0x26, in: cue, from: index) }
      // The run of text up to the next '&' or '<', copied at once.
      let end = min(nextTag, nextReference)
      if end > index {
        decoded.append(contentsOf: UnsafeBufferPointer(start: base + index, count: end - index))
        index = end
      }
      guard index < cue.count else { break }
      if base[index] == 0x26 {  // &
        index = CharacterReference.decode(cue, at: index, into: &decoded)
      } else {  // <
        index = readTag(cue, from: index + 1, speaker: &speaker, voices: &voices)
      }
    }
    decoded.withUnsafeBufferPointer { joinLines($0, into: &text) }
    return speaker
  }

  /// The index of the first `byte` in `bytes` at or after `start`, or `bytes.count`.
  static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int
  {
    guard let base = bytes.baseAddress, start < bytes.count,
      let found = memchr(base + start, Int32(byte), bytes.count - start)
    else { return bytes.count }
    return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x20
  }

  /// Reads a tag after its `<` (tag, start tag, class, annotation, end tag and timestamp
  /// states) and returns the index after it; the first voice tag's annotation becomes
  /// `speaker`.
  static func readTag(
    _ cue: UnsafeBufferPointer<UInt8>, from start: Int, speaker: inout String?,
    voices: inout RecentVoices
  ) -> Int {
    var index = start
    guard index < cue.count else { return index }
    let first = cue[index]
    if first == 0x2F || (0x30...0x39).contains(first) {  // an end tag or a timestamp
      while index < cue.count && cue[index] != 0x3E { index += 1 }
      return min(index + 1, cue.count)
    }
    // Tag name, then classes (after '.'), up to whitespace or '>'.
    var nameLength = 0
    var inClass = false
    while index < cue.count {
      let byte = cue[index]
      if byte == 0x3E { return index + 1 }
      if isWhitespace(byte) { break }
      if byte == 0x2E {
        inClass = true
      } else if !inClass {
        nameLength += 1
      }
      index += 1
    }
    guard index < cue.count else { return index }
    let isVoice = nameLength == 1 && cue[start] == 0x76  // "v"
    // Annotation: to '>', with character references decoded.
    index += 1
    let annotationStart = index
    while index < cue.count && cue[index] != 0x3E { index += 1 }
    let end = min(index + 1, cue.count)
    guard isVoice, speaker == nil else { return end }
    // A voice tag most often names one of the few people of the last cues: its bytes are
    // compared with theirs before anything is built (where only the previous cue's were,
    // a million cues of six speakers taken at random built a string for five in six).
    let raw = UnsafeBufferPointer(rebasing: cue[annotationStart..<index])
    let hasReference = raw.contains(0x26)
    if !hasReference, let known = voices.speaker(of: raw) {
      speaker = known
      return end
    }
    var annotation: [UInt8] = []
    var position = annotationStart
    while position < index {
      if cue[position] == 0x26 {
        position = CharacterReference.decode(
          UnsafeBufferPointer(rebasing: cue[..<index]), at: position, into: &annotation,
          inAnnotation: true)
      } else {
        annotation.append(cue[position])
        position += 1
      }
    }
    // Leading and trailing whitespace removed, runs of it collapsed to one space.
    var collapsed: [UInt8] = []
    for word in annotation.split(whereSeparator: isWhitespace) {
      if !collapsed.isEmpty { collapsed.append(0x20) }
      collapsed += word
    }
    if !collapsed.isEmpty {
      let named = String(decoding: collapsed, as: UTF8.self)
      speaker = named
      if !hasReference { voices.keep(named, for: raw) }
    }
    return end
  }

  /// The cue's lines, each trimmed of spaces and tabs, the non-empty ones joined by a
  /// space: one row of searchable text.
  static func joinLines(_ bytes: UnsafeBufferPointer<UInt8>, into text: inout [UInt8]) {
    guard let base = bytes.baseAddress else { return }
    var start = 0
    while start <= bytes.count {
      let end = firstIndex(of: 0x0A, in: bytes, from: start)
      var low = start
      var high = end
      while low < high && (base[low] == 0x20 || base[low] == 0x09) { low += 1 }
      while high > low && (base[high - 1] == 0x20 || base[high - 1] == 0x09) { high -= 1 }
      if low < high {
        if !text.isEmpty { text.append(0x20) }
        text.append(contentsOf: UnsafeBufferPointer(start: base + low, count: high - low))
      }
      start = end + 1
    }
  }
}
