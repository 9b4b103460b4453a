/// A problem with a file the user named (a baseline, a keyword file): reported as
/// "Error: …" with exit status 1, without the usage text, which would only hide it.
struct InputError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
