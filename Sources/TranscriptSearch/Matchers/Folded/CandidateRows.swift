import CScanKernels
import Foundation

/// The rows whose original text can hold a match of a keyword, found by reading the
/// text once, without folding it: those holding a scalar that can put one chosen
/// scalar of the keyword's key into a key (the scalar or one of its
/// ``KeyPreimages``). Every other row has no match, so a search of a corpus not yet
/// folded need fold only these.
struct CandidateRows {
  /// The UTF-8 of the chosen scalar and of each of its listed preimages.
  private let members: [[UInt8]]
  /// For a jamo, the Hangul syllables that hold it, witnesses too.
  private let syllables: KeyPreimages.SyllablePart?
  /// What the kernel searches: for each first byte of the witnesses, their common
  /// prefix (the byte alone where syllables begin with it); `groups[k]` says which
  /// witnesses key `k` stands for.
  private let keys: [[UInt8]]
  private let groups: [(members: [Int], syllables: Bool)]
  /// The share of the sample's rows that hold a witness.
  private(set) var sampleShare = 0.0
  /// Another scalar of the key whose witnesses rule out many of these rows: a row must
  /// hold witnesses of both (every match holds a witness of every scalar of its key).
  private var alsoRequired: [CandidateRows] = []

  /// The scalar of `key`'s key (decomposed) whose witnesses are in the fewest of
  /// `corpus`'s rows `sample`; nil when no scalar's witnesses fit one pass of the kernel
  /// (eight first bytes).
  init?(key: FoldedKeyword, corpus: Corpus, sample: Range<Int>, kernel: ScanKernel) {
    self.init(key: key, corpus: corpus, samples: [sample], kernel: kernel)
  }

  /// The same, from the rows of several samples (see ``spreadSamples(of:rows:)``).
  init?(key: FoldedKeyword, corpus: Corpus, samples: [Range<Int>], kernel: ScanKernel) {
    let text = String(decoding: key.bytes, as: UTF8.self).decomposedStringWithCanonicalMapping
    var tried: [(found: [Int], places: Int, rows: CandidateRows)] = []
    var seen = Set<UInt32>()
    // (The first few distinct scalars are enough to find a rare one; a very long keyword
    // would otherwise read the sample once per scalar.)
    for scalar in text.unicodeScalars where seen.count < Self.scalarsTried {
      guard seen.insert(scalar.value).inserted else { continue }
      guard let rows = CandidateRows(scalar: scalar.value) else { continue }
      var places = 0
      var found: [Int] = []
      for sample in samples {
        guard
          let inSample = rows.witnessRows(of: corpus, in: sample, kernel: kernel, places: &places)
        else { return nil }
        found += inSample
      }
      tried.append((found, places, rows))
    }
    // The cheapest: each place the kernel stops at is checked, each row found folded. (A
    // scalar in few rows may have keys that stop at every letter of a script: the lead
    // byte U+0308's precomposed letters share with every other accented one.)
    tried.sort {
      $0.places + Self.foldCostInPlaces * $0.found.count
        < $1.places + Self.foldCostInPlaces * $1.found.count
    }
    guard let best = tried.first else { return nil }
    self = best.rows
    let sampleRows = Double(max(samples.reduce(0) { $0 + $1.count }, 1))
    sampleShare = Double(best.found.count) / sampleRows
    // Another scalar too, if its places cost less than folding the rows it rules out.
    let bestRows = Set(best.found)
    if let (saving, ruledOut, other) = tried.dropFirst().lazy.map({ other in
      let ruledOut = bestRows.subtracting(other.found).count
      return (Self.foldCostInPlaces * ruledOut - other.places, ruledOut, other.rows)
    }).max(by: { $0.0 < $1.0 }), Double(saving) >= Self.savingWorthASecondScan * sampleRows {
      alsoRequired = [other]
      sampleShare -= Double(ruledOut) / sampleRows
    }
  }

  /// What folding and searching a row costs, in places the kernel stops at and checked
  /// (about 200 ns against 5 ns, for rows of 50 bytes).
  static let foldCostInPlaces = 40

