/// A problem with a file the user named (a baseline, a keyword file): reported as
/// "Error: …" with exit status 1, without the usage text, which would only hide it.
struct InputError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

extension InputError {
  /// `body`'s result; its error, which names the file or commit at fault, reported as an
  /// input error (the message alone, no usage text).
  static func plainly<T, Failure: Error & CustomStringConvertible>(_ body: () throws(Failure) -> T)
    throws -> T
  {
    switch Result(catching: body) {
    case .success(let value): return value
    case .failure(let error): throw InputError(error.description)
    }
  }
}
