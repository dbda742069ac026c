import Foundation

/// Adds a rotation to a HEIF file as phones store one: an `irot` item property (ISO/IEC
/// 23008-12 §6.5.10, "image rotation", angle × 90° anticlockwise) associated with the primary
/// image, the pixels left as they are. Debian 12's `heif-enc` (libheif 1.15) cannot write one:
/// given a JPEG tagged with an EXIF orientation it copies the EXIF block and stores the
/// pixels unturned, and HEIF readers take the turn from `irot`/`imir`, not from EXIF
/// (libvips 8.14 removes the EXIF orientation of a HEIF it loads), so the tests add the box.
///
/// Handles the layout heif-enc writes: `ftyp`, then `meta` (with `iloc`, `iprp`), then `mdat`;
/// `iloc` versions 0 and 1 with construction method 0, offsets of 0, 4 or 8 bytes; `ipma`
/// with one-byte associations. Anything else throws rather than guess.
enum HEIFBoxes {
    struct Unexpected: Error, CustomStringConvertible {
        var description: String
    }

    /// `heif` with its primary image turned by `quarterTurns` × 90° anticlockwise on display.
    static func rotated(_ heif: Data, quarterTurns: UInt8) throws -> Data {
        var bytes = [UInt8](heif)
        let top = try children(of: bytes, from: 0, to: bytes.count)
        guard let meta = top["meta"], let mdat = top["mdat"], meta.offset < mdat.offset else {
            throw Unexpected(description: "no meta box before the mdat box")
        }
        let inMeta = try children(of: bytes, from: meta.offset + 12, to: meta.end)  // meta is a full box
        guard let iprp = inMeta["iprp"], let iloc = inMeta["iloc"] else { throw Unexpected(description: "no iprp or iloc box") }
        let inIprp = try children(of: bytes, from: iprp.offset + 8, to: iprp.end)
        guard let ipco = inIprp["ipco"], let ipma = inIprp["ipma"], ipco.end <= ipma.offset else {
            throw Unexpected(description: "no ipco box before an ipma box")
        }
        let propertyIndex = try childList(of: bytes, from: ipco.offset + 8, to: ipco.end).count + 1
        guard bytes[ipma.offset + 8] == 0, bytes[ipma.offset + 11] & 1 == 0, propertyIndex < 128,
              read(bytes, ipma.offset + 12, 4) >= 1
        else { throw Unexpected(description: "an ipma box other than version 0 with one-byte associations") }
        let primary = try primaryItem(bytes, inMeta)

        // The property (9 bytes) and its association (1 byte): every box around them grows,
        // and the mdat behind them moves by 10 bytes.
        let property: [UInt8] = [0, 0, 0, 9] + Array("irot".utf8) + [quarterTurns & 3]
        let growth = property.count + 1
        var entry = ipma.offset + 16
        var associationAt: Int?
        for _ in 0..<read(bytes, ipma.offset + 12, 4) {
            let count = Int(bytes[entry + 2])
            if read(bytes, entry, 2) == primary {
                bytes[entry + 2] += 1
                associationAt = entry + 3 + count
            }
            entry += 3 + count
        }
        guard let associationAt else { throw Unexpected(description: "the primary item has no properties") }
        try shiftOffsets(&bytes, iloc: iloc.offset, by: growth)
        for (box, grows) in [(meta, growth), (iprp, growth), (ipco, property.count), (ipma, 1)] {
            write(&bytes, box.offset, 4, read(bytes, box.offset, 4) + grows)
        }
        bytes.insert(0x80 | UInt8(propertyIndex), at: associationAt)  // essential
        bytes.insert(contentsOf: property, at: ipco.end)
        return Data(bytes)
    }

    private struct Box {
        var offset: Int
        var end: Int
    }

    private static func childList(of bytes: [UInt8], from start: Int, to end: Int) throws -> [(type: String, box: Box)] {
        var list: [(String, Box)] = []
        var at = start
        while at + 8 <= end {
            let size = read(bytes, at, 4)
            guard size >= 8, at + size <= end else { throw Unexpected(description: "a box size heif-enc does not write") }
            list.append((String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), Box(offset: at, end: at + size)))
            at += size
        }
        return list
    }

    private static func children(of bytes: [UInt8], from start: Int, to end: Int) throws -> [String: Box] {
        Dictionary(try childList(of: bytes, from: start, to: end).map { ($0.type, $0.box) }) { first, _ in first }
    }

    private static func primaryItem(_ bytes: [UInt8], _ meta: [String: Box]) throws -> Int {
        guard let pitm = meta["pitm"] else { throw Unexpected(description: "no pitm box") }
        return read(bytes, pitm.offset + 12, bytes[pitm.offset + 8] == 0 ? 2 : 4)
    }

    /// Moves every item's data `growth` bytes later (ISO/IEC 14496-12 §8.11.3, `iloc`).
    private static func shiftOffsets(_ bytes: inout [UInt8], iloc: Int, by growth: Int) throws {
        let version = bytes[iloc + 8]
        guard version <= 1 else { throw Unexpected(description: "iloc version \(version)") }
        let offsetSize = Int(bytes[iloc + 12] >> 4), lengthSize = Int(bytes[iloc + 12] & 15)
        let baseSize = Int(bytes[iloc + 13] >> 4), indexSize = version == 1 ? Int(bytes[iloc + 13] & 15) : 0
        var at = iloc + 16
        for _ in 0..<read(bytes, iloc + 14, 2) {
            at += 2  // item_ID
            if version == 1 {
                guard bytes[at + 1] & 15 == 0 else { throw Unexpected(description: "an item not stored at a file offset") }
                at += 2
            }
            at += 2  // data_reference_index
            let baseAt = at
            at += baseSize
            let extents = read(bytes, at, 2)
            at += 2
            for _ in 0..<extents {
                at += indexSize
                if baseSize == 0 { write(&bytes, at, offsetSize, read(bytes, at, offsetSize) + growth) }
                at += offsetSize + lengthSize
            }
            if baseSize > 0 { write(&bytes, baseAt, baseSize, read(bytes, baseAt, baseSize) + growth) }
        }
    }

    /// A big-endian unsigned number of `size` bytes at `at`.
    private static func read(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int {
        bytes[at..<at + size].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func write(_ bytes: inout [UInt8], _ at: Int, _ size: Int, _ value: Int) {
        for i in 0..<size { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - i))) }
    }
}
