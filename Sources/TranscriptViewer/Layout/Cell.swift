/// One character as the screen draws it: its text (safe to write to a terminal), the
/// columns it takes, and how it is styled.
public struct Cell: Equatable, Sendable {
  /// How a cell is drawn.
  public enum Style: Equatable, Sendable {
    /// Row text outside any match.
    case plain
    /// A match; `token` is the token of a token query that matched (nil for a keyword).
    case match(token: Int?)
    /// The current match.
    case current
    /// What the viewer adds around the text: the time, markers, escaped controls.
    case dim
  }

  /// What is written; never a control character.
  public var text: String
  /// The columns it takes: 1 or 2.
  public var width: Int
  public var style: Style

  public init(_ text: String, width: Int, style: Style) {
    self.text = text
    self.width = width
    self.style = style
  }
}
