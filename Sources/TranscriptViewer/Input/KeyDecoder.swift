/// Turns the bytes a terminal sends into keys: UTF-8 text, control characters, and the
/// escape sequences of xterm and its descendants (tmux, the Linux console, macOS
/// Terminal, iTerm2, kitty).
///
/// An ESC at the end of the bytes read is held back until more bytes arrive or the
/// caller decides it was the Escape key alone (``flushPendingEscape()``), since Alt and
/// the special keys start with ESC too.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// Whether bytes are held back waiting for the rest of a sequence.
  public var hasPending: Bool { !pending.isEmpty }

  /// The keys in `bytes`, following any held back before.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    var text: [UInt8] = []
    func flushText() {
      if !text.isEmpty {
        keys.append(.text(String(decoding: text, as: UTF8.self)))
        text.removeAll()
      }
    }
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x1B {
        guard let (key, length) = Self.escapeSequence(pending[index...]) else { break }
        flushText()
        keys.append(key)
        index += length
        continue
      }
      if byte >= 0x80 {
        let length = Self.utf8Length(byte)
        guard index + length <= pending.count else { break }
        text += pending[index..<index + length]
        index += length
        continue
      }
      if byte >= 0x20 && byte != 0x7F {
        text.append(byte)
        index += 1
        continue
      }
      flushText()
      keys.append(Self.control(byte))
      index += 1
    }
    flushText()
    pending.removeFirst(index)
    return keys
  }

  /// The Escape key, if an ESC alone is held back; a partial sequence is given up.
  public mutating func flushPendingEscape() -> [Key] {
    defer { pending.removeAll() }
    guard pending.first == 0x1B else { return pending.isEmpty ? [] : [.unknown] }
    return pending.count == 1 ? [.escape] : [.unknown]
  }

  static func control(_ byte: UInt8) -> Key {
    switch byte {
    case 0x0D, 0x0A: .enter
    case 0x09: .tab
    case 0x7F, 0x08: .backspace
    case 0x01...0x1A: .control(Character(UnicodeScalar(byte + 0x60)))
    default: .unknown
    }
  }

  static func utf8Length(_ lead: UInt8) -> Int {
    switch lead {
    case 0xC0...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF7: 4
    default: 1  // a stray byte: decoded as U+FFFD
    }
  }

  /// The key an escape sequence at the start of `bytes` stands for and its length, or
  /// nil if the sequence is not complete yet.
  static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    let second = bytes[start + 1]
    switch second {
    case UInt8(ascii: "["):
      // CSI: parameters and intermediates, then a final byte in 0x40...0x7E.
      var end = start + 2
      while end < bytes.endIndex && !(0x40...0x7E).contains(bytes[end]) { end += 1 }
      guard end < bytes.endIndex else { return bytes.count > 32 ? (.unknown, bytes.count) : nil }
      let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
      return (csi(parameters: parameters, final: bytes[end]), end - start + 1)
    case UInt8(ascii: "O"):
      guard bytes.count >= 3 else { return nil }
      let key: Key =
        switch bytes[start + 2] {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "R"): .f3
        case UInt8(ascii: "M"): .enter
        default: .unknown
        }
      return (key, 3)
    case 0x1B:
      return (.escape, 1)
    case 0x20...0x7E:
      return (.alt(Character(UnicodeScalar(second))), 2)
    case 0x7F:
      return (.backspace, 2)
    default:
      return (.escape, 1)
    }
  }

  static func csi(parameters: String, final: UInt8) -> Key {
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0)
    }
    let modifier = fields.count > 1 ? fields[1] ?? 1 : 1
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "R"): return modifier == 2 ? .shiftF3 : .f3
    case UInt8(ascii: "u"):
      // CSI u (kitty, foot, WezTerm, tmux's extended keys): code;modifiers.
      if fields.first == 13 { return modifier == 2 ? .shiftEnter : .enter }
      return .unknown
    case UInt8(ascii: "~"):
      switch fields.first ?? nil {
      case 1, 7: return .home
      case 4, 8: return .end
      case 5: return .pageUp
      case 6: return .pageDown
      case 13: return modifier == 2 ? .shiftF3 : .f3
      case 27:
        // xterm's modifyOtherKeys: 27;modifiers;code.
        if fields.count == 3, fields[2] == 13 { return modifier == 2 ? .shiftEnter : .enter }
        return .unknown
      default: return .unknown
      }
    default: return .unknown
    }
  }
}
