/// Folds rows into a ``FoldedCorpus``, one at a time, reusing its scratch space.
///
/// Pure-ASCII rows without a carriage return take a fast path: lowercase the bytes,
/// nothing else to record (every byte is a character boundary, and lengths do not
/// change). Other rows are split into characters with the standard library's grapheme
/// breaking, and each character's key comes from the cache.
struct FoldedRowBuilder {
  private var cache = CharacterKeyCache()
  private var scalars: [Unicode.Scalar] = []
  private var scalarOffsets: [Int] = []
  private var nonBoundaries: [Int] = []
  private var remapPoints: [UInt32] = []

  mutating func append(_ text: UnsafeBufferPointer<UInt8>, to folded: inout FoldedCorpus) {
    if Self.isPlainASCII(text) {
      for byte in text {
        folded.bytes.append(byte &+ ((byte &- 0x41) < 26 ? 0x20 : 0))
      }
      finishRow(flags: [], in: &folded)
      return
    }
    decodeScalars(text)
    nonBoundaries.removeAll(keepingCapacity: true)
    remapPoints.removeAll(keepingCapacity: true)
    let rowStart = folded.bytes.count
    var recognizer = Unicode._CharacterRecognizer()
    var characterStart = 0
    for index in scalars.indices
    where recognizer.hasBreak(before: scalars[index]) && index > 0 {
      appendCharacter(scalars: characterStart..<index, rowStart: rowStart, to: &folded)
      characterStart = index
    }
    appendCharacter(scalars: characterStart..<scalars.count, rowStart: rowStart, to: &folded)
    var flags: FoldedCorpus.RowFlags = []
    if !nonBoundaries.isEmpty {
      flags.insert(.isComplex)
      let rowLength = folded.bytes.count - rowStart
      folded.complexRows.append(UInt32(folded.rowFlags.count))
      folded.complexRowWords.append(UInt32(folded.nonBoundaryBits.count))
      let firstWord = folded.nonBoundaryBits.count
      folded.nonBoundaryBits.append(contentsOf: repeatElement(0, count: rowLength / 64 + 1))
      for offset in nonBoundaries {
        folded.nonBoundaryBits[firstWord + offset / 64] |= 1 << UInt64(offset % 64)
      }
    }
    if !remapPoints.isEmpty {
      flags.insert(.isRemapped)
      folded.remappedRows.append(UInt32(folded.rowFlags.count))
      folded.remapPoints += remapPoints
      folded.remapStarts.append(UInt32(folded.remapPoints.count / 2))
    }
    finishRow(flags: flags, in: &folded)
  }

  /// Appends the key of the character made of `scalars[range]`, noting its inner
  /// scalar starts (not boundaries) and any change of length.
  private mutating func appendCharacter(
    scalars range: Range<Int>, rowStart: Int, to folded: inout FoldedCorpus
  ) {
    let keyStart = folded.bytes.count
    let keyLength = cache.appendKey(ofCharacter: scalars[range], to: &folded.bytes)
    for offset in (keyStart + 1)..<(keyStart + keyLength)
    where folded.bytes[offset] & 0xC0 != 0x80 {
      nonBoundaries.append(offset - rowStart)
    }
    let originalStart = scalarOffsets[range.lowerBound]
    let originalEnd = scalarOffsets[range.upperBound]
    if keyLength != originalEnd - originalStart {
      remapPoints.append(UInt32(keyStart + keyLength - rowStart))
      remapPoints.append(UInt32(originalEnd))
    }
  }

  private mutating func finishRow(flags: FoldedCorpus.RowFlags, in folded: inout FoldedCorpus) {
    folded.bytes.append(0xFF)
    precondition(folded.bytes.count <= Int(UInt32.max), "The folded corpus is limited to 4 GiB")
    folded.rowStarts.append(UInt32(folded.bytes.count))
    folded.rowFlags.append(flags)
  }

  /// Decodes valid UTF-8 into scalars and the offset of each (plus the end offset).
  private mutating func decodeScalars(_ text: UnsafeBufferPointer<UInt8>) {
    scalars.removeAll(keepingCapacity: true)
    scalarOffsets.removeAll(keepingCapacity: true)
    var offset = 0
    var decoder = UTF8()
    var iterator = text.makeIterator()
    while case .scalarValue(let scalar) = decoder.decode(&iterator) {
      scalars.append(scalar)
      scalarOffsets.append(offset)
      offset += UTF8.width(scalar)
    }
    scalarOffsets.append(offset)
  }

  /// Whether every byte is ASCII and none is a carriage return (which joins a
  /// following line feed into one character).
  static func isPlainASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let raw = UnsafeRawBufferPointer(text)
    while index + 8 <= text.count {
      if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
        return false
      }
      index += 8
    }
    while index < text.count {
      if text[index] >= 0x80 { return false }
      index += 1
    }
    return !text.contains(0x0D)
  }

  /// Fills in the byte histogram of the folded buffer.
  func countBytes(of folded: inout FoldedCorpus) {
    var counts = [Int](repeating: 0, count: 256)
    for byte in folded.bytes { counts[Int(byte)] += 1 }
    folded.byteCounts = counts
  }
}
