import Foundation
import SearchBenchKit

/// Every `print` of the command line goes through ``TerminalText``: what tsbench prints
/// holds row text, speaker names, keywords and file names, and none of them may drive the
/// terminal. (This shadows the standard library's `print` in this module only.)
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
  let text = items.map { String(describing: $0) }.joined(separator: separator)
  Swift.print(TerminalText.safe(text), terminator: terminator)
}

/// Prints encoded JSON with the characters ``TerminalText`` escapes written as JSON
/// escapes, so the output stays valid JSON that means the same.
func printJSON(_ data: Data) {
  Swift.print(TerminalText.safeJSON(String(decoding: data, as: UTF8.self)))
}