  /// The saving a second scalar must bring, in places a row of the sample, for its
  /// witnesses to be read too: reading the text once more costs about that.
  static let savingWorthASecondScan = 1.0

  /// About `count` rows of `rows` to sample, in eight stretches spread over them: a
  /// transcript's first rows may be of one language and its last of another.
  static func spreadSamples(of rows: Range<Int>, rows count: Int) -> [Range<Int>] {
    guard rows.count > count else { return [rows] }
    let stretch = count / Self.stretchesSampled
    return (0..<Self.stretchesSampled).map { index in
      let start = rows.lowerBound + (rows.count - stretch) * index / (Self.stretchesSampled - 1)
      return start..<start + stretch
    }
  }

  /// Stretches of rows a sample is taken from.
  static let stretchesSampled = 8

  /// Distinct scalars of a key whose witnesses are counted in the sample, at most.
  static let scalarsTried = 16

  private init?(scalar: UInt32) {
    let members = ([scalar] + KeyPreimages.preimages(of: scalar)).map {
      Array(String(Unicode.Scalar($0)!).utf8)
    }
    let syllables = KeyPreimages.syllablePart(scalar)
    var byFirst: [UInt8: (members: [Int], syllables: Bool)] = [:]
    for (index, member) in members.enumerated() {
      byFirst[member[0], default: ([], false)].members.append(index)
    }
    if let syllables {
      // The lead bytes of the syllables that hold it (U+AC00–U+D7A3: 0xEA–0xED).
      for value in UInt32(0xAC00)...0xD7A3 where syllables.isHeld(by: value) {
        byFirst[UInt8(0xE0 | value >> 12), default: ([], false)].syllables = true
      }
    }
    guard byFirst.count <= ScanKernel.keysPerPass else { return nil }
    let firstBytes = byFirst.keys.sorted()
    self.members = members
    self.syllables = syllables
    groups = firstBytes.map { byFirst[$0]! }
    keys = firstBytes.map { first in
      let group = byFirst[first]!
      guard !group.syllables else { return [first] }
      var prefix = members[group.members[0]]
      for index in group.members.dropFirst() {
        let common = zip(prefix, members[index]).prefix { $0 == $1 }.count
        prefix.removeLast(prefix.count - common)
      }
      return prefix
    }
  }

  /// The rows among `rows` of `corpus` that can hold a match: that hold a witness (and one
  /// of the other scalar's, where one was chosen too), ascending; nil if the corpus's texts
  /// are not stored in row order (after an edit), where the single pass over them does
  /// not apply.
  func rows(of corpus: Corpus, in rows: Range<Int>, kernel: ScanKernel) -> [Int]? {
    var places = 0
    guard var found = witnessRows(of: corpus, in: rows, kernel: kernel, places: &places) else {
      return nil
    }
    for other in alsoRequired where !found.isEmpty {
      guard let also = other.witnessRows(of: corpus, in: rows, kernel: kernel, places: &places)
      else { return nil }
      found = Self.intersection(found, also)
    }
    return found
  }

  /// The rows in both ascending lists, ascending.
  private static func intersection(_ a: [Int], _ b: [Int]) -> [Int] {
    var both: [Int] = []
    both.reserveCapacity(min(a.count, b.count))
    var j = 0
    for row in a {
      while j < b.count && b[j] < row { j += 1 }
      if j == b.count { break }
      if b[j] == row { both.append(row) }
    }
    return both
  }

