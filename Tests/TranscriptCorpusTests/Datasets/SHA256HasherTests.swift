import Testing

@testable import TranscriptCorpus

@Suite("SHA256Hasher")
struct SHA256HasherTests {
  /// FIPS 180-2's examples.
  @Test func givesTheStandardsDigests() {
    #expect(
      SHA256Hasher.hash([])
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256Hasher.hash(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256Hasher.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test func piecesGiveTheDigestOfTheWhole() {
    let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let hasher = SHA256Hasher()
    for start in stride(from: 0, to: bytes.count, by: 777) {
      bytes[start..<min(start + 777, bytes.count)].withUnsafeBytes { hasher.update($0) }
    }
    #expect(hasher.finalize() == SHA256Hasher.hash(bytes))
  }
}
