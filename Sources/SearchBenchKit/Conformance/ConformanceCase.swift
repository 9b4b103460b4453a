import Foundation
import TranscriptCorpus
import TranscriptSearch

/// One hand-written case of the match contract: a text, a keyword, and the matches the
/// contract requires, as UTF-8 offset ranges.
public struct ConformanceCase: Codable, Equatable, Sendable {
  public var name: String
  /// The group of contract rules the case exercises (such as `sigma` or `emoji`).
  public var family: String
  public var text: String
  public var keyword: String
  /// `[start, end)` UTF-8 offsets of each expected match, in order.
  public var expected: [[Int]]
  public var notes: String?
  /// The find options the case searches with.
  public var options: SearchOptions

  public init(
    name: String, family: String, text: String, keyword: String, expected: [[Int]],
    notes: String? = nil, options: SearchOptions = .default
  ) {
    self.options = options
    self.name = name
    self.family = family
    self.text = text
    self.keyword = keyword
    self.expected = expected
    self.notes = notes
  }

  /// The cases in a JSON file: an array of `{"name", "family", "text", "keyword",
  /// "expected", "notes", "options"}` objects (`family`, `notes` and `options` may be
  /// missing; `options` is `{"wordMatch": "contains|start|end|whole",
  /// "ignoreDiacritics": true|false}`).
  public static func load(from path: String) throws -> [ConformanceCase] {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw DatasetError.cannotOpen(path: path, reason: error.localizedDescription)
    }
    do {
      return try JSONDecoder().decode([ConformanceCase].self, from: data)
    } catch let DecodingError.dataCorrupted(context) {
      throw DatasetError.malformedLine(
        path: path, line: 1, column: 1, reason: context.debugDescription)
    } catch {
      throw DatasetError.malformedLine(path: path, line: 1, column: 1, reason: "\(error)")
    }
  }

  enum CodingKeys: String, CodingKey {
    case name, family, text, keyword, expected, notes, options
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    family = try container.decodeIfPresent(String.self, forKey: .family) ?? "other"
    text = try container.decode(String.self, forKey: .text)
    keyword = try container.decode(String.self, forKey: .keyword)
    expected = try container.decode([[Int]].self, forKey: .expected)
    notes = try container.decodeIfPresent(String.self, forKey: .notes)
    options = try container.decodeIfPresent(SearchOptions.self, forKey: .options) ?? .default
    for range in expected where range.count != 2 || range[0] >= range[1] {
      throw DecodingError.dataCorruptedError(
        forKey: .expected, in: container,
        debugDescription: "case \(name): an expected range must be [start, end] with start < end")
    }
  }
}
