/// Finds the JPEG thumbnail a camera stores in a photo's EXIF block (IFD1's
/// JPEGInterchangeFormat and JPEGInterchangeFormatLength tags, EXIF 2.32 §4.6.4.C): a 160 ×
/// 120 picture that costs a millisecond to decode, where even a heavily shrunk decode of a
/// 24-megapixel JPEG costs a few hundred (libjpeg's 1/8 scale still reads every coefficient).
///
/// Pure and bounds-checked throughout: the block comes from the file, so every offset and
/// count is checked before it is used, and a malformed block gives nil, never a trap.
public enum ExifThumbnail {
    /// Most entries an IFD may claim; real ones have a few dozen.
    static let maxEntries = 1_000
    /// Largest thumbnail accepted: EXIF's APP1 segment cannot exceed 64 KB anyway.
    static let maxLength = 65_536

    /// The byte range of the embedded JPEG within `exif` (libvips' "exif-data": "Exif\0\0"
    /// then the TIFF structure), or nil when there is none or the block is malformed.
    public static func jpegRange(inExif exif: UnsafeRawBufferPointer) -> Range<Int>? {
        let marker: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
        let base = exif.count >= 6 && zip(exif.prefix(6), marker).allSatisfy({ $0 == $1 }) ? 6 : 0
        let reader = Reader(bytes: exif, base: base)
        guard let reader, let ifd0 = reader.u32(at: 4), let count0 = reader.u16(at: Int(ifd0)),
              count0 <= maxEntries, let ifd1 = reader.u32(at: Int(ifd0) + 2 + 12 * Int(count0)), ifd1 != 0,
              let count1 = reader.u16(at: Int(ifd1)), count1 <= maxEntries
        else { return nil }
        var offset: Int?, length: Int?
        for entry in 0..<Int(count1) {
            let at = Int(ifd1) + 2 + 12 * entry
            guard let tag = reader.u16(at: at), let type = reader.u16(at: at + 2) else { return nil }
            // LONG (4) is what the standard says; SHORT (3) is seen from some writers.
            let value = type == 3 ? reader.u16(at: at + 8).map(Int.init) : type == 4 ? reader.u32(at: at + 8).map(Int.init) : nil
            if tag == 0x0201 { offset = value }
            if tag == 0x0202 { length = value }
        }
        guard let offset, let length, length > 2, length <= maxLength else { return nil }
        let start = base + offset
        guard start >= base, start <= exif.count - length else { return nil }
        // A JPEG starts with SOI (FF D8).
        guard exif[start] == 0xFF, exif[start + 1] == 0xD8 else { return nil }
        return start..<(start + length)
    }

    /// Reads TIFF integers in the block's byte order, relative to the TIFF header.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        let base: Int
        let bigEndian: Bool

        init?(bytes: UnsafeRawBufferPointer, base: Int) {
            guard bytes.count >= base + 8 else { return nil }
            self.bytes = bytes
            self.base = base
            switch (bytes[base], bytes[base + 1]) {
            case (0x49, 0x49): bigEndian = false  // "II": Intel, little-endian
            case (0x4D, 0x4D): bigEndian = true  // "MM": Motorola, big-endian
            default: return nil
            }
        }

        func u16(at offset: Int) -> UInt16? {
            let at = base + offset
            guard offset >= 0, at <= bytes.count - 2 else { return nil }
            let a = UInt16(bytes[at]), b = UInt16(bytes[at + 1])
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        func u32(at offset: Int) -> UInt32? {
            guard let first = u16(at: offset), let second = u16(at: offset + 2) else { return nil }
            return bigEndian ? UInt32(first) << 16 | UInt32(second) : UInt32(second) << 16 | UInt32(first)
        }
    }
}
