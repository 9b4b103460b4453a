/// Which script a scalar belongs to, by its Unicode block and properties; the test's
/// own, independent of the generator's word lists.
enum ScriptCharacters {
  static func isHan(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isIdeographic }
  static func isKana(_ scalar: Unicode.Scalar) -> Bool { (0x3040...0x30FF).contains(scalar.value) }
  static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
    (0xAC00...0xD7A3).contains(scalar.value)
  }
  static func isArabic(_ scalar: Unicode.Scalar) -> Bool {
    (0x0600...0x06FF).contains(scalar.value)
  }
  static func isDevanagari(_ scalar: Unicode.Scalar) -> Bool {
    (0x0900...0x097F).contains(scalar.value)
  }
  static func isThai(_ scalar: Unicode.Scalar) -> Bool { (0x0E00...0x0E7F).contains(scalar.value) }
  static func isCyrillic(_ scalar: Unicode.Scalar) -> Bool {
    (0x0400...0x04FF).contains(scalar.value)
  }
  static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
    (0x0370...0x03FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
  }
  static func isBasicLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && scalar.properties.isAlphabetic
  }
  static func isAccentedLatin(_ scalar: Unicode.Scalar) -> Bool {
    (0x00C0...0x024F).contains(scalar.value) || (0x1E00...0x1EFF).contains(scalar.value)
  }
  static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .nonspacingMark
  }
  static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isEmojiPresentation || scalar.properties.isEmojiModifier
      || (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// The test that a scalar belongs to `script`'s own letters.
  static func belongs(_ scalar: Unicode.Scalar, to script: String) -> Bool {
    switch script {
    case "english": isBasicLatinLetter(scalar)
    case "latin": isAccentedLatin(scalar)
    case "cyrillic": isCyrillic(scalar)
    case "greek": isGreek(scalar)
    case "chinese": isHan(scalar)
    case "japanese": isKana(scalar)
    case "korean": isHangul(scalar)
    case "arabic": isArabic(scalar)
    case "devanagari": isDevanagari(scalar)
    case "thai": isThai(scalar)
    case "emoji": isEmoji(scalar)
    default: false
    }
  }
}
