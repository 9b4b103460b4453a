// libFuzzer target: the gate's baseline reader on arbitrary bytes must decode, refuse or
// compare, never trap (huge or non-finite ratios, counts out of range).
import FuzzDriver
import SearchBenchKit

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let data else { return 0 }
  FuzzChecks.readBaseline(Array(UnsafeBufferPointer(start: data, count: count)))
  return 0
}

exit(runFuzzer(fuzzOne))
