#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Checks made on an output path before any work, so a run never ends by destroying what
/// it read or failing to write what it measured.
public enum OutputPath {
  /// Throws if `output` is `input` itself, by any name (a link, a relative path).
  public static func refuseInput(_ input: String, as output: String) throws(DatasetError) {
    var inputInfo = stat()
    var outputInfo = stat()
    guard stat(input, &inputInfo) == 0, stat(output, &outputInfo) == 0 else { return }
    // A pipe or a device is not overwritten by writing to another name.
    guard (inputInfo.st_mode & S_IFMT) == S_IFREG else { return }
    if inputInfo.st_dev == outputInfo.st_dev && inputInfo.st_ino == outputInfo.st_ino {
      throw .cannotWrite(
        path: output,
        reason: "it is the input file \(input); writing it would destroy what is being read "
          + "(choose another output)")
    }
  }
}
