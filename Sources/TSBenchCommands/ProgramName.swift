import Foundation

/// The program that runs the commands, as reports quote it: tsbench, or the executable of
/// a package that registered its own strategies.
enum ProgramName {
  static var current: String { URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent }
}
