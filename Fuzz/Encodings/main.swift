// libFuzzer target: the encoding detector on arbitrary bytes must return or refuse, never
// crash; UTF-16 and UTF-32 of the input's text must be told as what they are.
import FuzzDriver
import SearchBenchKit

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  guard let data else { return 0 }
  if let wrong = FuzzChecks.detectEncoding(Array(UnsafeBufferPointer(start: data, count: count))) {
    fatalError(wrong)
  }
  return 0
}

exit(runFuzzer(fuzzOne))
