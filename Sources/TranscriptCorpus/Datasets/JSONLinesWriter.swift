import TranscriptSearch

/// Writes transcript rows as JSON Lines, atomically: the file appears complete on
/// ``finish()`` or not at all.
public final class JSONLinesWriter {
  private let file: AtomicFileWriter
  private var line: [UInt8] = []

  public init(path: String) throws(DatasetError) {
    file = try AtomicFileWriter(path: path)
  }

  public var bytesWritten: Int { file.bytesWritten }

  /// Writes one row.
  public func write(
    start: Int64, speaker: String?, utf8Text: UnsafeBufferPointer<UInt8>
  ) throws(DatasetError) {
    line.removeAll(keepingCapacity: true)
    line += #"{"start":"#.utf8
    line += String(start).utf8
    if var speaker {
      line += #","speaker":"#.utf8
      speaker.withUTF8 { Self.appendJSONString($0, to: &line) }
    }
    line += #","text":"#.utf8
    Self.appendJSONString(utf8Text, to: &line)
    line += "}\n".utf8
    try file.write(line)
  }

  public func write(_ row: TranscriptRow) throws(DatasetError) {
    try Array(row.text.utf8).withUnsafeBufferPointer { (bytes) throws(DatasetError) in
      try write(start: row.start, speaker: row.speaker, utf8Text: bytes)
    }
  }

  /// Completes the file and returns its SHA-256.
  @discardableResult
  public func finish() throws(DatasetError) -> String { try file.commit() }

  /// Appends `bytes` as a quoted JSON string; only `"`, `\` and control characters
  /// are escaped, so other text stays readable.
  static func appendJSONString(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var runStart = 0
    for (i, byte) in bytes.enumerated()
    where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
      output += UnsafeBufferPointer(rebasing: bytes[runStart..<i])
      switch byte {
      case UInt8(ascii: "\""): output += #"\""#.utf8
      case UInt8(ascii: "\\"): output += #"\\"#.utf8
      case 0x0A: output += #"\n"#.utf8
      case 0x0D: output += #"\r"#.utf8
      case 0x09: output += #"\t"#.utf8
      default:
        let hex = Array("0123456789abcdef".utf8)
        output += #"\u00"#.utf8
        output += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
      runStart = i + 1
    }
    output += UnsafeBufferPointer(rebasing: bytes[runStart...])
    output.append(UInt8(ascii: "\""))
  }
}
