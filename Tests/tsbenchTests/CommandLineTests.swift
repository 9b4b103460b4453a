import Foundation
import Testing

/// The command-line tool run as a person runs it: each test is a reproduction of a way a
/// run could lose data, leave files behind or say something untrue, with what it must do.
@Suite("tsbench command line", .serialized)
struct CommandLineTests {
  /// The tsbench binary built beside this test bundle.
  static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("tsbench").path

  struct Run {
    var status: Int32
    var output: String
    var error: String
  }

  @discardableResult
  func tsbench(_ arguments: [String], input: Data? = nil, in folder: String? = nil) throws -> Run {
    #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "build tsbench first")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    // Written from another thread, so a child that stops reading early (as a reader at its
    // line bound does) cannot block the test; the broken pipe is then expected.
    signal(SIGPIPE, SIG_IGN)
    let writer = Thread {
      if let input { try? standardInput.fileHandleForWriting.write(contentsOf: input) }
      try? standardInput.fileHandleForWriting.close()
    }
    writer.start()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      error: String(decoding: err, as: UTF8.self))
  }

  func temporaryFolder() throws -> String {
    let folder = NSTemporaryDirectory() + "tsb-cli-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  let srt =
    "1\n00:00:01,000 --> 00:00:02,000\nhello there\n\n2\n00:00:03,000 --> 00:00:04,000\nzephyr\n"

  @Test func anOutputThatIsTheInputIsRefusedBeforeWriting() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/s.srt"
    try Data(srt.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/link.srt", withDestinationPath: path)
    for output in [
      path, folder + "/link.srt",
      folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "/s.srt",
    ] {
      let run = try tsbench(["import", path, "--out", output])
      #expect(run.status != 0)
      #expect(run.error.contains("it is the input file"), "\(run.error)")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == srt)
    }
  }

  @Test func aPipeLosesNothing() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let run = try tsbench(
      ["import", "/dev/stdin", "--format", "text", "--out", folder + "/o.jsonl"],
      input: Data("first line\nsecond\n".utf8))
    #expect(run.status == 0, "\(run.error)")
    let written = try String(contentsOfFile: folder + "/o.jsonl", encoding: .utf8)
    #expect(written.contains("\"first line\"") && written.contains("\"second\""))
    let search = try tsbench(
      ["search", "--dataset", "/dev/stdin", "--format", "jsonl", "--keyword", "FIRST", "--json"],
      input: Data(written.utf8))
    #expect(search.status == 0, "\(search.error)")
    #expect(search.output == "{\"matcher\":\"folded\",\"count\":1,\"matches\":[[0,0,5]]}\n")
  }

  @Test func writtenFilesHaveThePermissionsOfAPlainWrite() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(srt.utf8).write(to: URL(fileURLWithPath: folder + "/s.srt"))
    try tsbench(["import", folder + "/s.srt", "--out", folder + "/o.jsonl"])
    let plain = folder + "/plain"
    #expect(FileManager.default.createFile(atPath: plain, contents: Data()))
    let mode = { (path: String) in
      (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }
    #expect(try mode(folder + "/o.jsonl") == mode(plain))
  }

  @Test func badArgumentsGetTheirOwnMessages() throws {
    let negative = try tsbench([
      "generate", "--script", "english", "--rows", "-5", "--out", "/tmp/never.jsonl",
    ])
    #expect(negative.status != 0)
    #expect(negative.error.contains("must not be negative"), "\(negative.error)")
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(srt.utf8).write(to: URL(fileURLWithPath: folder + "/s.srt"))
    let oracleScoped = try tsbench(
      [
        "search", "--dataset", folder + "/s.srt", "--keyword", "hello", "--matcher", "oracle",
        "--from", "0",
      ])
    #expect(oracleScoped.status != 0)
    #expect(oracleScoped.error.contains("folded only"), "\(oracleScoped.error)")
  }

  @Test func aKeywordIsTextOrComesFromAFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(srt.utf8).write(to: URL(fileURLWithPath: folder + "/s.srt"))
    // An argument with a byte that is not UTF-8 (through a file of arguments: xargs).
    let script = folder + "/run.sh"
    try "\"\(Self.binary)\" search --dataset \"\(folder)/s.srt\" --keyword $(printf '\\377')\n"
      .write(toFile: script, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [script]
    let error = Pipe()
    process.standardError = error
    process.standardOutput = Pipe()
    try process.run()
    let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus != 0)
    #expect(message.contains("not valid UTF-8"), "\(message)")
    // A keyword far longer than any argument may be, from a file.
    let long = String(repeating: "zephyr ", count: 40_000)
    try long.write(toFile: folder + "/keyword.txt", atomically: true, encoding: .utf8)
    let run = try tsbench([
      "search", "--dataset", folder + "/s.srt", "--keyword-file", folder + "/keyword.txt",
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.hasPrefix("0 matches"))
    try "zephyr\n".write(toFile: folder + "/short.txt", atomically: true, encoding: .utf8)
    let short = try tsbench([
      "search", "--dataset", folder + "/s.srt", "--keyword-file", folder + "/short.txt",
    ])
    #expect(short.output.hasPrefix("1 matches"), "\(short.output)")
  }

  @Test func anInterruptedGenerateLeavesNoTemporaryFileAndThePreviousOutput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let out = folder + "/big.jsonl"
    let previous = Data("previous output\n".utf8)
    for signal in [SIGINT, SIGTERM] {
      try previous.write(to: URL(fileURLWithPath: out))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.binary)
      process.arguments = ["generate", "--script", "mixed", "--rows", "2000000", "--out", out]
      process.standardOutput = Pipe()
      process.standardError = Pipe()
      try process.run()
      // Wait until the temporary file exists: the run is under way.
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline,
        (try FileManager.default.contentsOfDirectory(atPath: folder)).allSatisfy({
          !$0.contains(".tmp-")
        })
      {
        usleep(20_000)
      }
      kill(process.processIdentifier, signal)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal, "\(signal)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder) == ["big.jsonl"], "\(signal)")
      #expect(FileManager.default.contents(atPath: out) == previous, "\(signal)")
    }
  }

  @Test func anInterruptedCompareLeavesNoScratchFileAndThePreviousReport() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let scratch = folder + "/tmp"
    let results = folder + "/results"
    for path in [scratch, results] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    let transcript = folder + "/mine.txt"
    try String(repeating: "the zephyr and the straße, again and again\n", count: 100_000)
      .write(toFile: transcript, atomically: true, encoding: .utf8)
    let previous = Data("# the previous report\n".utf8)
    for signal in [SIGINT, SIGTERM] {
      try previous.write(to: URL(fileURLWithPath: results + "/REPORT.md"))
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Self.binary)
      process.arguments = [
        "compare", "--no-charts", "--dataset", transcript, "--keywords", "zephyr", "--rounds",
        "1000",
        "--results", results,
      ]
      process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch]) { $1 }
      process.standardOutput = Pipe()
      process.standardError = Pipe()
      try process.run()
      // Wait until its plain-text export for the peers exists: measuring is under way.
      let deadline = Date().addingTimeInterval(60)
      while Date() < deadline, try FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty
      {
        usleep(20_000)
      }
      #expect(try !FileManager.default.contentsOfDirectory(atPath: scratch).isEmpty, "\(signal)")
      usleep(200_000)
      kill(process.processIdentifier, signal)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal, "\(signal)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [], "\(signal)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: results) == ["REPORT.md"], "\(signal)")
      #expect(FileManager.default.contents(atPath: results + "/REPORT.md") == previous, "\(signal)")
    }
  }

  @Test func aLineThatNeverEndsIsRejectedAtTheBoundWithAShortMessage() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // 65 MiB of NUL bytes without a line break, as from /dev/zero.
    let endless = try tsbench(
      ["import", "/dev/stdin", "--format", "text", "--out", folder + "/o.jsonl"],
      input: Data(count: 65 << 20))
    #expect(endless.status != 0)
    #expect(endless.error.contains("longer than 64 MiB"), "\(endless.error.prefix(300))")
    #expect(!FileManager.default.fileExists(atPath: folder + "/o.jsonl"))
    // A 5 MB malformed line: the message names the line and column, quoting nothing raw.
    var line = Array("{\"text\": \"".utf8)
    line += [UInt8](repeating: 0x01, count: 5_000_000)
    let malformed = try tsbench(
      ["import", "/dev/stdin", "--format", "jsonl", "--out", folder + "/o.jsonl"],
      input: Data(line + Array("\"}\n".utf8)))
    #expect(malformed.status != 0)
    #expect(malformed.error.count < 300, "\(malformed.error.prefix(300))")
    #expect(malformed.error.contains("/dev/stdin:1:"))
    #expect(!malformed.error.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func benchFoldNamesAnUnknownScriptAndWritesItsReport() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let unknown = try tsbench(["bench-fold", "--scripts", "greek,klingon", "--results", folder])
    #expect(unknown.status != 0)
    #expect(unknown.error.contains("Unknown script \"klingon\""), "\(unknown.error)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/fold.md"))
    let run = try tsbench(
      ["bench-fold", "--scripts", "korean", "--rows", "200", "--rounds", "1", "--results", folder])
    #expect(run.status == 0, "\(run.error)")
    let report = try String(contentsOfFile: folder + "/fold.md", encoding: .utf8)
    #expect(report.contains("| korean |"))
    #expect(FileManager.default.fileExists(atPath: folder + "/fold.json"))
  }

  @Test func benchSearchTimesTheWholeSearchAndSaysWhereItsTimeGoes() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/t.jsonl"
    try Data(
      """
      {"start": 0, "text": "Die Straße"}
      {"start": 1, "text": "STRASSE und strasse"}
      {"start": 2, "text": "nothing here"}

      """.utf8
    ).write(to: URL(fileURLWithPath: file))
    let missing = try tsbench(["bench-search", "--dataset", folder + "/none.jsonl"])
    #expect(missing.status != 0 && missing.error.contains("none.jsonl"), "\(missing.error)")
    let run = try tsbench([
      "bench-search", "--dataset", file, "--keywords", "strasse,zz", "--rounds", "1",
      "--results", folder,
    ])
    #expect(run.status == 0, "\(run.error)")
    let report = try String(contentsOfFile: folder + "/search-process.md", encoding: .utf8)
    // ß folds to ss: three matches in two rows; "zz" none.
    #expect(report.contains("| \"strasse\" |") && report.contains("| 3 ("), "\(report)")
    #expect(report.contains("| \"zz\" |") && report.contains("| 0 ("), "\(report)")
    #expect(report.contains("## Where tsbench's time goes"))
    let json = try String(contentsOfFile: folder + "/search-process.json", encoding: .utf8)
    #expect(json.contains("\"read\"") && json.contains("\"search\""), "\(json)")
  }

  @Test func benchIndexNamesAnUnknownScriptAndWritesItsReport() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let unknown = try tsbench([
      "bench-index", "--scripts", "english", "--large-scripts", "klingon", "--results", folder,
    ])
    #expect(unknown.status != 0)
    #expect(
      unknown.error.contains("Unknown script \"klingon\" in --large-scripts"), "\(unknown.error)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/index.md"))
    let run = try tsbench([
      "bench-index", "--scripts", "thai", "--rows", "300", "--large-rows", "0", "--rounds", "1",
      "--results", folder,
    ])
    #expect(run.status == 0, "\(run.error)")
    let report = try String(contentsOfFile: folder + "/index.md", encoding: .utf8)
    #expect(report.contains("| thai | 300 |"))
    #expect(FileManager.default.fileExists(atPath: folder + "/index.json"))
  }

  @Test func aResultsFolderIsMadeOrRefusedBeforeAnyMeasuring() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(srt.utf8).write(to: URL(fileURLWithPath: folder + "/s.srt"))
    let blocked = folder + "/a-file"
    try Data().write(to: URL(fileURLWithPath: blocked))
    let refused = try tsbench(
      ["compare", "--dataset", folder + "/s.srt", "--results", blocked + "/inside"])
    #expect(refused.status != 0)
    #expect(refused.error.contains("cannot create the results folder"), "\(refused.error)")
    #expect(!refused.error.contains("compare: s.srt"), "it measured first")
    let made = try tsbench(
      [
        "compare", "--no-charts", "--precision-budget", "0", "--dataset", folder + "/s.srt",
        "--matchers", "folded,pcre2", "--rounds", "1", "--results",
        folder + "/new/deeper",
      ])
    #expect(made.status == 0, "\(made.error)")
    let report = try String(contentsOfFile: folder + "/new/deeper/REPORT.md", encoding: .utf8)
    #expect(report.contains("## How precise the verdicts are"), "\(report)")
  }

  @Test func verifyChecksTheContractOnAUsersTranscript() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(srt.utf8).write(to: URL(fileURLWithPath: folder + "/s.srt"))
    let run = try tsbench(
      [
        "verify", "--dataset", "s.srt", "--keywords", "5", "--keyword", "THERE",
        "--matcher", "folded", "--report", "verify.md",
      ], in: folder)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("2 of 2 rows of s.srt, 6 keywords"), "\(run.output)")
    // Six keywords under eight combinations of options, every one agreeing.
    for checker in ["folded ", "folded (fold portable, scan portable) ", "session (typing) "] {
      #expect(run.output.contains(checker), "\(run.output)")
    }
    #expect(!run.output.contains("/48 ") && run.output.contains("48/48"), "\(run.output)")
    let report = try String(contentsOfFile: folder + "/verify.md", encoding: .utf8)
    #expect(report.contains("tsbench verify --dataset s.srt --keywords 5 --keyword THERE"))

    let missing = try tsbench(["verify", "--dataset", "nowhere.jsonl"], in: folder)
    #expect(missing.status != 0 && missing.error.contains("nowhere.jsonl"), "\(missing.error)")
    let stray = try tsbench(["verify", "--rows", "10"], in: folder)
    #expect(stray.status != 0 && stray.error.contains("--rows needs --dataset"), "\(stray.error)")
  }

  @Test func fromAnyFolderVerifyAndCompareWorkAndAUsersReportHasAFolderOfItsOwn() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let verify = try tsbench(["verify", "--matcher", "folded"], in: folder)
    #expect(verify.status == 0, "\(verify.error)")
    let caseCount = verify.output.prefix { $0 != " " }
    #expect(
      Int(caseCount) ?? 0 > 150 && verify.output.contains("folded     \(caseCount)/\(caseCount)"),
      "\(verify.output)")
    try Data(srt.utf8).write(to: URL(fileURLWithPath: folder + "/s.srt"))
    let scratch = folder + "/tmp"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.binary)
    process.arguments = [
      "compare", "--no-charts", "--precision-budget", "0", "--dataset", "s.srt", "--rounds", "1",
    ]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch]) { $1 }
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(FileManager.default.fileExists(atPath: folder + "/tsbench-compare-s/REPORT.md"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/results"))
    // The plain-text export for the peers is gone once the comparison ends.
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch) == [])
  }

  @Test func findOptionsReachTheSearchAndAreRefusedWhereNotOffered() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/t.jsonl"
    try Data(
      """
      {"start":0,"text":"Ana ate a banana. RÉSUMÉ"}
      {"start":1,"text":"résumé of ana"}

      """.utf8
    ).write(to: URL(fileURLWithPath: file))
    let whole = try tsbench(
      ["search", "--dataset", file, "--keyword", "ana", "--word-match", "whole", "--json"])
    #expect(whole.status == 0, "\(whole.error)")
    #expect(whole.output.contains("\"count\":2"), "\(whole.output)")
    let anywhere = try tsbench(["search", "--dataset", file, "--keyword", "ana", "--json"])
    #expect(anywhere.output.contains("\"count\":3"), "\(anywhere.output)")
    let diacritics = try tsbench(
      ["search", "--dataset", file, "--keyword", "resume", "--ignore-diacritics", "--json"])
    #expect(diacritics.output.contains("\"count\":2"), "\(diacritics.output)")
    let refused = try tsbench(
      [
        "search", "--dataset", file, "--keyword", "ana", "--word-match", "start", "--matcher",
        "foundation",
      ])
    #expect(refused.status != 0)
    #expect(refused.error.contains("foundation does not offer"), "\(refused.error)")
    let unknown = try tsbench(
      ["search", "--dataset", file, "--keyword", "ana", "--word-match", "inside"])
    #expect(unknown.status != 0 && unknown.error.contains("word-match"), "\(unknown.error)")
    let verify = try tsbench(["verify", "--word-match", "whole", "--matcher", "foundation"])
    #expect(verify.status == 0, "\(verify.error)")
    #expect(verify.output.contains("not offered"), "\(verify.output)")
  }

  @Test func theCEnginesSearchAndAreScored() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/t.jsonl"
    try Data(
      """
      {"start":0,"text":"STRASSE, Straße and strasse"}

      """.utf8
    ).write(to: URL(fileURLWithPath: file))
    // PCRE2 folds one code point at a time (ß is not ss); ICU's collation at secondary
    // strength does not expand ß either; the contract does.
    for (matcher, count) in [("pcre2", 2), ("icu", 2), ("folded", 3)] {
      let run = try tsbench(
        ["search", "--dataset", file, "--keyword", "strasse", "--matcher", matcher, "--json"])
      #expect(run.status == 0, "\(matcher): \(run.error)")
      #expect(run.output.contains("\"count\":\(count)"), "\(matcher): \(run.output)")
    }
    let verify = try tsbench(["verify", "--matcher", "icu"])
    #expect(verify.status == 0, "\(verify.error)")
    #expect(verify.output.contains("icu "), "\(verify.output)")
    let unknown = try tsbench(["compare", "--dataset", file, "--matchers", "folded,nope"])
    #expect(unknown.status != 0)
    #expect(unknown.error.contains("unknown matcher 'nope'"), "\(unknown.error)")
    #expect(unknown.error.contains("pcre2") && unknown.error.contains("icu"), "\(unknown.error)")
  }

  @Test func theGateRecordsThenPassesThenFailsARegression() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/t.jsonl"
    let rows = (0..<400).map { #"{"start":\#($0),"text":"row \#($0) holds words"}"# }
    try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: file))
    let baseline = folder + "/gate.json"
    let common = [
      // chunked, not the oracle: the gate's records and verdicts are the same for any
      // strategy, and the oracle's conformance run was most of this suite's time.
      "gate", "--matcher", "chunked", "--dataset", file, "--keywords", "words,zzz",
      "--rounds", "3", "--baseline", baseline,
    ]
    let missing = try tsbench(common)
    #expect(missing.status != 0 && missing.error.contains("no baseline"), "\(missing.error)")
    let record = try tsbench(common + ["--record"])
    #expect(record.status == 0, "\(record.error)")
    #expect(record.output.contains("recorded"), "\(record.output)")
    // A generous tolerance: the check must pass on a busy machine too.
    let check = try tsbench(common + ["--tolerance", "4"])
    #expect(check.status == 0, "\(check.output)\(check.error)")
    #expect(check.output.contains("| pass |"), "\(check.output)")
    // A baseline in which chunked was a thousand times faster than folded: a regression.
    var recorded =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: baseline))) as! [String: Any]
    recorded["ratios"] = ["words": 0.001, "zzz": 0.001]
    try JSONSerialization.data(withJSONObject: recorded).write(to: URL(fileURLWithPath: baseline))
    let regressed = try tsbench(common)
    #expect(regressed.status == 1, "\(regressed.output)\(regressed.error)")
    #expect(regressed.output.contains("**FAIL**"), "\(regressed.output)")
  }
}