  /// The rows among `rows` of `corpus` that hold a witness of this scalar, ascending; nil
  /// if the corpus's texts are not stored in row order.
  /// `places` counts the places the kernel stopped at.
  private func witnessRows(
    of corpus: Corpus, in rows: Range<Int>, kernel: ScanKernel, places: inout Int
  ) -> [Int]? {
    corpus.withTextStorage { texts -> [Int]? in
      let (text, offsets, lengths) = (texts.bytes, texts.offsets, texts.lengths)
      var found: [Int] = []
      var blockStart = rows.lowerBound
      while blockStart < rows.upperBound {
        // A block of rows stored one after another, spanning less than 4 GiB (the
        // kernel's offsets are 32-bit), with no wide gap between them (a file read in
        // parts leaves one between its parts' texts: bytes never written).
        var blockEnd = blockStart + 1
        let spanStart = offsets[blockStart]
        var spanEnd = spanStart + Int(lengths[blockStart])
        while blockEnd < rows.upperBound, offsets[blockEnd] >= spanEnd,
          offsets[blockEnd] - spanEnd <= Self.widestGapInABlock,
          offsets[blockEnd] + Int(lengths[blockEnd]) - spanStart < 1 << 31
        {
          spanEnd = offsets[blockEnd] + Int(lengths[blockEnd])
          blockEnd += 1
        }
        if blockEnd < rows.upperBound, offsets[blockEnd] < spanEnd { return nil }
        let block = UnsafeBufferPointer(rebasing: text[spanStart..<spanEnd])
        var row = blockStart
        var lastFound = -1
        forEachPlace(in: block, kernel: kernel) { start, key in
          places &+= 1
          let place = spanStart + start
          while row < blockEnd, offsets[row] + Int(lengths[row]) <= place { row += 1 }
          guard row < blockEnd, row != lastFound, place >= offsets[row] else { return }
          let rowEnd = offsets[row] + Int(lengths[row])
          let holdsMember =
            groups[key].members.contains { member in
              let bytes = members[member]
              return place + bytes.count <= rowEnd
                && bytes.indices.allSatisfy { text[place + $0] == bytes[$0] }
            }
            || (groups[key].syllables && place + 3 <= rowEnd
              && syllables!.isHeld(
                by: UInt32(text[place] & 0x0F) << 12 | UInt32(text[place + 1] & 0x3F) << 6
                  | UInt32(text[place + 2] & 0x3F)))
          if holdsMember {
            found.append(row)
            lastFound = row
          }
        }
        blockStart = blockEnd
      }
      return found
    }
  }

  /// ``rows(of:in:kernel:)``, the rows split between the cores when there are many.
  func rowsOnEveryCore(of corpus: Corpus, in rows: Range<Int>, kernel: ScanKernel) -> [Int]? {
    let parts =
      rows.count >= 2 * Self.rowsPerCore ? ProcessInfo.processInfo.activeProcessorCount : 1
    guard parts > 1 else { return self.rows(of: corpus, in: rows, kernel: kernel) }
    nonisolated(unsafe) var found = [[Int]?](repeating: nil, count: parts)
    found.withUnsafeMutableBufferPointer { found in
      nonisolated(unsafe) let found = found
      DispatchQueue.concurrentPerform(iterations: parts) { part in
        let start = rows.lowerBound + rows.count * part / parts
        let end = rows.lowerBound + rows.count * (part + 1) / parts
        found[part] = self.rows(of: corpus, in: start..<end, kernel: kernel)
      }
    }
    var all: [Int] = []
    all.reserveCapacity(found.reduce(0) { $0 + ($1?.count ?? 0) })
    for part in found {
      guard let part else { return nil }
      all += part
    }
    return all
  }

  /// Rows read for witnesses on one core, at least, when there are several.
  static let rowsPerCore = 32_768

