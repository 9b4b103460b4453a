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
      // One pass: the offset is the sum of the widths of the scalars before the error.
      var decoder = UTF8()
      var iterator = bytes.makeIterator()
      var offset = 0
      decoding: while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): offset += UTF8.width(scalar)
        case .emptyInput: break decoding
        case .error: return (index, offset)
        }
      }
    }
    return nil
  }
}
