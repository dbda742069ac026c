import Foundation

/// Tells a truncated file from a corrupt one by its last bytes, for the formats whose files
/// end with a fixed marker.
///
/// libvips' error text would say it too, but its error buffer is shared by all threads, so
/// with several decodes failing at once the text may be another file's; the file's own
/// ending is not.
public enum FileEnding {
    /// The last bytes a whole file of each format ends with:
    /// JPEG the EOI marker FF D9 (ITU-T T.81 §B.1.1.3); PNG the IEND chunk, length 0, type
    /// "IEND", CRC AE 42 60 82 (PNG spec §11.2.5); GIF the trailer 3B (GIF89a §27).
    static let endings: [PhotoFormat: [UInt8]] = [
        .jpeg: [0xFF, 0xD9],
        .png: [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82],
        .gif: [0x3B],
    ]

    /// True if the file lacks its format's ending, false if it has it, nil when the format
    /// has no fixed ending or the file cannot be read.
    public static func isTruncated(path: String, format: PhotoFormat) -> Bool? {
        guard let expected = endings[format],
              let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return nil }
        guard size >= UInt64(expected.count) else { return true }
        guard (try? handle.seek(toOffset: size - UInt64(expected.count))) != nil,
              let tail = try? handle.read(upToCount: expected.count)
        else { return nil }
        return Array(tail) != expected
    }
}
