import SearchBenchKit

/// libFuzzer's entry point: every importer on arbitrary bytes must return or throw, never
/// crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImporters(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  FuzzChecks.importAll(Array(UnsafeBufferPointer(start: data, count: count)))
  return 0
}
