extension FoldedSegment {
  /// Replaces row `local` with the single row of `replacement`, splicing every table.
  ///
  /// - Complexity: O(*s*), the size of this segment.
  mutating func replaceRow(_ local: Int, with replacement: FoldedSegment) {
    precondition(replacement.rowCount == 1, "A replacement is one folded row")
    let old = Int(rowStarts[local])..<Int(rowStarts[local + 1])
    bytes.replaceSubrange(old, with: replacement.bytes)
    let delta = replacement.bytes.count - old.count
    if delta != 0 {
      for later in (local + 1)..<rowStarts.count {
        rowStarts[later] = UInt32(Int(rowStarts[later]) + delta)
      }
    }
    rowFlags[local] = replacement.rowFlags[0]
    if !replacement.asciiInsideAfter.isEmpty {
      if asciiInsideAfter.isEmpty { asciiInsideAfter = replacement.asciiInsideAfter }
      for index in asciiInsideAfter.indices {
        asciiInsideAfter[index] |= replacement.asciiInsideAfter[index]
      }
    }
    InsideCharacters.formUnion(&nonASCIIInsideCharacters, replacement.nonASCIIInsideCharacters)
    replaceBoundaryTable(ofRow: local, with: replacement)
    replaceOffsetMap(ofRow: local, with: replacement)
  }

  private mutating func replaceBoundaryTable(ofRow local: Int, with replacement: FoldedSegment) {
    let row = UInt32(local)
    var index = complexRows.partitioningIndex { $0 >= row }
    var wordIndex = index < complexRows.count ? Int(complexRowWords[index]) : nonBoundaryBits.count
    var removedWords = 0
    if index < complexRows.count && complexRows[index] == row {
      let end =
        index + 1 < complexRows.count ? Int(complexRowWords[index + 1]) : nonBoundaryBits.count
      removedWords = end - wordIndex
      nonBoundaryBits.removeSubrange(wordIndex..<end)
      complexRows.remove(at: index)
      complexRowWords.remove(at: index)
    }
    var addedWords = 0
    if replacement.rowFlags[0].contains(.isComplex) {
      addedWords = replacement.nonBoundaryBits.count
      nonBoundaryBits.insert(contentsOf: replacement.nonBoundaryBits, at: wordIndex)
      complexRows.insert(row, at: index)
      complexRowWords.insert(UInt32(wordIndex), at: index)
      index += 1
      wordIndex += addedWords
    }
    let shift = addedWords - removedWords
    if shift != 0 {
      for later in index..<complexRowWords.count {
        complexRowWords[later] = UInt32(Int(complexRowWords[later]) + shift)
      }
    }
  }

  private mutating func replaceOffsetMap(ofRow local: Int, with replacement: FoldedSegment) {
    let row = UInt32(local)
    var index = remappedRows.partitioningIndex { $0 >= row }
    var removedPairs = 0
    if index < remappedRows.count && remappedRows[index] == row {
      let pairs = Int(remapStarts[index])..<Int(remapStarts[index + 1])
      removedPairs = pairs.count
      remapPoints.removeSubrange(2 * pairs.lowerBound..<2 * pairs.upperBound)
      remappedRows.remove(at: index)
      remapStarts.remove(at: index + 1)
    }
    var addedPairs = 0
    if replacement.rowFlags[0].contains(.isRemapped) {
      addedPairs = replacement.remapPoints.count / 2
      let first = Int(remapStarts[index])
      remapPoints.insert(contentsOf: replacement.remapPoints, at: 2 * first)
      remappedRows.insert(row, at: index)
      remapStarts.insert(UInt32(first + addedPairs), at: index + 1)
      index += 1
      // remapStarts[index] is now this row's end; later entries shift below.
      let shift = addedPairs - removedPairs
      if shift != 0 {
        for later in (index + 1)..<remapStarts.count {
          remapStarts[later] = UInt32(Int(remapStarts[later]) + shift)
        }
      }
      return
    }
    if removedPairs != 0 {
      for later in (index + 1)..<remapStarts.count {
        remapStarts[later] = UInt32(Int(remapStarts[later]) - removedPairs)
      }
    }
  }
}

extension Array {
  /// The index of the first element for which `belongs` is true, in an array where
  /// those elements come after all others.
  package func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if belongs(self[mid]) { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