  /// Every match of `keyword` in rows `rows` of `corpus`, found by folding the rows that
  /// hold a witness, on their own, and searching them; nil if the corpus's texts are not
  /// stored in row order. No occurrences are kept.
  ///
  /// The candidates are split between the cores, and each core folds and searches a few
  /// thousand of them at a time: the folded bytes are read again while still in its
  /// cache, and no folded copy of them all is ever held.
  ///
  /// - Precondition: this chose its scalar for `keyword`'s key.
  func search(
    _ keyword: FoldedKeyword, in corpus: Corpus, rows: Range<Int>, kernel: ScanKernel,
    shouldStop: () -> Bool = { false }
  ) -> FoldedSearchResult? {
    guard let candidates = self.rowsOnEveryCore(of: corpus, in: rows, kernel: kernel) else {
      return nil
    }
    let parts =
      candidates.count >= 2 * Self.rowsPerBatch
      ? ProcessInfo.processInfo.activeProcessorCount : 1
    let stop = StopFlag()
    nonisolated(unsafe) var found = [[Match]](repeating: [], count: parts)
    let group = DispatchGroup()
    found.withUnsafeMutableBufferPointer { found in
      nonisolated(unsafe) let found = found
      let searchPart = { @Sendable (part: Int, shouldStop: () -> Bool) in
        let start = candidates.count * part / parts
        let end = candidates.count * (part + 1) / parts
        var builder = FoldedRowBuilder(ignoringDiacritics: keyword.options.ignoresDiacritics)
        for batch in stride(from: start, to: end, by: Self.rowsPerBatch) {
          if shouldStop() { return stop.set() }
          let batchRows = candidates[batch..<min(batch + Self.rowsPerBatch, end)]
          let folded = FoldedCorpus(folding: corpus, rows: batchRows, with: &builder)
          // Word boundaries are decided on the original text, by the folded rows.
          let originals =
            keyword.options.wordMatch == .contains ? nil : corpus.texts(ofRows: Array(batchRows))
          let result = folded.search(
            keyword, inRows: 0..<folded.rowCount, kernel: kernel, collectingOccurrences: false,
            originals: originals)
          found[part] += result.matches.map {
            Match(
              checkedRow: UInt32(batchRows[batch + $0.row]), start: UInt32($0.start),
              end: UInt32($0.end))
          }
        }
      }
      for part in 1..<max(parts, 1) {
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
          searchPart(part, stop.isSet)
        }
      }
      // This thread's part asks `shouldStop`, and tells the others.
      searchPart(0) { shouldStop() || stop.isSet() }
      group.wait()
    }
    return FoldedSearchResult(matches: found.flatMap { $0 }, stopped: stop.isSet())
  }

  /// Bytes between two rows' texts read through rather than starting a new block.
  static let widestGapInABlock = 4_096

  /// Candidates folded and searched at once: a few hundred kilobytes of folded bytes.
  static let rowsPerBatch = 2_048

  /// Set once any part of a search is told to stop, so that the others stop too.
  private final class StopFlag: Sendable {
    private let value = LockedState(false)

    func set() { value.withLock { $0 = true } }

    func isSet() -> Bool { value.withLock { $0 } }
  }

  /// Calls `body` with each place in `block` where a key starts (and the key), in order.
  private func forEachPlace(
    in block: UnsafeBufferPointer<UInt8>, kernel: ScanKernel, _ body: (Int, Int) -> Void
  ) {
    guard !block.isEmpty else { return }
    guard kernel.searchesSeveralKeysAtOnce else {
      // The portable path: one look-up of each byte among the keys' first bytes.
      var keyOfFirst = [Int](repeating: -1, count: 256)
      for (index, key) in keys.enumerated() { keyOfFirst[Int(key[0])] = index }
      for start in block.indices {
        let key = keyOfFirst[Int(block[start])]
        if key >= 0, start + keys[key].count <= block.count,
          keys[key].indices.allSatisfy({ block[start + $0] == keys[key][$0] })
        {
          body(start, key)
        }
      }
      return
    }
    let flat = keys.flatMap { $0 }
    flat.withUnsafeBufferPointer { flat in
      var offset = 0
      let pointers = keys.map { key in
        defer { offset += key.count }
        return tsb_key(bytes: flat.baseAddress! + offset, count: key.count)
      }
      pointers.withUnsafeBufferPointer { pointers in
        let request = tsb_multi_scan(
          haystack: block.baseAddress, from: 0, to: block.count, end: block.count,
          keys: pointers.baseAddress, key_count: pointers.count)
        kernel.forEachBatch(ofEach: request) { batch in
          for entry in batch {
            body(Int(truncatingIfNeeded: entry & 0xFFFF_FFFF), Int(truncatingIfNeeded: entry >> 32))
          }
        }
      }
    }
  }
}
