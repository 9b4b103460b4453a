/// The timestamps of subtitle cues, read from bytes, in milliseconds, with arithmetic
/// that cannot overflow: a time past `Int64.max` milliseconds (about 292 million years)
/// is reported as too large.
enum CueTimestamp {
  enum Failure: Error, Equatable {
    case malformed
    case tooLarge
  }

  static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// WebVTT's whitespace: space, tab, form feed (line feeds never reach a timing line).
  static func isWebVTTWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0C
  }

  /// Digits at `index`, as a value (nil past `Int64.max`), and how many there were.
  static func digits(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int
  ) -> (value: Int64?, count: Int) {
    var value: Int64? = 0
    var count = 0
    while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
      if let current = value {
        let (times, overflow) = current.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times.addingReportingOverflow(Int64(bytes[index] - 0x30))
        value = overflow || overflow2 ? nil : sum
      }
      count += 1
      index += 1
    }
    return (value, count)
  }

  /// `((hours × 60 + minutes) × 60 + seconds) × 1000 + milliseconds`, checked.
  static func combine(
    hours: Int64?, minutes: Int64, seconds: Int64, milliseconds: Int64
  ) -> Result<Int64, Failure> {
    guard let hours else { return .failure(.tooLarge) }
    let (hourMinutes, o1) = hours.multipliedReportingOverflow(by: 60)
    let (totalMinutes, o2) = hourMinutes.addingReportingOverflow(minutes)
    let (minuteSeconds, o3) = totalMinutes.multipliedReportingOverflow(by: 60)
    let (totalSeconds, o4) = minuteSeconds.addingReportingOverflow(seconds)
    let (secondMilliseconds, o5) = totalSeconds.multipliedReportingOverflow(by: 1000)
    let (total, o6) = secondMilliseconds.addingReportingOverflow(milliseconds)
    return o1 || o2 || o3 || o4 || o5 || o6 ? .failure(.tooLarge) : .success(total)
  }

  /// WebVTT's "collect a WebVTT timestamp" (§6.3): hours optional and of any length
  /// (present when the first number is not two digits or is over 59), minutes and
  /// seconds two digits each and at most 59, a `.` and three digits of milliseconds.
  static func webVTT(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int
  ) -> Result<Int64, Failure> {
    guard index < bytes.count, (0x30...0x39).contains(bytes[index]) else {
      return .failure(.malformed)
    }
    let first = digits(bytes, at: &index)
    let hoursFirst = first.count != 2 || (first.value ?? 60) > 59
    guard index < bytes.count, bytes[index] == 0x3A else { return .failure(.malformed) }
    index += 1
    let second = digits(bytes, at: &index)
    guard second.count == 2, let value2 = second.value else { return .failure(.malformed) }
    var hours: Int64? = 0
    var minutes = value2
    var seconds: Int64
    if hoursFirst || (index < bytes.count && bytes[index] == 0x3A) {
      guard index < bytes.count, bytes[index] == 0x3A else { return .failure(.malformed) }
      index += 1
      let third = digits(bytes, at: &index)
      guard third.count == 2, let value3 = third.value else { return .failure(.malformed) }
      hours = first.value
      seconds = value3
    } else {
      minutes = first.value!
      seconds = value2
    }
    guard index < bytes.count, bytes[index] == 0x2E else { return .failure(.malformed) }
    index += 1
    let fraction = digits(bytes, at: &index)
    guard fraction.count == 3, let milliseconds = fraction.value else {
      return .failure(.malformed)
    }
    guard minutes <= 59, seconds <= 59 else { return .failure(.malformed) }
    return combine(hours: hours, minutes: minutes, seconds: seconds, milliseconds: milliseconds)
  }

  /// SubRip's timestamp as real readers accept it: `H:MM:SS,mmm` with hours of any
  /// length, one or two digits of minutes and seconds, `,` or `.`, one to three digits
  /// of milliseconds (taken as a number, as readers do).
  static func subRip(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int
  ) -> Result<Int64, Failure> {
    let hours = digits(bytes, at: &index)
    guard hours.count > 0, index < bytes.count, bytes[index] == 0x3A else {
      return .failure(.malformed)
    }
    index += 1
    let minutes = digits(bytes, at: &index)
    guard (1...2).contains(minutes.count), index < bytes.count, bytes[index] == 0x3A else {
      return .failure(.malformed)
    }
    index += 1
    let seconds = digits(bytes, at: &index)
    guard (1...2).contains(seconds.count), index < bytes.count,
      bytes[index] == 0x2C || bytes[index] == 0x2E
    else { return .failure(.malformed) }
    index += 1
    let milliseconds = digits(bytes, at: &index)
    guard (1...3).contains(milliseconds.count) else { return .failure(.malformed) }
    return combine(
      hours: hours.value, minutes: minutes.value!, seconds: seconds.value!,
      milliseconds: milliseconds.value!)
  }
}
