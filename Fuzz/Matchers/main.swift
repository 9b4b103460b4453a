// libFuzzer target: `folded` and `chunked` against the oracle on arbitrary bytes (text,
// a zero byte, keyword). Any difference is a crash, which libFuzzer keeps.
//
// SwiftPM renames an executable's entry point on Linux, so libFuzzer's own `main` is not
// used: this one hands control to libFuzzer through LLVMFuzzerRunDriver.
import FuzzDriver
import SearchBenchKit

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let data else { return 0 }
  let input = Array(UnsafeBufferPointer(start: data, count: count))
  if let difference = FuzzChecks.matchersDisagree(on: input) { fatalError(difference) }
  return 0
}

exit(runFuzzer(fuzzOne))
