// libFuzzer target: every importer on arbitrary bytes must return or throw, never crash
// or hang. See Matchers/main.swift for why it calls LLVMFuzzerRunDriver.
import FuzzDriver
import SearchBenchKit

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let data else { return 0 }
  FuzzChecks.importAll(Array(UnsafeBufferPointer(start: data, count: count)))
  return 0
}

exit(runFuzzer(fuzzOne))
