import Foundation
import TranscriptSearch

/// The match index of the well-known SwiftUI transcript sample, reproduced to be
/// measured against: rows identified by `UUID`, three dictionaries, and the sample's
/// algorithms for navigation and for keeping the current match, linear scans included.
///
/// It keeps the sample's two defects, which tests demonstrate and ``SearchNavigation``
/// fixes: selecting a position accepts only `position < count - 1`, so the last match
/// cannot be selected; and the on-screen fallback sorts the visible rows by
/// `row - centre` without taking the absolute value, so it picks the topmost visible
/// row with a match rather than the one nearest the centre.
public struct SeedStyleIndex: Sendable {
  /// A match as the sample stores it: its position and its range in the row's text.
  public struct TranscriptionRange: Sendable {
    public var position: Int
    public var range: Range<String.Index>
  }

  /// Row identifiers, by row index.
  public let rowIDs: [UUID]
  /// Row id → its matches (`rangeResult` in the sample).
  public private(set) var rangesByRow: [UUID: [TranscriptionRange]] = [:]
  /// Position → row id (`positionProxy`).
  public private(set) var rowByPosition: [Int: UUID] = [:]
  /// Row id → positions (`positionProxyForID`).
  public private(set) var positionsByRow: [UUID: [Int]] = [:]
  public private(set) var count = 0
  /// The current position.
  public private(set) var currentPosition: Int?
  /// The rows on screen: id → row index (`onScreenID`).
  public var onScreen: [UUID: Int] = [:]

  /// Builds the sample's tables from matches over `texts`, the rows' texts, converting
  /// UTF-8 offsets to `String.Index` ranges as the sample keeps them.
  public init(matches: [Match], texts: [String], rowIDs: [UUID]) {
    self.rowIDs = rowIDs
    for (position, match) in matches.enumerated() {
      let text = texts[match.row]
      let start = text.utf8.index(text.startIndex, offsetBy: match.start)
      let end = text.utf8.index(text.startIndex, offsetBy: match.end)
      let id = rowIDs[match.row]
      rangesByRow[id, default: []].append(
        TranscriptionRange(position: position, range: start..<end))
      rowByPosition[position] = id
      positionsByRow[id, default: []].append(position)
    }
    count = matches.count
  }

  /// The row id of the current match, which the sample scrolls to.
  public var currentID: UUID? { currentPosition.flatMap { rowByPosition[$0] } }

  /// The sample's "next": stops at the last match.
  public mutating func next() {
    if let currentPosition, currentPosition < count - 1 {
      self.currentPosition = currentPosition + 1
    }
  }

  /// The sample's "previous": stops at the first match.
  public mutating func previous() {
    if let currentPosition, currentPosition > 0 { self.currentPosition = currentPosition - 1 }
  }

  /// The sample's selection by tap: rejects the last position (its defect).
  public mutating func select(position: Int) {
    if position >= 0 && position < count - 1 { currentPosition = position }
  }

  /// Adopts the results of a new search the way the sample does: the first new match
  /// in the old current match's row that overlaps it, found by scanning the
  /// dictionaries; else a match from the rows on screen; else the first match.
  public mutating func adopt(_ newer: SeedStyleIndex) {
    let old = self
    rangesByRow = newer.rangesByRow
    rowByPosition = newer.rowByPosition
    positionsByRow = newer.positionsByRow
    count = newer.count
    guard count > 0 else {
      currentPosition = nil
      return
    }
    currentPosition = old.overlappingPosition(in: newer) ?? onScreenPosition() ?? 0
  }

  private func overlappingPosition(in newer: SeedStyleIndex) -> Int? {
    guard
      let oldRow = rangesByRow.first(where: { entry in
        entry.value.contains { $0.position == currentPosition }
      }),
      let oldRange = oldRow.value.first(where: { $0.position == currentPosition })?.range,
      let newRow = newer.rangesByRow.first(where: { entry in
        entry.key == oldRow.key && entry.value.contains { $0.range.overlaps(oldRange) }
      })
    else { return nil }
    return newRow.value.first { $0.range.overlaps(oldRange) }?.position
  }

  /// The sample's on-screen fallback: the centre is the mean of the visible row
  /// indices; rows are sorted by `row - centre` (no absolute value), so the first with
  /// a match is the topmost; its first match if it lies below the centre, else its last.
  private func onScreenPosition() -> Int? {
    guard !onScreen.isEmpty else { return nil }
    let centre = Double(onScreen.values.reduce(0, +)) / Double(onScreen.count)
    let sorted = onScreen.sorted { Double($0.value) - centre < Double($1.value) - centre }
    guard let (id, row) = sorted.first(where: { positionsByRow[$0.key] != nil }),
      let positions = positionsByRow[id]
    else { return nil }
    return Double(row) >= centre ? positions.first : positions.last
  }
}
