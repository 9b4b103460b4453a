import Foundation
import Testing

@testable import TranscriptCorpus

@Suite("AtomicFileWriter")
struct AtomicFileWriterTests {
  @Test func anUncommittedWriteLeavesTheOldFileAndNoTemporaryFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("previous report\n", to: "report.md")
    do {
      let writer = try AtomicFileWriter(path: path)
      try writer.write("half a new rep")
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "previous report\n")
    #expect(try folder.contents() == ["report.md"])
  }

  @Test func aCommitReplacesTheFileAndReturnsItsDigest() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("previous\n", to: "out.txt")
    let writer = try AtomicFileWriter(path: path)
    try writer.write("abc")
    // The SHA-256 of "abc" from FIPS 180-2, appendix B.1.
    #expect(
      try writer.commit() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "abc")
    #expect(try folder.contents() == ["out.txt"])
  }

  @Test func anUnwritableFolderIsAnError() {
    #expect(throws: DatasetError.self) { try AtomicFileWriter(path: "/nonexistent/out.txt") }
  }
}
