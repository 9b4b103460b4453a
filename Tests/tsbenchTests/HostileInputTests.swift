import Foundation
import Testing

/// The hostile-input probe's defects (issue 67), each reproduced as the probe ran it: the
/// binary run as a person runs it, on files made here.
extension CommandLineTests {
  /// 200 generated English rows, as the probe's `d.jsonl`.
  func generated(in folder: String, rows: Int = 200) throws -> String {
    let path = folder + "/d.jsonl"
    let run = try tsbench([
      "generate", "--script", "english", "--rows", "\(rows)", "--out", path,
    ])
    #expect(run.status == 0, "\(run.error)")
    return path
  }

  func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// `executable` started with `arguments`, its output and errors piped away.
  func started(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil
  ) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    return process
  }

  /// `executable` run to its end: its exit status and what it wrote to standard error.
  func finished(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
    let process = try started(executable, arguments)
    let error = (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: error, as: UTF8.self))
  }

  /// Polls `condition` until it holds or `seconds` pass.
  func waitUntil(seconds: Double, _ condition: () throws -> Bool) rethrows {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline, try !condition() { usleep(10_000) }
  }

  /// 1. Every command that writes refuses an output that is one of its inputs, before
  /// measuring, and leaves the input as it was.
  @Test func everyWritingCommandRefusesAnOutputThatIsAnInput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dataset = try generated(in: folder)
    let cases = folder + "/c.json"
    try FileManager.default.copyItem(
      atPath: URL(fileURLWithPath: Self.binary).deletingLastPathComponent().path
        + "/TranscriptSearchBench_SearchBenchKit.resources/Resources/conformance.json",
      toPath: cases)
    let results = folder + "/res"
    try FileManager.default.createDirectory(atPath: results, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: dataset, toPath: results + "/report.json")
    let link = folder + "/link.jsonl"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dataset)
    let gate = ["gate", "--matcher", "chunked", "--dataset", dataset, "--rounds", "1"]
    for (arguments, input) in [
      (gate + ["--record", "--baseline", dataset], dataset),
      (gate + ["--record", "--baseline", link], dataset),
      (gate + ["--record", "--baseline", folder + "/b.json", "--report", dataset], dataset),
      (["verify", "--dataset", dataset, "--report", dataset], dataset),
      (["verify", "--dataset", dataset, "--report", folder + "/res/../d.jsonl"], dataset),
      (["verify", "--cases", cases, "--report", cases], cases),
      (
        [
          "compare", "--no-charts", "--precision-budget", "0", "--dataset",
          results + "/report.json", "--format", "jsonl",
          "--results",
          results,
        ], results + "/report.json"
      ),
    ] {
      let before = contents(input)
      let run = try tsbench(arguments)
      #expect(run.status == 1, "\(arguments): \(run.error)")
      #expect(run.error.contains("it is the input file"), "\(arguments): \(run.error)")
      #expect(!run.error.contains("Usage:"), "\(arguments): \(run.error)")
      #expect(contents(input) == before, "\(arguments)")
    }
  }

  /// 2. A device or a FIFO is written in place, a link through, an existing file keeps
  /// its mode; a folder is refused with a message that says so.
  @Test func anOutputIsWrittenWhereItIsAndKeepsWhatItWas() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let generate = ["generate", "--script", "english", "--rows", "20", "--out"]
    // A character device: written, still a device.
    let null = try tsbench(generate + ["/dev/null"])
    #expect(null.status == 0, "\(null.error)")
    var info = stat()
    #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    // A FIFO: written in place to its reader, still a FIFO.
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/cat")
    reader.arguments = [fifo]
    let received = Pipe()
    reader.standardOutput = received
    try reader.run()
    let viaFIFO = try tsbench(generate + [fifo])
    let read = received.fileHandleForReading.readDataToEndOfFile()
    reader.waitUntilExit()
    #expect(viaFIFO.status == 0, "\(viaFIFO.error)")
    #expect(String(decoding: read, as: UTF8.self).split(separator: "\n").count == 20)
    #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    // A symbolic link: its target gets the rows, the link stays a link.
    let target = folder + "/target.jsonl"
    try write("old\n", to: target)
    let link = folder + "/link.jsonl"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.jsonl")
    #expect(try tsbench(generate + [link]).status == 0)
    #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    #expect(String(decoding: contents(target) ?? Data(), as: UTF8.self).contains("\"text\""))
    // A private file stays private.
    let secret = folder + "/secret.jsonl"
    try write("old\n", to: secret)
    chmod(secret, 0o600)
    #expect(try tsbench(generate + [secret]).status == 0)
    #expect(stat(secret, &info) == 0 && info.st_mode & 0o777 == 0o600)
    // Folders.
    for (out, message) in [(folder, "it is a folder"), (folder + "/adir/", "names a folder")] {
      let run = try tsbench(generate + [out])
      #expect(run.status == 1 && run.error.contains(message), "\(out): \(run.error)")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "fifo", "link.jsonl", "secret.jsonl", "target.jsonl",
      ])
  }

  /// 2. As an unprivileged user: a read-only file, and another user's file in a folder
  /// anyone may write, are errors, not replaced.
  @Test func anUnprivilegedUserCannotReplaceWhatTheyCannotWrite() throws {
    guard geteuid() == 0 else { return }  // needs root to act as two users
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    chmod(folder, 0o1777 & ~0o1000)
    let readOnly = folder + "/read-only.jsonl"
    let others = folder + "/others.jsonl"
    for path in [readOnly, others] { try write("keep me\n", to: path) }
    chown(readOnly, 65534, 65534)
    chmod(readOnly, 0o444)
    chmod(others, 0o666)  // root's, writable by anyone: replacing it would take it over
    for (path, message) in [(readOnly, "not writable"), (others, "belongs to another user")] {
      let (status, text) = try finished(
        "/usr/bin/setpriv",
        [
          "--reuid=65534", "--regid=65534", "--clear-groups", Self.binary, "generate",
          "--script", "english", "--rows", "5", "--out", path,
        ])
      #expect(status == 1 && text.contains(message), "\(path): \(text)")
      #expect(contents(path) == Data("keep me\n".utf8), "\(path)")
    }
  }

  /// 3. A link planted at the name the temporary file once had is never written through.
  @Test func aPlantedLinkAtTheTemporaryNameIsNotFollowed() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write("victim\n", to: folder + "/victim.txt")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    // The probe's attack: the pid is known before exec, so was the name.
    process.arguments = [
      "-c",
      "for n in $$ $(($$+1)); do ln -s victim.txt x.jsonl.tmp-$n; done; "
        + "exec \"$0\" generate --script english --rows 50 --out x.jsonl",
      Self.binary,
    ]
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(contents(folder + "/victim.txt") == Data("victim\n".utf8))
    #expect(
      String(decoding: contents(folder + "/x.jsonl") ?? Data(), as: UTF8.self).contains("text"))
  }

  /// 4. compare's copy of a private transcript is private, and gone after SIGHUP and
  /// SIGQUIT; 12. an import interrupted by SIGHUP leaves no temporary file.
  @Test func scratchCopiesArePrivateAndGoneOnEverySignal() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let scratch = folder + "/tmp"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let transcript = folder + "/mine.txt"
    try String(repeating: "the zephyr and the straße, again and again\n", count: 100_000)
      .write(toFile: transcript, atomically: true, encoding: .utf8)
    chmod(transcript, 0o600)
    for signal in [SIGHUP, SIGQUIT] {
      let process = try started(
        Self.binary,
        [
          "compare", "--no-charts", "--dataset", transcript, "--keywords", "zephyr", "--rounds",
          "1000",
          "--results", folder + "/results",
        ], environment: ["TMPDIR": scratch])
      var copy: String?
      try waitUntil(seconds: 60) {
        copy = try FileManager.default.contentsOfDirectory(atPath: scratch).first {
          $0.hasPrefix("tsbench-compare-") && !$0.contains(".tmp-")
        }
        return copy != nil
      }
      let found = try #require(copy, "\(signal)")
      var info = stat()
      #expect(stat(scratch + "/" + found, &info) == 0 && info.st_mode & 0o777 == 0o600)
      usleep(200_000)
      kill(process.processIdentifier, signal)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal, "\(signal)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [], "\(signal)")
    }
    let process = try started(
      Self.binary,
      ["generate", "--script", "mixed", "--rows", "2000000", "--out", folder + "/big.jsonl"])
    try waitUntil(seconds: 30) {
      try FileManager.default.contentsOfDirectory(atPath: folder).contains { $0.contains(".tmp-") }
    }
    kill(process.processIdentifier, SIGHUP)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
        == [])
  }

  /// 5. icu on keywords of ignorable characters only: no trap, no match.
  @Test func icuSurvivesKeywordsOfIgnorableCharacters() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dataset = try generated(in: folder)
    for keyword in ["\u{200B}", "\u{00AD}", "\u{200D}", "\u{FEFF}", "\u{200B}\u{200D}"] {
      let run = try tsbench([
        "search", "--dataset", dataset, "--keyword", keyword, "--matcher", "icu",
      ])
      #expect(run.status == 0, "\(keyword.unicodeScalars.map(\.value)): \(run.error)")
    }
  }

  /// 6. A large JSON Lines file truncated while it is read: an error that says so (or names
  /// the row the file now ends in), or the rows read before, never a signal.
  @Test func aFileThatShrinksWhileReadIsReportedNotACrash() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let big = folder + "/big.jsonl"
    let line = #"{"start":1,"text":"a row of text that is long enough to make the file large"}"#
    let text = String(repeating: line + "\n", count: 200_000)
    for _ in 0..<4 {
      try write(text, to: big)
      let process = try started(Self.binary, ["import", big, "--out", folder + "/out.jsonl"])
      for length in stride(from: 12 << 20, through: 0, by: -(1 << 20)) {
        truncate(big, off_t(length))
        usleep(1_000)
      }
      let message = String(
        decoding: (process.standardError as! Pipe).fileHandleForReading.readDataToEndOfFile(),
        as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationReason == .exit, "\(message)")
      // A truncation caught before the read leaves a file that ends inside a row: the
      // error then names the row where it ends.
      if process.terminationStatus != 0 {
        #expect(
          message.contains("changed while being read") || message.contains("empty")
            || message.contains(big + ":"), "\(message)")
      }
    }
  }

  /// 7. Numbers too large for what they set are refused before measuring.
  @Test func hugeNumbersAreRefusedNotTrapped() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dataset = try generated(in: folder)
    for arguments in [
      ["gate", "--matcher", "chunked", "--dataset", dataset, "--tolerance", "1e308"],
      ["gate", "--matcher", "chunked", "--dataset", dataset, "--tolerance", "inf"],
      ["compare", "--dataset", dataset, "--budget", "inf"],
      ["compare", "--dataset", dataset, "--oracle-budget", "1e300"],
      ["bench-matchers", "--budget", "nan"],
    ] {
      let run = try tsbench(arguments)
      #expect(run.status == 64, "\(arguments): \(run.error)")
      #expect(run.error.contains("too large") || run.error.contains("must"), "\(run.error)")
    }
  }

  /// 8. An input that never ends stops at the input limit with a message.
  @Test func anEndlessInputStopsAtTheLimit() throws {
    let run = try tsbench([
      "import", "/dev/zero", "--format", "text", "--encoding", "UTF-8", "--input-limit", "2",
      "--out", "/dev/null",
    ])
    #expect(run.status == 1)
    #expect(run.error.contains("larger than 2 MiB"), "\(run.error)")
  }

  /// 9. UTF-16 and UTF-32 without a byte-order mark, in scripts whose characters put zero
  /// bytes on both sides, are read as what they are.
  @Test func unmarkedUTF16AndUTF32AreToldFromTheirBytes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let text = "가나다 가게\n一个人\u{3000}一天\nhello 一\n"
    for (encoding, name) in [
      (String.Encoding.utf16LittleEndian, "le16"), (.utf16BigEndian, "be16"),
      (.utf32LittleEndian, "le32"), (.utf32BigEndian, "be32"),
    ] {
      let path = folder + "/\(name).txt"
      try #require(text.data(using: encoding)).write(to: URL(fileURLWithPath: path))
      for keyword in ["가게", "一天", "HELLO"] {
        let run = try tsbench(["search", "--dataset", path, "--keyword", keyword, "--json"])
        #expect(run.status == 0, "\(name): \(run.error)")
        #expect(run.output.contains("\"count\":1"), "\(name) \(keyword): \(run.output)")
      }
    }
  }

  /// 10. The typing session finds what folded finds for a keyword that starts with a lone
  /// combining mark, ignoring diacritics.
  @Test func theSessionSearchesInFullAfterAnEmptyKey() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try write(#"{"start":0,"text":"xİy xay"}"# + "\n", to: folder + "/s.jsonl")
    let run = try tsbench([
      "verify", "--dataset", folder + "/s.jsonl", "--keywords", "0", "--keyword", "\u{308}a",
      "--ignore-diacritics", "--matcher", "folded",
    ])
    #expect(run.status == 0, "\(run.output)\(run.error)")
    #expect(!run.output.contains("0/1"), "\(run.output)")
  }

  /// 11. A baseline that was not recorded for this run, or holds nothing a run records,
  /// is refused before measuring.
  @Test func theGateRefusesABaselineThatDoesNotFit() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dataset = try generated(in: folder)
    let baseline = folder + "/gate.json"
    let common = [
      "gate", "--matcher", "chunked", "--dataset", dataset, "--keywords", "zephyr",
      "--rounds", "1", "--baseline", baseline,
    ]
    #expect(try tsbench(common + ["--record"]).status == 0)
    let recorded =
      try JSONSerialization.jsonObject(with: try #require(contents(baseline))) as! [String: Any]
    for (key, value, message) in [
      ("strategy", "pcre2" as Any, "recorded for the strategy"),
      ("reference", "oracle", "recorded for the reference"),
      ("dataset", "other.jsonl", "recorded for the dataset"),
      ("ratios", [String: Double](), "no keyword"),
      ("ratios", ["zephyr": -1.0], "positive"),
      ("casesPassed", -1, "count that can be"),
    ] {
      var changed = recorded
      changed[key] = value
      try JSONSerialization.data(withJSONObject: changed).write(to: URL(fileURLWithPath: baseline))
      let run = try tsbench(common)
      #expect(run.status == 1, "\(key): \(run.output)\(run.error)")
      #expect(run.error.contains(message), "\(key): \(run.error)")
      #expect(!run.error.contains("Usage:"), "\(run.error)")
    }
  }

  /// 12. A chart that cannot be written leaves no temporary file and says why.
  @Test func chartsThatCannotBeWrittenLeaveNothingAndSayWhy() throws {
    let script =
      URL(fileURLWithPath: Self.binary).deletingLastPathComponent().path
      + "/TranscriptSearchBench_SearchBenchKit.resources/Resources/report-charts.py"
    guard FileManager.default.fileExists(atPath: script) else { return }
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = ["python3", "-c", "import matplotlib"]
    probe.standardError = Pipe()
    try probe.run()
    probe.waitUntilExit()
    guard probe.terminationStatus == 0 else { return }  // the charts are optional
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dataset = try generated(in: folder)
    let results = folder + "/res"
    let run = try tsbench([
      "compare", "--dataset", dataset, "--matchers", "folded", "--rounds", "1",
      "--precision-budget", "0", "--results", results, "--no-charts",
    ])
    #expect(run.status == 0, "\(run.error)")
    // A folder where a chart goes: os.replace fails as a full disk would.
    try FileManager.default.createDirectory(
      atPath: results + "/throughput.svg/x", withIntermediateDirectories: true)
    let (status, message) = try finished("/usr/bin/env", ["python3", script, results])
    #expect(status == 1, "\(message)")
    #expect(message.contains("cannot write the charts"), "\(message)")
    #expect(!message.contains("matplotlib is missing"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: results).allSatisfy {
        !$0.hasPrefix("tmp")
      })
  }

  /// 13. Messages that say what happened.
  @Test func messagesSayWhatHappened() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dataset = try generated(in: folder)
    // An unreadable baseline is not a missing one.
    try FileManager.default.createDirectory(
      atPath: folder + "/gate.json", withIntermediateDirectories: true)
    let unreadable = try tsbench([
      "gate", "--matcher", "chunked", "--dataset", dataset, "--baseline", folder + "/gate.json",
    ])
    #expect(unreadable.status == 1)
    #expect(unreadable.error.contains("cannot read the baseline"), "\(unreadable.error)")
    // A keyword file that is missing: exit 1, no usage.
    let keywordFile = try tsbench([
      "search", "--dataset", dataset, "--keyword-file", folder + "/none.txt",
    ])
    #expect(
      keywordFile.status == 1 && !keywordFile.error.contains("Usage:"), "\(keywordFile.error)")
    // Negative numbers reach their option's check.
    let tolerance = try tsbench([
      "gate", "--matcher", "chunked", "--dataset", dataset, "--tolerance", "-1",
    ])
    #expect(tolerance.error.contains("must not be negative"), "\(tolerance.error)")
    let limit = try tsbench(["search", "--dataset", dataset, "--keyword", "a", "--limit", "-1"])
    #expect(limit.error.contains("must not be negative"), "\(limit.error)")
    // --strict on UTF-16: the line, and the offset in the file (its mark counted).
    let bad = folder + "/bad16.txt"
    try Data([0xFF, 0xFE, 0x68, 0, 0x69, 0, 0x0A, 0, 0x00, 0xD8, 0x78, 0, 0x0A, 0]).write(
      to: URL(fileURLWithPath: bad))
    let strict = try tsbench(["search", "--dataset", bad, "--keyword", "hi", "--strict"])
    #expect(strict.error.contains("bad16.txt:2:"), "\(strict.error)")
    #expect(strict.error.contains("byte offset 8"), "\(strict.error)")
    // One round: no zero-width interval; an all-empty dataset: no NaN.
    let empty = folder + "/empty.jsonl"
    try write(
      String(repeating: #"{"start":0,"text":""}"# + "\n", count: 3) + #"{"start":1,"text":"a"}"#
        + "\n", to: empty)
    let results = folder + "/res"
    let compare = try tsbench([
      "compare", "--no-charts", "--precision-budget", "0", "--dataset", empty, "--keywords", "zzz",
      "--matchers",
      "folded,chunked",
      "--rounds", "1", "--results", results,
    ])
    #expect(compare.status == 0, "\(compare.error)")
    let report = String(decoding: contents(results + "/REPORT.md") ?? Data(), as: UTF8.self)
    #expect(!report.lowercased().contains("nan"), "\(report)")
    #expect(report.contains("one round: no interval"), "\(report)")
  }

  /// 14. Row text, speaker names and file names reach the terminal with their control
  /// characters escaped.
  @Test func userDataCannotDriveTheTerminal() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/evil\u{1B}[2J.jsonl"
    try write(
      #"{"start":0,"speaker":"\u001b]0;pwned\u0007","text":"hello \u001b[2J\u009b31m world\u202e"}"#
        + "\n", to: path)
    for arguments in [
      ["search", "--dataset", path, "--keyword", "hello", "--speaker", "\u{1B}]0;pwned\u{07}"],
      ["search", "--dataset", path, "--keyword", "hello"],
      ["search", "--dataset", path + "-missing", "--keyword", "hello"],
      ["suggest", "--dataset", path, "--prefix", "hel"],
    ] {
      let run = try tsbench(arguments)
      for text in [run.output, run.error] {
        #expect(
          !text.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) },
          "\(arguments): \(text.debugDescription)")
      }
      if arguments[0] == "search" {
        #expect(run.output.contains("\\u{1B}") || run.error.contains("\\u{1B}"), "\(arguments)")
      }
    }
  }
}
