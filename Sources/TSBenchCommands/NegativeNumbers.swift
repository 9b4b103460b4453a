/// Command-line arguments with every negative number joined to the option before it
/// (`--limit -1` becomes `--limit=-1`), so that the option's own check answers ("--limit
/// must not be negative") rather than the parser's "Missing value", which reads a leading
/// `-` as the start of another option. No option of tsbench is named by a digit.
enum NegativeNumbers {
  static func joined(_ arguments: [String]) -> [String] {
    var result: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        result += arguments[index...]
        break
      }
      if argument.hasPrefix("--"), !argument.contains("="), index + 1 < arguments.count,
        isNegativeNumber(arguments[index + 1])
      {
        result.append(argument + "=" + arguments[index + 1])
        index += 2
        continue
      }
      result.append(argument)
      index += 1
    }
    return result
  }

  static func isNegativeNumber(_ text: String) -> Bool {
    text.hasPrefix("-") && text.count > 1 && Double(text) != nil
  }
}
