import CFTS5
import CSQLite
import Synchronization
import TranscriptSearch

/// A corpus in an SQLite database with an FTS5 table of the trigram tokenizer: the index
/// an app that keeps its transcripts in SQLite would search. Row `i` of the corpus is the
/// table's rowid `i + 1`.
///
/// One connection, used by one caller at a time (a lock serialises the calls).
public final class FTS5Index: @unchecked Sendable {
  // Unchecked: every use of `database` holds `lock`.
  private let database: OpaquePointer
  private let lock = Mutex(())

  /// SQLite's version, such as "3.40.1".
  public static var version: String { String(cString: sqlite3_libversion()) }

  /// An index of `corpus`'s rows in a new in-memory database.
  ///
  /// - Throws: ``FTS5Error`` when SQLite cannot create the table or insert a row.
  public convenience init(_ corpus: Corpus) throws(FTS5Error) {
    try self.init(path: ":memory:")
    try execute("CREATE VIRTUAL TABLE rows USING fts5(text, tokenize='trigram')")
    try execute("BEGIN")
    try insert(corpus.indices.map { (Int64($0 + 1), corpus[$0].text) })
    try execute("COMMIT")
  }

  /// The index saved at `path` by ``save(to:)``, opened read-write.
  ///
  /// - Throws: ``FTS5Error`` when the file cannot be opened as such a database.
  public convenience init(opening path: String) throws(FTS5Error) {
    try self.init(path: path)
  }

  private init(path: String) throws(FTS5Error) {
    var handle: OpaquePointer?
    let status = sqlite3_open_v2(
      path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close(handle)
      throw FTS5Error(message: "cannot open \(path): \(message)")
    }
    database = handle
    let registered = tsb_fts5_register_offsets(UnsafeMutableRawPointer(handle))
    guard registered == SQLITE_OK else {
      sqlite3_close(handle)
      throw FTS5Error(message: "this SQLite has no FTS5 (error \(registered))")
    }
  }

  deinit { sqlite3_close(database) }

  /// The database's size in bytes: the rows' text and the index.
  public var byteCount: Int {
    lock.withLock { _ in
      (try? integer("PRAGMA page_count")).map { $0 * ((try? integer("PRAGMA page_size")) ?? 0) }
        ?? 0
    }
  }

  /// Every place of `keyword` as the trigram index finds it: row, and the UTF-8 range in
  /// the row of each phrase instance FTS5 reports, in order (instances may overlap).
  ///
  /// A keyword of fewer than three characters cannot use the index; it is found with
  /// SQLite's `LIKE` over every row (ASCII letters in any case, as `LIKE` compares them).
  /// SQLite reads a row's text up to its first NUL, so nothing after one is found.
  ///
  /// - Throws: ``FTS5Error`` for a keyword holding NUL, which no query can express, or
  ///   when SQLite fails.
  public func places(of keyword: String) throws(FTS5Error) -> [(row: Int, ranges: [Range<Int>])] {
    guard !keyword.utf8.contains(0) else {
      throw FTS5Error(
        message: "a keyword holding NUL cannot be searched: SQLite reads a query up to it")
    }
    return try lock.withLock { (_) throws(FTS5Error) in
      if Self.usesIndex(keyword) {
        return try query(
          "SELECT rowid, tsb_offsets(rows) FROM rows WHERE rows MATCH ?1 ORDER BY rowid",
          binding: Self.phrase(keyword)
        ) { statement in
          let bytes = Int(sqlite3_column_bytes(statement, 1))
          guard bytes > 0, let blob = sqlite3_column_blob(statement, 1) else { return [] }
          let pairs = UnsafeBufferPointer(
            start: blob.assumingMemoryBound(to: Int32.self), count: bytes / 8 * 2)
          return stride(from: 0, to: pairs.count, by: 2).map {
            Int(pairs[$0])..<Int(pairs[$0 + 1])
          }
        }
      }
      let needle = Array(keyword.utf8)
      return try query(
        "SELECT rowid, text FROM rows WHERE text LIKE ?1 ESCAPE '\\' ORDER BY rowid",
        binding: "%" + Self.escapedForLike(keyword) + "%"
      ) { statement in
        let count = Int(sqlite3_column_bytes(statement, 1))
        guard let text = sqlite3_column_text(statement, 1) else { return [] }
        return Self.asciiCaselessPlaces(
          of: needle, in: UnsafeBufferPointer(start: text, count: count))
      }
    }
  }

  /// Whether the trigram index serves `keyword`: three characters (code points) or more.
  public static func usesIndex(_ keyword: String) -> Bool {
    keyword.unicodeScalars.count >= 3
  }

  /// Replaces the text of row `row` (0-based), as an edit in an app would.
  public func replaceText(ofRow row: Int, with text: String) throws(FTS5Error) {
    try lock.withLock { (_) throws(FTS5Error) in
      try run("UPDATE rows SET text = ?2 WHERE rowid = ?1", row: Int64(row + 1), text: text)
    }
  }

