import Testing

@testable import TranscriptSearch

@Suite("Corpus")
struct CorpusTests {
  let rows = [
    TranscriptRow(start: 0, speaker: "Ada", text: "Hello world"),
    TranscriptRow(start: 1500, speaker: nil, text: "Straße 👍🏽 café"),
    TranscriptRow(start: 3200, speaker: "Grace", text: ""),
    TranscriptRow(start: 4000, speaker: "Ada", text: "量子计算"),
  ]

  @Test func holdsRowsInOrder() {
    let corpus = Corpus(rows)
    #expect(Array(corpus) == rows)
    #expect(corpus.count == 4)
    #expect(corpus.speakers == ["Ada", "Grace"])
    #expect(corpus.utf8TextCount == rows.map(\.text.utf8.count).reduce(0, +))
    #expect(corpus.startTime(ofRow: 1) == 1500)
    #expect(corpus.speaker(ofRow: 1) == nil)
  }

  @Test func exposesEachRowsUTF8Bytes() {
    let corpus = Corpus(rows)
    for (index, row) in rows.enumerated() {
      #expect(corpus.withUTF8Text(ofRow: index) { Array($0) } == Array(row.text.utf8))
    }
  }

  @Test func appendsRows() {
    var corpus = Corpus(rows.prefix(2))
    corpus.append(rows[2])
    corpus.append(rows[3])
    #expect(corpus == Corpus(rows))
  }

  @Test(arguments: ["", "Hi", "a much longer text than the one it replaces, 👍🏽 included"])
  func replacesOneRowsText(_ text: String) throws {
    var corpus = Corpus(rows)
    try corpus.replaceText(ofRow: 1, with: text)
    var expected = rows
    expected[1].text = text
    #expect(Array(corpus) == expected)
    #expect(corpus.utf8TextCount == expected.map(\.text.utf8.count).reduce(0, +))
  }

  @Test func manyEditsKeepEveryRowIntactAcrossCompaction() throws {
    var corpus = Corpus(rows)
    var expected = rows
    for round in 0..<2_000 {
      let row = round % rows.count
      let text = String(repeating: "x", count: (round * 7) % 300) + "#\(round)"
      try corpus.replaceText(ofRow: row, with: text)
      expected[row].text = text
    }
    #expect(Array(corpus) == expected)
  }

  /// Parts whose texts lie in one buffer, with bytes no row refers to around them (as a
  /// file read in parts leaves), joined: the rows in order, speakers shared by name.
  static func joinedParts(_ parts: [[TranscriptRow]], gap: Int) -> Corpus {
    var text: [UInt8] = []
    var columns: [Corpus.Columns] = []
    for part in parts {
      var columnsOfPart = Corpus.Columns()
      text += repeatElement(UInt8(ascii: "#"), count: gap)
      for row in part {
        columnsOfPart.offsets.append(text.count)
        columnsOfPart.lengths.append(UInt32(row.text.utf8.count))
        columnsOfPart.startTimes.append(row.start)
        if let speaker = row.speaker, !columnsOfPart.speakerNames.contains(speaker) {
          columnsOfPart.speakerNames.append(speaker)
        }
        columnsOfPart.speakerIndices.append(
          row.speaker.map { Int32(columnsOfPart.speakerNames.firstIndex(of: $0)!) } ?? -1)
        if let last = columnsOfPart.startTimes.dropLast().last, row.start < last {
          columnsOfPart.startTimesAreOrdered = false
        }
        columnsOfPart.utf8TextCount += row.text.utf8.count
        text += row.text.utf8
      }
      columns.append(columnsOfPart)
    }
    return Corpus(text: text, joining: columns)
  }

  @Test(arguments: [0, 1, 5_000])
  func joinsPartsWhoseTextsShareOneBuffer(gap: Int) throws {
    let later = [
      TranscriptRow(start: 5000, speaker: "Grace", text: "second part"),
      TranscriptRow(start: 6000, speaker: "Linus", text: "ελληνικά"),
      TranscriptRow(start: 7000, speaker: nil, text: ""),
    ]
    var corpus = Self.joinedParts([rows, later, []], gap: gap)
    #expect(Array(corpus) == rows + later)
    #expect(corpus == Corpus(rows + later))
    #expect(corpus.speakers == ["Ada", "Grace", "Linus"])
    #expect(corpus.startTimesAreOrdered)
    #expect(Self.joinedParts([later, rows], gap: gap).startTimesAreOrdered == false)
    // Edits, and the compactions they bring, keep every row.
    var expected = rows + later
    for round in 0..<500 {
      let row = round % expected.count
      let text = String(repeating: "y", count: (round * 13) % 200) + "#\(round)"
      try corpus.replaceText(ofRow: row, with: text)
      expected[row].text = text
    }
    #expect(Array(corpus) == expected)
    corpus.append(TranscriptRow(start: 9000, speaker: "Linus", text: "appended"))
    #expect(corpus.last == TranscriptRow(start: 9000, speaker: "Linus", text: "appended"))
  }

  @Test func editingARowThatDoesNotExistThrowsAndChangesNothing() {
    var corpus = Corpus(rows)
    #expect(throws: CorpusError.rowOutOfRange(row: 4, count: 4)) {
      try corpus.replaceText(ofRow: 4, with: "x")
    }
    #expect(throws: CorpusError.rowOutOfRange(row: -1, count: 4)) {
      try corpus.replaceText(ofRow: -1, with: "x")
    }
    #expect(Array(corpus) == rows)
  }
}
