import Foundation
import Testing
import TranscriptCorpus
import TranscriptSearch

@testable import SearchBenchKit

@Suite("FoldBenchmark")
struct FoldBenchmarkTests {
  @Test func measuresEveryScriptWithEveryKernelAndChecksTheFolds() throws {
    var benchmark = FoldBenchmark()
    benchmark.scripts = [.greek, .thai, .mixed]
    benchmark.rows = 300
    benchmark.rounds = 2
    let result = benchmark.run()
    #expect(result.kernels == PlainScanKernel.available.map(\.rawValue))
    #expect(result.kernels.first == "portable")
    #expect(result.foldKernel == FoldedCorpus.foldKernelName)
    #expect(result.scripts.map(\.script) == ["greek", "thai", "mixed"])
    for (script, measured) in zip(benchmark.scripts, result.scripts) {
      // The transcript the datasets hold for the script, cut to the rows asked for.
      let corpus = TranscriptGenerator(script: script, seed: DatasetSpec.standardSeed)
        .makeCorpus(rows: 300).corpus
      #expect(measured.rows == 300)
      #expect(measured.textBytes == corpus.utf8TextCount)
      #expect(Set(measured.oneCore.keys) == Set(result.kernels))
      #expect(measured.oneCore.values.allSatisfy { $0.count == 2 && $0.min > 0 })
      #expect(measured.allCores.count == 2)
      #expect(measured.foldsAgree, "\(script)")
    }
    let markdown = result.markdown(command: "tsbench bench-fold --rows 300")
    for script in ["greek", "thai", "mixed"] { #expect(markdown.contains("| \(script) |")) }
    for kernel in result.kernels { #expect(markdown.contains("`\(kernel)`, one core")) }
    #expect(!markdown.contains("**no**"))
  }

  @Test func foldsAgreeOnTextEveryKernelTakesItsOwnPathThrough() {
    // Rows where the kernels stop (a combining sequence, an emoji sequence, a flag, Indic
    // conjuncts, CRLF) and where they pass over runs: all must fold alike.
    let texts = [
      "Ελληνικά ΣΟΦΟΣ σοφός", "e\u{301}té CAFÉ", "👨\u{200D}👩\u{200D}👧 🇩🇪 ❤\u{FE0F}",
      "क्षत्रिय हिन्दी", "น้ำ กำลัง", "a\r\nb", "日本語、ひらがな。", "Straße İstanbul",
    ]
    let corpus = Corpus(
      (0..<2_000).map { TranscriptRow(start: Int64($0), text: texts[$0 % texts.count]) })
    #expect(FoldBenchmark.foldsAgree(corpus))
  }
}
