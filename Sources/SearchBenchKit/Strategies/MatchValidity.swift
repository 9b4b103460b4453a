import TranscriptSearch

/// Checks that a strategy's matches can be used at all, before they are compared with the
/// oracle's: in order, not overlapping, inside their row, and starting and ending between
/// UTF-8 sequences (a `Match` is never empty). A strategy that breaks one of these is failing, not
/// merely non-conforming.
public enum MatchValidity {
  /// What is wrong with `matches` as matches in `corpus`, or nil when nothing is.
  public static func problem(with matches: [Match], in corpus: Corpus) -> String? {
    var previous: Match?
    for (index, match) in matches.enumerated() {
      let place = "match \(index + 1) (row \(match.row), \(match.start)..<\(match.end))"
      guard match.row < corpus.count else {
        return "\(place): no such row (the corpus has \(corpus.count))"
      }
      if let previous {
        if (previous.row, previous.start) > (match.row, match.start) {
          return "\(place): out of order (after row \(previous.row), \(previous.start))"
        }
        if previous.row == match.row, previous.end > match.start {
          return "\(place): overlaps the match before it (which ends at \(previous.end))"
        }
      }
      let problem = corpus.withUTF8Text(ofRow: match.row) { text -> String? in
        guard match.end <= text.count else {
          return "\(place): outside the row's \(text.count) bytes"
        }
        for offset in [match.start, match.end] where offset < text.count {
          // A continuation byte: the offset is inside one character's UTF-8.
          if text[offset] & 0xC0 == 0x80 {
            return "\(place): offset \(offset) is inside a character's UTF-8"
          }
        }
        return nil
      }
      if let problem { return problem }
      previous = match
    }
    return nil
  }
}
