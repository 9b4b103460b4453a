import Testing

@testable import SearchBenchKit

/// The client of the StringZilla peer's line protocol, against shell stand-ins for the
/// peer (no Python needed): answers are read, and a broken peer is reported, not trusted.
struct StringZillaPeerTests {
  /// A stand-in that answers each search with the length of the request line it got.
  static let echoingLength = """
    echo '{"ready": true}'
    while read -r line; do
      case "$line" in
        *perMatch*) echo '{"perMatchSeconds": 0.5}' ;;
        *'"repeat":7'*'"warm":true'*|*'"warm":true'*'"repeat":7'*) echo '{"count": 7, "seconds": 0.125}' ;;
        *) echo "{\\"count\\": ${#line}, \\"seconds\\": 0.25}" ;;
      esac
    done
    """

  @Test func searchesAreSentOneLineEachAndAnswered() throws {
    let peer = try #require(StringZillaPeer(command: ["sh", "-c", Self.echoingLength]))
    // {"keyword":"ab","repeat":1,"warm":false} is 40 bytes, in any order of its keys; each
    // request is one line of JSON.
    #expect(peer.search("ab")?.count == 40)
    #expect(peer.search("abc")?.count == 41)
    #expect(peer.search("ab")?.seconds == 0.25)
    // A batch and its warm-up are asked for.
    #expect(peer.search("ab", batch: 7, warmUp: true)?.seconds == 0.125)
    #expect(peer.perMatchSeconds() == 0.5)
    peer.close()
    #expect(peer.search("ab") == nil)
  }

  @Test func aPeerThatAnswersGarbageIsNotAskedAgain() throws {
    let script = """
      echo '{"ready": true}'
      read -r line; echo nonsense
      while read -r line; do echo '{"count": 1, "seconds": 0.25}'; done
      """
    let peer = try #require(StringZillaPeer(command: ["sh", "-c", script]))
    #expect(peer.search("a") == nil)
    #expect(peer.search("a") == nil)
  }

  @Test func aPeerThatEndsIsReportedWithoutEndingTheComparison() throws {
    let peer = try #require(StringZillaPeer(command: ["sh", "-c", "echo '{\"ready\": true}'"]))
    #expect(peer.search("a") == nil)
    #expect(peer.perMatchSeconds() == nil)
  }

  @Test func aPeerThatNeverGetsReadyIsGivenUp() {
    #expect(StringZillaPeer(command: ["sh", "-c", "echo starting; exec sleep 30"]) == nil)
    #expect(StringZillaPeer(command: ["sleep", "30"], answerTimeout: 0.2) == nil)
  }
}
