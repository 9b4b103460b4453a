import PropertyBased
import SearchStrategies
import Testing
import TranscriptSearch

/// On ASCII letters and spaces the contract is plain case-insensitive matching, which
/// both C engines do exactly: any difference is a bug in how their rows are searched.
func expectAgreementWithTheOracleOnCaseOnlyASCII<M: Matcher>(_ type: M.Type) async {
  let pieces: [String] = ["a", "b", "A", "B", " ", "ab", "BA"]
  let rows = Gen<String?>.element(of: pieces).array(of: 0...8)
    .map { $0.compactMap { $0 }.joined() }.array(of: 1...10)
  let keywords = Gen<String?>.element(of: ["a", "b", "A", "B", " "]).array(of: 1...3)
    .map { $0.compactMap { $0 }.joined() }
  await propertyCheck(count: 300, input: rows, keywords) { rows, keyword in
    let corpus = Corpus(rows.map { TranscriptRow(start: 0, text: $0) })
    let expected = try? await OracleMatcher(corpus: corpus).matches(of: keyword)
    let got = try? await M(corpus: corpus).matches(of: keyword)
    #expect(got == expected, "\(M.name): \(rows.debugDescription) \(keyword.debugDescription)")
  }
}
