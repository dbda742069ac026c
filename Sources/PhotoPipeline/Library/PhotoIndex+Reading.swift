import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reading the index's text as bytes: a line is cut at its tabs, numbers are read digit by
/// digit, and only the path becomes a `String`. The rules are those of a header read from a
/// file: every number range-checked, a line that fails any check skipped, a path that is not
/// UTF-8 skipped.
extension PhotoIndex {
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> PhotoIndex {
        var index = PhotoIndex()
        // A line is about 110 bytes; growing the table as it fills rehashes every key so far.
        index.entries.reserveCapacity(bytes.count / 100)
        // Where each line's fields end, reused from line to line.
        let fieldEnds = UnsafeMutableBufferPointer<Int>.allocate(capacity: fieldCount)
        defer { fieldEnds.deallocate() }
        var lineStart = 0
        var first = true
        let newline = UInt8(ascii: "\n")
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != newline { lineEnd += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            lineStart = lineEnd + 1
            if first {
                // Another version, or not an index at all: read as empty.
                guard line.elementsEqual(versionLine.utf8) else { return index }
                first = false
            } else if !line.isEmpty, let (path, entry) = parseLine(line, fieldEnds: fieldEnds) {
                index.entries[path] = entry
            }
        }
        return index
    }

    static let fieldCount = 9

    /// One line's nine fields: path, byte size, modification time, width, height, EXIF
    /// orientation, format, colour profile (0 or 1), date taken (seconds since 1970, or "-").
    static func parseLine(_ line: UnsafeBufferPointer<UInt8>, fieldEnds: UnsafeMutableBufferPointer<Int>) -> (String, Entry)? {
        var found = 0
        for i in 0..<line.count where line[i] == UInt8(ascii: "\t") {
            guard found < fieldCount - 1 else { return nil }
            fieldEnds[found] = i
            found += 1
        }
        guard found == fieldCount - 1 else { return nil }
        fieldEnds[found] = line.count
        let field = { (n: Int) in
            UnsafeBufferPointer(rebasing: line[(n == 0 ? 0 : fieldEnds[n - 1] + 1)..<fieldEnds[n]])
        }
        guard field(0).first == UInt8(ascii: "/"),
              let bytes = wholeNumber(field(1)), bytes > 0,
              let modified = decimal(field(2)), modified.isFinite,
              let width = wholeNumber(field(3)), let height = wholeNumber(field(4)),
              (1...PhotoHeader.maxSide).contains(width), (1...PhotoHeader.maxSide).contains(height),
              width * height <= PhotoHeader.maxPixels,
              let orientation = wholeNumber(field(5)), (1...8).contains(orientation),
              let format = PhotoFormat.allCases.first(where: { field(6).elementsEqual($0.rawValue.utf8) }),
              field(7).count == 1, let profile = field(7).first, profile == UInt8(ascii: "0") || profile == UInt8(ascii: "1"),
              let path = String(validating: field(0), as: UTF8.self)
        else { return nil }
        var date: Date?
        if !field(8).elementsEqual("-".utf8) {
            guard let seconds = decimal(field(8)), seconds.isFinite, abs(seconds) < 1e11 else { return nil }
            date = Date(timeIntervalSince1970: seconds)
        }
        let header = PhotoHeader(width: width, height: height, orientation: orientation, format: format,
                                 hasColourProfile: profile == UInt8(ascii: "1"), dateTaken: date)
        return (path, Entry(byteCount: bytes, modified: modified, header: header, usedNow: false))
    }

    /// A run of 1 to 18 decimal digits (no sign: every whole number here is positive), so it
    /// cannot overflow.
    static func wholeNumber(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard (1...18).contains(digits.count) else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// A decimal as Swift's `String(Double)` writes one (digits, a sign, a point, an
    /// exponent), read by `strtod` from a terminated copy; anything else (hex, "nan", "inf",
    /// spaces, more than 40 characters) is not a number here.
    static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard (1...40).contains(text.count),
              text.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.eE".utf8.contains($0) })
        else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { copy -> Double? in
            for (i, byte) in text.enumerated() { copy[i] = CChar(bitPattern: byte) }
            copy[text.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(copy.baseAddress!, &end)
            guard let end, end == copy.baseAddress! + text.count else { return nil }
            return value
        }
    }
}
