/// One part of a callgrind profile (one `callgrind.out` file): its instruction total and,
/// per function, the instructions spent in the function itself and how often it was
/// called.
///
/// Read from callgrind's documented format (valgrind's *Callgrind Format Specification*):
/// `fn=` opens a function's cost lines, `cfn=` and `calls=` open a call, whose next cost
/// line is the call's inclusive cost (counted for the callee, not as the caller's own),
/// and names may be compressed to `(id)` after their first use.
public struct CallgrindProfile: Sendable, Equatable {
  /// What one function cost in this part.
  public struct Function: Sendable, Equatable {
    /// Instructions executed in the function itself, not in what it called.
    public var instructions: Int = 0
    /// Calls to the function from anywhere in the program.
    public var calls: Int = 0
  }

  /// The part's instruction total (its `totals:` line).
  public var instructions: Int
  /// Every function that ran or was called in the part, by name.
  public var functions: [String: Function]

  /// The functions whose calls are heap allocations: what the allocation count sums.
  public static let allocationFunctions: Set<String> = [
    "malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign", "valloc",
  ]

  /// Heap allocations in the part: the calls to the C library's allocation functions.
  public var allocations: Int {
    Self.allocationFunctions.reduce(0) { $0 + (functions[$1]?.calls ?? 0) }
  }

  /// Reads one profile part.
  ///
  /// - Throws: ``CallgrindProfileError`` naming the line when the text is not a callgrind
  ///   profile or counts no instructions (`events:` without `Ir`, a truncated file).
  public init(parsing text: String) throws(CallgrindProfileError) {
    var names: [String: String] = [:]
    var functions: [String: Function] = [:]
    var irColumn: Int?
    var positionColumns = 1
    var current: String?
    var callee: String?
    var callPending = false
    var total: Int?
    var sawHeader = false
    var lineNumber = 0

    // "(12) name" defines id 12, "(12)" refers to it, "name" is itself.
    func name(_ value: Substring) throws(CallgrindProfileError) -> String {
      guard value.first == "(", let close = value.firstIndex(of: ")") else {
        return String(value)
      }
      let id = String(value[value.index(after: value.startIndex)..<close])
      let rest = value[value.index(after: close)...].drop { $0 == " " }
      if !rest.isEmpty {
        names[id] = String(rest)
        return String(rest)
      }
      guard let known = names[id] else {
        throw CallgrindProfileError(
          line: lineNumber, "the name (\(id)) is used before it is defined")
      }
      return known
    }

    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      guard let first = line.first else { continue }
      if first.isNumber || first == "+" || first == "-" || first == "*" {
        guard let column = irColumn else {
          throw CallgrindProfileError(line: lineNumber, "a cost line comes before `events:`")
        }
        let fields = line.split(separator: " ")
        let index = positionColumns + column
        let cost = index < fields.count ? Int(fields[index]) : 0
        guard let cost else {
          throw CallgrindProfileError(line: lineNumber, "the cost line \"\(line)\" has no count")
        }
        if callPending {
          callPending = false  // the call's inclusive cost: the callee's, not the caller's
        } else if let current {
          functions[current, default: Function()].instructions += cost
        }
        continue
      }
      guard let equals = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else { continue }
      let key = line[..<equals]
      let value = line[line.index(after: equals)...].drop { $0 == " " }
      switch key {
      case "version", "creator":
        sawHeader = true
      case "events":
        let events = value.split(separator: " ")
        irColumn = events.firstIndex(of: "Ir")
        guard irColumn != nil else {
          throw CallgrindProfileError(
            line: lineNumber, "the profile counts no instructions (events: \(value))")
        }
      case "positions":
        positionColumns = max(1, value.split(separator: " ").count)
      case "fn":
        current = try name(value)
        callee = nil
      case "cfn":
        callee = try name(value)
      case "calls":
        guard let count = value.split(separator: " ").first.flatMap({ Int($0) }) else {
          throw CallgrindProfileError(line: lineNumber, "the call line \"\(line)\" has no count")
        }
        // Without `cfn=`, the call is to the current function (a recursive call).
        if let target = callee ?? current { functions[target, default: Function()].calls += count }
        callPending = true
      case "summary", "totals":
        guard let value = Int(value) else {
          throw CallgrindProfileError(line: lineNumber, "the total \"\(line)\" is not a count")
        }
        // callgrind writes `summary:` first and `totals:` last: a file without the last
        // line was cut short.
        if key == "totals" { total = value }
      case "ob", "cob", "fl", "fi", "fe", "cfi", "cfl":
        break
      default:
        break
      }
    }
    guard sawHeader || irColumn != nil else {
      throw CallgrindProfileError(line: 1, "this is not a callgrind profile")
    }
    guard let total else {
      throw CallgrindProfileError(
        line: lineNumber, "the profile ends without its total (truncated?)")
    }
    self.instructions = total
    self.functions = functions
  }
}

/// A callgrind profile that could not be read, with the line where reading stopped.
public struct CallgrindProfileError: Error, CustomStringConvertible, Equatable {
  public var line: Int
  public var reason: String
  public init(line: Int, _ reason: String) {
    self.line = line
    self.reason = reason
  }
  public var description: String { "line \(line): \(reason)" }
}
