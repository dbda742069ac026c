/// The few parts of a PNG file the shared thumbnails need, read and written without a codec:
/// the image's size (IHDR) and its `tEXt` key-value pairs, where the freedesktop.org thumbnail
/// standard keeps `Thumb::URI` and `Thumb::MTime`. Layout from the PNG specification (ISO/IEC
/// 15948): an 8-byte signature, then chunks of a 4-byte big-endian length, a 4-byte type, the
/// data and a CRC-32 of type and data.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Largest chunk read: a thumbnail's text chunks are a few hundred bytes, its pixels a few
    /// hundred kilobytes; anything claiming more is not a thumbnail worth trusting.
    static let largestChunk = 16 << 20

    struct Info: Equatable {
        var width: Int
        var height: Int
        var text: [String: String]
    }

    /// The size and text of a PNG in `bytes`, or nil when they are not a well-formed PNG (bad
    /// signature, a chunk running past the end, a CRC that does not match, no IHDR first).
    static func read(_ bytes: [UInt8]) -> Info? {
        guard bytes.count >= 8 + 25, Array(bytes[0..<8]) == signature else { return nil }
        var at = 8
        var info: Info?
        while at + 12 <= bytes.count {
            let length = Int(be32(bytes, at))
            guard length <= largestChunk, at + 12 + length <= bytes.count else { return nil }
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let data = bytes[(at + 8)..<(at + 8 + length)]
            guard CRC32.checksum(bytes[(at + 4)..<(at + 8 + length)]) == be32(bytes, at + 8 + length) else { return nil }
            if info == nil {
                guard type == "IHDR", length == 13 else { return nil }
                info = Info(width: Int(be32(bytes, at + 8)), height: Int(be32(bytes, at + 12)), text: [:])
            } else if type == "tEXt", let zero = data.firstIndex(of: 0) {
                // Keyword and text are Latin-1; the standard's keys and values are ASCII.
                let key = String(decoding: data[data.startIndex..<zero], as: UTF8.self)
                let value = String(decoding: data[(zero + 1)...], as: UTF8.self)
                info?.text[key] = value
            } else if type == "IEND" {
                return info
            }
            at += 12 + length
        }
        return nil
    }

    /// `png` with a `tEXt` chunk for each pair inserted right after its IHDR (readers see them
    /// before the pixels), or nil when `png` does not start with a signature and an IHDR.
    static func inserting(text pairs: [(key: String, value: String)], into png: [UInt8]) -> [UInt8]? {
        guard png.count >= 8 + 25, Array(png[0..<8]) == signature, be32(png, 8) == 13,
              String(decoding: png[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        let afterHeader = 8 + 12 + 13
        var out = Array(png[0..<afterHeader])
        for (key, value) in pairs {
            let body = Array("tEXt".utf8) + Array(key.utf8) + [0] + Array(value.utf8)
            appendBE32(UInt32(body.count - 4), to: &out)
            out += body
            appendBE32(CRC32.checksum(body[...]), to: &out)
        }
        out += png[afterHeader...]
        return out
    }

    private static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private static func appendBE32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                  UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
}

/// CRC-32 as PNG (and zlib) use it: polynomial 0xEDB88320 (reflected), initial and final
/// value 0xFFFFFFFF (PNG specification, annex D).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
