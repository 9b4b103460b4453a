#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command line as the bytes the shell passed, before Swift decodes them (and turns
/// what is not UTF-8 into U+FFFD without a word).
enum CommandLineBytes {
  /// The first argument that is not valid UTF-8, and the offset of its first bad byte.
  static func firstInvalidUTF8() -> (argument: Int, offset: Int)? {
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let length = strlen(pointer)
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
      if String(validating: bytes, as: UTF8.self) == nil {
        var offset = 0
        while offset < length
          && String(validating: UnsafeBufferPointer(rebasing: bytes[...offset]), as: UTF8.self)
            != nil
        {
          offset += 1
        }
        return (index, offset)
      }
    }
    return nil
  }
}
