import SearchBenchKit

/// libFuzzer's entry point: `folded` and `chunked` against the oracle on arbitrary bytes
/// (text, a zero byte, keyword). Any difference is a crash, kept by libFuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatchers(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  if let difference = FuzzChecks.matchersDisagree(
    on: Array(UnsafeBufferPointer(start: data, count: count)))
  {
    fatalError(difference)
  }
  return 0
}
