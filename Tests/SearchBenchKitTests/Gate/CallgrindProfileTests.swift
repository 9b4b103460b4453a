import Foundation
import Testing

@testable import SearchBenchKit

@Suite("CallgrindProfile")
struct CallgrindProfileTests {
  // Written by hand from callgrind's format specification: compressed names, a call whose
  // inclusive cost must not count as the caller's own, and a recursive call without cfn=.
  let profile = """
    # callgrind format
    version: 1
    creator: callgrind-3.19.0
    positions: line
    events: Ir Dr
    summary: 1000

    ob=(1) /bin/workload
    fl=(1) work.c
    fn=(1) main
    3 10 1
    +2 5
    cfn=(2) helper
    calls=2 40
    * 300
    cfn=(3) malloc
    calls=7 0
    * 70
    fn=(2)
    40 250
    cfn=(3)
    calls=3 0
    * 30
    fn=(4) recurse
    1 4
    calls=5 1
    1 20
    fn=(3)
    0 100
    totals: 1000
    """

  @Test func readsOwnCostsCallsAndTheTotal() throws {
    let parsed = try CallgrindProfile(parsing: profile)
    #expect(parsed.instructions == 1000)
    // main: 10 + 5 of its own; the 300 and 70 are its calls' costs.
    #expect(parsed.functions["main"] == .init(instructions: 15, calls: 0))
    #expect(parsed.functions["helper"] == .init(instructions: 250, calls: 2))
    #expect(parsed.functions["malloc"] == .init(instructions: 100, calls: 10))
    #expect(parsed.functions["recurse"] == .init(instructions: 4, calls: 5))
    #expect(parsed.allocations == 10)
  }

  @Test func namesTheLineWhereReadingStops() {
    let truncated = profile.split(separator: "\n").dropLast(6).joined(separator: "\n")
    #expect(throws: CallgrindProfileError.self) { try CallgrindProfile(parsing: truncated) }
    let unknownName = profile.replacingOccurrences(of: "cfn=(2) helper", with: "cfn=(9)")
    #expect(throws: CallgrindProfileError(line: 13, "the name (9) is used before it is defined")) {
      try CallgrindProfile(parsing: unknownName)
    }
    #expect(throws: CallgrindProfileError(line: 1, "this is not a callgrind profile")) {
      try CallgrindProfile(parsing: "{\"json\": true}\nsummary: 3")
    }
    let noInstructions = profile.replacingOccurrences(of: "events: Ir Dr", with: "events: Dr")
    #expect(throws: CallgrindProfileError.self) { try CallgrindProfile(parsing: noInstructions) }
  }
}

/// Counts a C program the test compiles, under the real valgrind: phases apart, its
/// allocations exactly, the cost of a loop seen in its phase only.
@Suite("InstructionMeasurement", .serialized)
struct InstructionMeasurementTests {
  static let program = """
    #include <stdio.h>
    #include <stdlib.h>
    __attribute__((noinline)) void tsb_gate_phase_end(const char *name) { __asm__ volatile("" : : "r"(name) : "memory"); }
    int main(int argc, char **argv) {
      tsb_gate_phase_end("startup");
      void *volatile kept[37];
      for (int i = 0; i < 37; i++) kept[i] = malloc(16 + i);
      for (int i = 0; i < 37; i++) free(kept[i]);
      tsb_gate_phase_end("allocate");
      volatile long sum = 0;
      long rounds = getenv("TSB_ROUNDS") ? atol(getenv("TSB_ROUNDS")) : 1000;
      for (long i = 0; i < rounds; i++) sum += i;
      tsb_gate_phase_end("loop");
      printf("gate workload: scan kernel test\\ngate phases: startup allocate loop exit\\n");
      return 0;
    }
    """

  static func build() throws -> (folder: String, binary: String) {
    let folder = NSTemporaryDirectory() + "tsb-measure-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try compile(program, to: folder + "/w")
    return (folder, folder + "/w")
  }

  static func compile(_ source: String, to binary: String) throws {
    try source.write(toFile: binary + ".c", atomically: true, encoding: .utf8)
    let compile = Process()
    compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    compile.arguments = ["cc", "-O1", "-o", binary, binary + ".c"]
    try compile.run()
    compile.waitUntilExit()
    try #require(compile.terminationStatus == 0, "cc could not build \(binary).c")
  }

  @Test func countsEachPhaseAndEveryAllocation() throws {
    let (folder, binary) = try Self.build()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var measurement = InstructionMeasurement(workload: binary)
    measurement.wallClockRuns = 1
    let small = try measurement.run()
    #expect(small.benchmarks.map(\.name) == ["startup", "allocate", "loop", "exit"])
    #expect(small.benchmark("allocate")?.allocations == 37)
    #expect(small.benchmark("loop")?.allocations == 0)
    #expect(small.fingerprint.scanKernel == "test")
    #expect(small.wallClockSeconds != nil)
    measurement.environment["TSB_ROUNDS"] = "101000"
    let large = try measurement.run()
    // 100,000 more rounds of a loop of a few instructions each: in the loop's phase only.
    let grown =
      try #require(large.benchmark("loop")?.instructions)
      - (small.benchmark("loop")?.instructions ?? 0)
    #expect((300_000...1_000_000).contains(grown))
    #expect(large.benchmark("allocate")?.instructions == small.benchmark("allocate")?.instructions)
    #expect(large.fingerprint == small.fingerprint)
  }

  @Test func aProgramThatIsNotThereOrFailsSaysSo() throws {
    let missing = InstructionMeasurement(workload: "/nonexistent/GateWorkload")
    #expect(throws: InstructionProfileError.self) { try missing.run() }
    let (folder, binary) = try Self.build()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let failing = folder + "/fail"
    try Self.compile(
      "#include <stdio.h>\nint main(void) { fputs(\"broken\\n\", stderr); return 3; }\n",
      to: failing)
    do {
      _ = try InstructionMeasurement(workload: failing).run()
      Issue.record("a failing workload was measured")
    } catch let error as InstructionProfileError {
      #expect(error.description.contains("failed under valgrind (exit 3)"))
      #expect(error.description.contains("broken"))
    }
    _ = binary
  }
}
