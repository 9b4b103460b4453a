#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place that decides whether a path may be written, and how.
///
/// Every command checks all of its outputs against all of its inputs with
/// ``check(outputs:inputs:)`` before it measures anything, and every file is written
/// through ``AtomicFileWriter``, which asks ``destination(of:)`` where and how to write:
///
/// - an output that is an input (the same device and inode, by any name: a link, `../`)
///   is refused;
/// - a folder, a block device or a socket is refused; a character device (`/dev/null`)
///   or a FIFO is written in place, never replaced;
/// - a symbolic link is written through: its target gets the new contents, the link stays;
/// - an existing file keeps its mode and owner; a file the user cannot write is an error,
///   even where the folder would let it be replaced.
public enum OutputPath {
  /// How an output is written.
  public enum Kind: Equatable, Sendable {
    /// A file that does not exist yet: created through a temporary sibling.
    case newFile
    /// An existing regular file: replaced through a temporary sibling, keeping its mode
    /// and owner.
    case existingFile(mode: mode_t, owner: uid_t, group: gid_t)
    /// A character device or a FIFO: opened and written where it is.
    case inPlace
  }

  /// Where and how writing `path` goes: through its symbolic links to the file they
  /// name, and what kind of file that is.
  ///
  /// - Throws: ``DatasetError/cannotWrite(path:reason:)`` for a path that must not be
  ///   written, with the reason.
  public static func destination(of path: String) throws(DatasetError) -> (
    path: String, kind: Kind
  ) {
    guard !path.isEmpty else { throw .cannotWrite(path: path, reason: "the path is empty") }
    let resolved = try followLinks(path)
    if resolved.hasSuffix("/") {
      throw .cannotWrite(path: path, reason: "it names a folder: name a file in it")
    }
    var info = stat()
    guard stat(resolved, &info) == 0 else {
      guard errno == ENOENT else { throw .cannotWrite(path: path, reason: lastError()) }
      try checkFolder(of: resolved, for: path)
      return (resolved, .newFile)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      guard access(resolved, W_OK) == 0 else {
        throw .cannotWrite(
          path: path,
          reason: "\(lastError()): the file is not writable (it is left as it is)")
      }
      // Replacing it would make it ours: only root can give it back to its owner.
      guard info.st_uid == geteuid() || geteuid() == 0 else {
        throw .cannotWrite(
          path: path,
          reason: "it belongs to another user; replacing it would take it over "
            + "(write to a new file, or as that user)")
      }
      try checkFolder(of: resolved, for: path)
      return (
        resolved,
        .existingFile(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
      )
    case S_IFCHR, S_IFIFO:
      guard access(resolved, W_OK) == 0 else {
        throw .cannotWrite(path: path, reason: lastError())
      }
      return (resolved, .inPlace)
    case S_IFDIR:
      throw .cannotWrite(path: path, reason: "it is a folder: name a file in it")
    case S_IFBLK:
      throw .cannotWrite(path: path, reason: "it is a block device: it is not written")
    default:
      throw .cannotWrite(path: path, reason: "it is not a file that can be written")
    }
  }

  /// Refuses, before any work, an output that is one of the inputs by any name, or that
  /// cannot be written (see ``destination(of:)``). Inputs that do not exist, and
  /// non-regular inputs (a pipe read from `/dev/stdin`), are not compared.
  ///
  /// - Throws: ``DatasetError/cannotWrite(path:reason:)`` naming the output and the input.
  public static func check(outputs: [String], inputs: [String]) throws(DatasetError) {
    var inputFiles: [(path: String, device: dev_t, inode: ino_t)] = []
    for input in inputs {
      var info = stat()
      guard stat(input, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
      inputFiles.append((input, info.st_dev, info.st_ino))
    }
    for output in outputs {
      let (resolved, kind) = try destination(of: output)
      guard kind != .newFile else { continue }
      var info = stat()
      guard stat(resolved, &info) == 0 else { continue }
      if let input = inputFiles.first(where: { $0.device == info.st_dev && $0.inode == info.st_ino }
      ) {
        throw .cannotWrite(
          path: output,
          reason: "it is the input file \(input.path); writing it would destroy what is being "
            + "read (choose another output)")
      }
    }
  }

  /// Throws if `output` is `input` itself, by any name (a link, a relative path).
  public static func refuseInput(_ input: String, as output: String) throws(DatasetError) {
    try check(outputs: [output], inputs: [input])
  }

  /// `path` with every symbolic link in its last component followed (as a shell's `>`
  /// follows them); a link to a missing file names the file to create.
  private static func followLinks(_ path: String) throws(DatasetError) -> String {
    var current = path
    // As the kernel's own limit on links followed in one lookup.
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else {
        return current
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count > 0 else { throw .cannotWrite(path: path, reason: lastError()) }
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if target.hasPrefix("/") {
        current = target
      } else {
        current = folder(of: current) + "/" + target
      }
    }
    throw .cannotWrite(path: path, reason: "too many levels of symbolic links")
  }

  /// The folder `path` is in ("." for a bare name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Throws unless the folder of `resolved` exists and lets a file be created in it.
  private static func checkFolder(of resolved: String, for path: String) throws(DatasetError) {
    let folder = folder(of: resolved)
    var info = stat()
    guard stat(folder, &info) == 0 else {
      throw .cannotWrite(path: path, reason: "its folder \(folder) does not exist")
    }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw .cannotWrite(path: path, reason: "\(folder) is not a folder")
    }
    guard access(folder, W_OK | X_OK) == 0 else {
      throw .cannotWrite(
        path: path, reason: "its folder \(folder) is not writable (\(lastError()))")
    }
  }

  private static func lastError() -> String { String(cString: strerror(errno)) }
}
