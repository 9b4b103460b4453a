#if canImport(CryptoKit)
  import CryptoKit
#else
  import CLibCrypto
#endif

/// The SHA-256 of bytes fed in pieces, as lowercase hex: what the dataset manifest
/// records to check a regenerated file.
///
/// The system's own implementation: CryptoKit on Apple's systems, OpenSSL's libcrypto
/// (Debian's libssl-dev) elsewhere. Both come with the system, where swift-crypto would
/// compile a copy of BoringSSL into every build of the harness.
final class SHA256Hasher {
  #if canImport(CryptoKit)
    private var hasher = SHA256()
  #else
    private let context: OpaquePointer
  #endif

  init() {
    #if !canImport(CryptoKit)
      // Allocation and initialisation fail only when memory is exhausted.
      guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1
      else { fatalError("OpenSSL could not start a SHA-256 digest") }
      self.context = context
    #endif
  }

  deinit {
    #if !canImport(CryptoKit)
      EVP_MD_CTX_free(context)
    #endif
  }

  func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    #if canImport(CryptoKit)
      hasher.update(bufferPointer: UnsafeRawBufferPointer(start: base, count: bytes.count))
    #else
      EVP_DigestUpdate(context, base, bytes.count)
    #endif
  }

  /// The digest of everything fed, as lowercase hex; the hasher is spent.
  func finalize() -> String {
    #if canImport(CryptoKit)
      let digest = Array(hasher.finalize())
    #else
      var digest = [UInt8](repeating: 0, count: 32)
      var length: UInt32 = 0
      EVP_DigestFinal_ex(context, &digest, &length)
    #endif
    return digest.map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }

  /// The SHA-256 of `bytes`, as lowercase hex.
  static func hash(_ bytes: [UInt8]) -> String {
    let hasher = SHA256Hasher()
    bytes.withUnsafeBytes { hasher.update($0) }
    return hasher.finalize()
  }
}
