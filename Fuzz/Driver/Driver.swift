#if canImport(Glibc)
  @_exported import Glibc
#endif

@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer with the process's arguments and `callback` as the fuzz target.
public func runFuzzer(_ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32 {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  return llvmFuzzerRunDriver(&argc, &argv, callback)
}
