#if canImport(Glibc)
import Glibc
#endif

/// A HEIF's (HEIC, AVIF) header read in Swift from its boxes, as libvips' HEIF loader
/// (through libheif) reports it: the primary image's size (`ispe`) turned by its rotation
/// (`irot`; a mirror, `imir`, keeps the size), orientation 1 (libheif applies the turn and
/// libvips drops the EXIF orientation of a HEIF), an ICC profile when a `colr` box holds one,
/// and the date taken from the `Exif` item. Through libvips each such header took 2 ms of
/// CPU and loaded libvips before a folder's first frame: a phone's library of 100,000 HEICs
/// would be read in minutes where its JPEGs take two seconds.
///
/// Boxes: ISO/IEC 14496-12 §4.2 (size, type, a 64-bit size, full boxes' version and flags),
/// §8.11 (`meta`, `hdlr`, `pitm`, `iinf`/`infe`, `iloc`); ISO/IEC 23008-12 §9.3 (`iprp`,
/// `ipco`, `ipma`) and §6.5 (`ispe`, `irot`, `colr`, `clap`); the Exif item's block, a 32-bit
/// offset to its TIFF header (§A.2.1). Anything this reader does not take (a clean aperture
/// that crops, data built in another way, an extent past the end of the file, boxes out of
/// bounds) gives nil, and libvips reads the header as before.
extension QuickHeader {
    static func heif(path: String, byteCount: Int) -> PhotoHeader? {
        guard let first = leadingBytes(of: path, count: firstRead) else { return nil }
        if let header = heif(first, path: path, byteCount: byteCount) { return header }
        guard first.count == firstRead, let more = leadingBytes(of: path, count: readLimit) else { return nil }
        return heif(more, path: path, byteCount: byteCount)
    }

    /// One box: its type, where its content starts and where it ends.
    struct Box {
        var type: String
        var content: Int
        var end: Int
    }

    /// The boxes between `start` and `end` of `b`; nil when one runs out of bounds, unless
    /// `upToCut` (the file's top level, read only in part): then the boxes before it.
    static func boxes(_ b: [UInt8], from start: Int, to end: Int, upToCut: Bool = false) -> [Box]? {
        var found: [Box] = []
        var at = start
        while at + 8 <= end {
            var size = Int(beU32(b, at)), header = 8
            if size == 1 {
                guard at + 16 <= end else { return upToCut ? found : nil }
                let large = beU64(b, at + 8)
                guard large <= UInt64(Int.max) else { return nil }
                size = Int(large)
                header = 16
            } else if size == 0 {
                size = end - at  // to the end of its container
            }
            guard size >= header else { return nil }
            guard size <= end - at else { return upToCut ? found : nil }
            found.append(Box(type: String(decoding: b[(at + 4)..<(at + 8)], as: UTF8.self), content: at + header, end: at + size))
            at += size
        }
        return found
    }

    /// The `meta` box's children and the primary item's ID: where both readings start.
    private static func meta(_ b: [UInt8]) -> (children: [Box], primary: Int)? {
        guard let top = boxes(b, from: 0, to: b.count, upToCut: true), top.first?.type == "ftyp",
              let meta = top.first(where: { $0.type == "meta" }), meta.end - meta.content >= 4,
              let children = boxes(b, from: meta.content + 4, to: meta.end),
              let pitm = children.first(where: { $0.type == "pitm" }), let primary = itemID(b, pitm)
        else { return nil }
        return (children, primary)
    }