  /// Appends a row after row `count - 1`, as live transcription would.
  public func append(_ text: String, asRow row: Int) throws(FTS5Error) {
    try lock.withLock { (_) throws(FTS5Error) in
      try run("INSERT INTO rows(rowid, text) VALUES (?1, ?2)", row: Int64(row + 1), text: text)
    }
  }

  /// Writes the database to a new file at `path` (which must not exist).
  public func save(to path: String) throws(FTS5Error) {
    try lock.withLock { (_) throws(FTS5Error) in
      try run("VACUUM INTO ?1", text: path)
    }
  }

  // MARK: Statements (called with the lock held)

  private func execute(_ sql: String) throws(FTS5Error) {
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(database, sql, nil, nil, &message) == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? errorMessage
      sqlite3_free(message)
      throw FTS5Error(message: "\(sql): \(text)")
    }
  }

  private var errorMessage: String { String(cString: sqlite3_errmsg(database)) }

  private func prepare(_ sql: String) throws(FTS5Error) -> OpaquePointer {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement
    else { throw FTS5Error(message: "\(sql): \(errorMessage)") }
    return statement
  }

  private func insert(_ rows: [(Int64, String)]) throws(FTS5Error) {
    let statement = try prepare("INSERT INTO rows(rowid, text) VALUES (?1, ?2)")
    defer { sqlite3_finalize(statement) }
    for (rowid, text) in rows {
      sqlite3_bind_int64(statement, 1, rowid)
      Self.bind(text, to: statement, at: 2)
      guard sqlite3_step(statement) == SQLITE_DONE else {
        throw FTS5Error(message: "inserting row \(rowid - 1): \(errorMessage)")
      }
      sqlite3_reset(statement)
    }
  }

  private func run(_ sql: String, row: Int64? = nil, text: String) throws(FTS5Error) {
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    if let row {
      sqlite3_bind_int64(statement, 1, row)
      Self.bind(text, to: statement, at: 2)
    } else {
      Self.bind(text, to: statement, at: 1)
    }
    guard sqlite3_step(statement) == SQLITE_DONE else {
      throw FTS5Error(message: "\(sql): \(errorMessage)")
    }
  }

  private func integer(_ sql: String) throws(FTS5Error) -> Int {
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    guard sqlite3_step(statement) == SQLITE_ROW else {
      throw FTS5Error(message: "\(sql): \(errorMessage)")
    }
    return Int(sqlite3_column_int64(statement, 0))
  }

  /// The rows a one-parameter query returns, with what `ranges` reads from each.
  private func query(
    _ sql: String, binding parameter: String,
    ranges: (OpaquePointer) -> [Range<Int>]
  ) throws(FTS5Error) -> [(row: Int, ranges: [Range<Int>])] {
    let statement = try prepare(sql)
    defer { sqlite3_finalize(statement) }
    Self.bind(parameter, to: statement, at: 1)
    var found: [(row: Int, ranges: [Range<Int>])] = []
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return found }
      guard status == SQLITE_ROW else { throw FTS5Error(message: "\(sql): \(errorMessage)") }
      found.append((Int(sqlite3_column_int64(statement, 0)) - 1, ranges(statement)))
    }
  }

  /// Binds `text`'s UTF-8, NULs included, copied by SQLite.
  private static func bind(_ text: String, to statement: OpaquePointer, at index: Int32) {
    var text = text
    text.withUTF8 { bytes in
      _ = sqlite3_bind_text(
        statement, index,
        UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
          .assumingMemoryBound(to: CChar.self), Int32(bytes.count),
        unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }
  }

  /// `keyword` as an FTS5 string: in double quotes, its own doubled, so that nothing in it
  /// (`*`, `NEAR`, `OR`, `-`, `^`, `:`) is read as query syntax.
  static func phrase(_ keyword: String) -> String {
    "\"" + keyword.replacing("\"", with: "\"\"") + "\""
  }

  /// `keyword` with `LIKE`'s wildcards and the escape character escaped.
  static func escapedForLike(_ keyword: String) -> String {
    var escaped = ""
    for character in keyword {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// The leftmost, non-overlapping places of `needle` in `text`, ASCII letters compared
  /// in either case and every other byte exactly, as SQLite's `LIKE` compares.
  static func asciiCaselessPlaces(of needle: [UInt8], in text: UnsafeBufferPointer<UInt8>)
    -> [Range<Int>]
  {
    @inline(__always) func lower(_ byte: UInt8) -> UInt8 {
      byte >= 65 && byte <= 90 ? byte | 0x20 : byte
    }
    guard !needle.isEmpty, needle.count <= text.count else { return [] }
    let wanted = needle.map(lower)
    var places: [Range<Int>] = []
    var start = 0
    while start + wanted.count <= text.count {
      var index = 0
      while index < wanted.count && lower(text[start + index]) == wanted[index] { index += 1 }
      if index == wanted.count {
        places.append(start..<start + wanted.count)
        start += wanted.count
      } else {
        start += 1
      }
    }
    return places
  }
}

/// What SQLite said when the fts5 strategy could not do what it was asked.
public struct FTS5Error: Error, CustomStringConvertible, Equatable {
  /// SQLite's message, with what was being done.
  public var message: String
  public var description: String { "SQLite: \(message)" }
}
