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
