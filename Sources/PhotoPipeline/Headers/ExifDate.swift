import Foundation

/// Parses EXIF date strings as libvips presents them.
///
/// libvips shows an EXIF ASCII field as the value followed by a description in brackets,
/// e.g. "2021:07:04 18:30:05 (2021:07:04 18:30:05, ASCII, 20 components, 20 bytes)"; the
/// value's format is EXIF 2.32 §4.6.5 "YYYY:MM:DD HH:MM:SS", local time of the camera.
/// OffsetTimeOriginal ("+02:00", EXIF 2.31 and later) says which zone that was; without it
/// the photo is taken to be in this machine's zone.
enum ExifDate {
    static func parse(_ text: String?, offset: String? = nil) -> Date? {
        guard let text else { return nil }
        let fields = numbers(in: text.prefix(19), expecting: 6)
        guard let fields,
              (1800...9999).contains(fields[0]), (1...12).contains(fields[1]),
              (1...31).contains(fields[2]), (0...23).contains(fields[3]),
              (0...59).contains(fields[4]), (0...60).contains(fields[5])
        else { return nil }  // Cameras with no clock write "0000:00:00 00:00:00".
        let days = daysFromCivil(year: fields[0], month: fields[1], day: fields[2])
        let asIfUTC = Double(days * 86_400 + fields[3] * 3_600 + fields[4] * 60 + fields[5])
        let zoneSeconds = offset.flatMap(offsetSeconds)
            ?? TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: asIfUTC))
        return Date(timeIntervalSince1970: asIfUTC - Double(zoneSeconds))
    }

    /// "+02:00" → 7200; nil unless the text starts with a sign, two digits, a colon, two digits.
    static func offsetSeconds(_ text: String) -> Int? {
        let chars = Array(text.prefix(6))
        guard chars.count == 6, chars[0] == "+" || chars[0] == "-", chars[3] == ":",
              let h = Int(String(chars[1...2])), let m = Int(String(chars[4...5])),
              (0...14).contains(h), (0...59).contains(m)
        else { return nil }
        return (chars[0] == "-" ? -1 : 1) * (h * 3_600 + m * 60)
    }

    /// The runs of digits in `text`, if there are exactly `count` of them.
    private static func numbers(in text: Substring, expecting count: Int) -> [Int]? {
        let runs = text.split(whereSeparator: { !$0.isASCII || !$0.isNumber })
        guard runs.count == count else { return nil }
        let values = runs.compactMap { $0.count <= 4 ? Int($0) : nil }
        return values.count == count ? values : nil
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's
    /// days_from_civil, from his "chrono-Compatible Low-Level Date Algorithms").
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