    static func heif(_ b: [UInt8], path: String, byteCount: Int) -> PhotoHeader? {
        guard let (inMeta, primary) = meta(b) else { return nil }
        func child(_ type: String, _ list: [Box]) -> Box? { list.first { $0.type == type } }
        guard let hdlr = child("hdlr", inMeta), hdlr.end - hdlr.content >= 12,
              String(decoding: b[(hdlr.content + 8)..<(hdlr.content + 12)], as: UTF8.self) == "pict",
              let iprp = child("iprp", inMeta), let inIprp = boxes(b, from: iprp.content, to: iprp.end),
              let ipco = child("ipco", inIprp), let properties = boxes(b, from: ipco.content, to: ipco.end),
              let ipma = child("ipma", inIprp), let associated = associations(b, ipma)[primary],
              let iloc = child("iloc", inMeta), let locations = itemLocations(b, iloc),
              let iinf = child("iinf", inMeta), let types = itemTypes(b, iinf)
        else { return nil }
        // Every extent in the file: a file cut short is libvips' to name.
        for location in locations.values where location.method == 0 {
            for extent in location.extents where extent.offset > byteCount || extent.length > byteCount - extent.offset {
                return nil
            }
        }
        var size: (width: Int, height: Int)?
        var quarterTurns = 0
        for index in associated {
            guard index >= 1, index <= properties.count else { return nil }
            let property = properties[index - 1]
            switch property.type {
            case "ispe":
                guard property.end - property.content >= 12 else { return nil }
                size = (Int(beU32(b, property.content + 4)), Int(beU32(b, property.content + 8)))
            case "irot":
                guard property.end > property.content else { return nil }
                quarterTurns = Int(b[property.content] & 3)
            case "clap": return nil  // a crop libheif applies: libvips' reading
            default: break
            }
        }
        // The primary image's own `colr`, as libheif reads its handle's colour profile.
        let hasProfile = associated.map { properties[$0 - 1] }.contains { property in
            guard property.type == "colr", property.end - property.content >= 4 else { return false }
            let kind = String(decoding: b[property.content..<(property.content + 4)], as: UTF8.self)
            return kind == "prof" || kind == "rICC"
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        var date: String?, offset: String?
        let exifItems = types.filter { $0.value == "Exif" }.map(\.key)
        guard exifItems.count <= 1 else { return nil }  // which describes the photo: libvips' reading
        if let exifItem = exifItems.first {
            guard let location = locations[exifItem], let tags = exifTags(path: path, location: location, byteCount: byteCount)
            else { return nil }
            date = tags.dateTimeOriginal
            offset = tags.offsetTimeOriginal
        }
        let (width, height) = quarterTurns % 2 == 1 ? (size.height, size.width) : size
        guard (try? PhotoHeader.checkDimensions(width: width, height: height)) != nil else { return nil }
        return PhotoHeader(width: width, height: height, orientation: 1, format: .heif, hasColourProfile: hasProfile,
                           dateTaken: ExifDate.parse(date, offset: offset))
    }

    /// Whether the HEIF at `path` stores a thumbnail of its primary image (an item with a
    /// `thmb` reference to it, ISO/IEC 23008-12 §6.4.3), as phones do; false when it has none or
    /// its boxes are not ones this reader takes. libvips asked for the thumbnail of a file
    /// without one decodes the whole image instead, so it is asked only when this says so.
    static func heifHasThumbnail(path: String) -> Bool {
        leadingBytes(of: path, count: firstRead).map(heifHasThumbnail) ?? false
    }

    static func heifHasThumbnail(_ b: [UInt8]) -> Bool {
        guard let (inMeta, primary) = meta(b),
              let iref = inMeta.first(where: { $0.type == "iref" }), iref.end - iref.content >= 4,
              let references = boxes(b, from: iref.content + 4, to: iref.end)
        else { return false }
        let idSize = b[iref.content] == 0 ? 2 : 4
        func id(_ at: Int) -> Int { idSize == 2 ? Int(beU16(b, at)) : Int(beU32(b, at)) }
        for reference in references where reference.type == "thmb" {
            let count = reference.content + idSize + 2 <= reference.end ? Int(beU16(b, reference.content + idSize)) : 0
            let first = reference.content + idSize + 2
            guard first + count * idSize <= reference.end else { return false }
            if (0..<count).contains(where: { id(first + $0 * idSize) == primary }) { return true }
        }
        return false
    }

    /// `pitm`: the primary item's ID (16 bits in version 0, else 32).
    private static func itemID(_ b: [UInt8], _ pitm: Box) -> Int? {
        guard pitm.end - pitm.content >= 6 else { return nil }
        if b[pitm.content] == 0 { return Int(beU16(b, pitm.content + 4)) }
        guard pitm.end - pitm.content >= 8 else { return nil }
        return Int(beU32(b, pitm.content + 4))
    }

    /// `ipma`: each item's property indices (1-based into `ipco`).
    private static func associations(_ b: [UInt8], _ ipma: Box) -> [Int: [Int]] {
        guard ipma.end - ipma.content >= 8 else { return [:] }
        let version = b[ipma.content], wide = b[ipma.content + 3] & 1 == 1
        let count = Int(beU32(b, ipma.content + 4))
        var at = ipma.content + 8
        var result: [Int: [Int]] = [:]
        for _ in 0..<min(count, maxItems) {
            let idSize = version < 1 ? 2 : 4
            guard at + idSize + 1 <= ipma.end else { return [:] }
            let id = idSize == 2 ? Int(beU16(b, at)) : Int(beU32(b, at))
            let n = Int(b[at + idSize])
            at += idSize + 1
            guard at + n * (wide ? 2 : 1) <= ipma.end else { return [:] }
            result[id] = (0..<n).map { k in wide ? Int(beU16(b, at + 2 * k)) & 0x7FFF : Int(b[at + k]) & 0x7F }
            at += n * (wide ? 2 : 1)
        }
        return result
    }

    /// Where an item's data is: how it is built (0: extents of the file) and its extents.
    struct ItemLocation {
        var method: Int
        var extents: [(offset: Int, length: Int)]
    }

    /// Most items a header may list: a phone's grid of tiles has a few hundred.
    static let maxItems = 100_000

    /// `iloc`, versions 0 to 2.
    private static func itemLocations(_ b: [UInt8], _ iloc: Box) -> [Int: ItemLocation]? {
        guard iloc.end - iloc.content >= 8 else { return nil }
        let version = Int(b[iloc.content])
        guard version <= 2 else { return nil }
        let offsetSize = Int(b[iloc.content + 4] >> 4), lengthSize = Int(b[iloc.content + 4] & 15)
        let baseSize = Int(b[iloc.content + 5] >> 4), indexSize = version >= 1 ? Int(b[iloc.content + 5] & 15) : 0
        guard [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(lengthSize), [0, 4, 8].contains(baseSize), [0, 4, 8].contains(indexSize)
        else { return nil }
        var at = iloc.content + 6
        func number(_ size: Int) -> Int? {
            guard at + size <= iloc.end else { return nil }
            let value: UInt64 = switch size {
            case 0: 0
            case 2: UInt64(beU16(b, at))
            case 4: UInt64(beU32(b, at))
            default: beU64(b, at)
            }
            at += size
            return value <= UInt64(Int.max / 2) ? Int(value) : nil
        }
        guard let count = number(version < 2 ? 2 : 4) else { return nil }
        var result: [Int: ItemLocation] = [:]
        for _ in 0..<min(count, maxItems) {
            guard let id = number(version < 2 ? 2 : 4) else { return nil }
            var method = 0
            if version >= 1 {
                guard let field = number(2) else { return nil }
                method = field & 15
            }
            guard number(2) != nil, let base = number(baseSize), let extentCount = number(2) else { return nil }
            var extents: [(offset: Int, length: Int)] = []
            for _ in 0..<extentCount {
                guard number(indexSize) != nil, let offset = number(offsetSize), let length = number(lengthSize) else { return nil }
                extents.append((base + offset, length))
            }
            result[id] = ItemLocation(method: method, extents: extents)
        }
        return result
    }

    /// `iinf`: each item's type (`infe` versions 2 and 3; earlier ones carry none).
    private static func itemTypes(_ b: [UInt8], _ iinf: Box) -> [Int: String]? {
        guard iinf.end - iinf.content >= 6 else { return nil }
        let start = iinf.content + (b[iinf.content] == 0 ? 6 : 8)
        guard let entries = boxes(b, from: start, to: iinf.end) else { return nil }
        var result: [Int: String] = [:]
        for infe in entries where infe.type == "infe" {
            guard infe.end - infe.content >= 8 else { return nil }
            let version = b[infe.content]
            guard version >= 2 else { continue }
            let idSize = version == 2 ? 2 : 4
            let typeAt = infe.content + 4 + idSize + 2
            guard typeAt + 4 <= infe.end else { return nil }
            let id = idSize == 2 ? Int(beU16(b, infe.content + 4)) : Int(beU32(b, infe.content + 4))
            result[id] = String(decoding: b[typeAt..<(typeAt + 4)], as: UTF8.self)
        }
        return result
    }

    /// The Exif item's tags: one extent of the file, a 32-bit offset to its TIFF header.
    private static func exifTags(path: String, location: ItemLocation, byteCount: Int) -> ExifTags? {
        guard location.method == 0, location.extents.count == 1, let extent = location.extents.first,
              extent.length >= 12, extent.length <= 1 << 20, extent.offset <= byteCount - extent.length,
              let block = bytes(of: path, at: extent.offset, count: extent.length), block.count == extent.length
        else { return nil }
        let skip = Int(beU32(block, 0))
        guard skip <= block.count - 12 else { return nil }
        return exifTags(Array(block[(4 + skip)...]))
    }

    private static func beU16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) << 8 | UInt16(b[at + 1]) }
    private static func beU32(_ b: [UInt8], _ at: Int) -> UInt32 { UInt32(beU16(b, at)) << 16 | UInt32(beU16(b, at + 2)) }
    private static func beU64(_ b: [UInt8], _ at: Int) -> UInt64 { UInt64(beU32(b, at)) << 32 | UInt64(beU32(b, at + 4)) }
}
