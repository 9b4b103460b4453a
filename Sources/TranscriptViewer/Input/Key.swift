/// A key, or typed text, as the viewer reads it from the terminal.
public enum Key: Equatable, Sendable {
  /// Printable text: one key, or a paste that arrived at once.
  case text(String)
  case enter
  /// Shift-Enter, where the terminal tells it apart (CSI u or xterm's modifyOtherKeys).
  case shiftEnter
  case backspace
  case tab
  case escape
  case up, down, left, right
  case pageUp, pageDown, home, end
  /// F3 and Shift-F3, the find-next and find-previous keys of many editors.
  case f3, shiftF3
  /// Ctrl and a letter: `control("c")` for Ctrl-C.
  case control(Character)
  /// Alt (Meta) and a character: ESC followed by it.
  case alt(Character)
  /// A sequence the viewer does not use.
  case unknown
}
