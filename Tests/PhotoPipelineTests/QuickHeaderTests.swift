import Foundation
import SpawnIsolation
import Testing
@testable import PhotoPipeline

/// JPEG and PNG headers read in Swift agree with libvips' reading of the same files, and
/// anything unusual is left to libvips.
@Suite struct QuickHeaderTests {
    /// Every generated photo (the eight EXIF orientations, an Adobe RGB profile, CMYK,
    /// progressive and baseline, with and without dates and thumbnails) and the bundled PNGs.
    @Test func swiftsReadingIsLibvipsReading() throws {
        let scratch = try Scratch()
        let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tools/make-photos.py")
        let process = Isolated.process(URL(fileURLWithPath: "/usr/bin/python3"), [generator.path, scratch.path, "--count", "16", "--small", "--seed", "31"])
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        // The generator's photos turn 1, 3, 6 and 8; the mirrored four, written by libvips.
        let plain = scratch.file("plain.jpg")
        try TestImages.solid(plain, width: 90, height: 60, (120, 90, 60))
        for orientation in [2, 4, 5, 7] {
            try TestImages.tagged(plain, scratch.file("turned-\(orientation).jpg"), ints: ["orientation": orientation],
                                  strings: ["exif-ifd2-DateTimeOriginal": "2024:02:29 23:59:58"])
        }
        let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/photos").path
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path).map { scratch.path + "/" + $0 }
            + FileManager.default.contentsOfDirectory(atPath: bundled).map { bundled + "/" + $0 }
        var compared = 0, orientations = Set<Int>()
        for file in files.sorted() {
            let facts = try checkFile(file)
            guard let format = PhotoFormat.sniff(facts.leadingBytes), format == .jpeg || format == .png else { continue }
            let quick = try #require(QuickHeader.read(path: file, format: format), "\(file)")
            let vips = try PhotoHeader.readWithLibvips(path: file, facts: facts, sniffed: format)
            #expect(quick == vips, "\(file): Swift \(quick), libvips \(vips)")
            orientations.insert(quick.orientation)
            compared += 1
        }
        #expect(compared >= 20, "\(compared) files compared")
        #expect(orientations.count == 8, "every EXIF orientation was among them: \(orientations.sorted())")
    }

    @Test func anythingUnusualIsLeftToLibvips() {
        // A JPEG whose frame header gives its height later (DNL): 0 lines.
        let soi: [UInt8] = [0xFF, 0xD8]
        let sofZeroHeight: [UInt8] = [0xFF, 0xC0, 0, 11, 8, 0, 0, 0, 16, 1, 1, 0x11, 0]
        let sos: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0]
        #expect(QuickHeader.jpeg(soi + sofZeroHeight + sos) == nil)
        // Two frame headers.
        let sof: [UInt8] = [0xFF, 0xC0, 0, 11, 8, 0, 16, 0, 16, 1, 1, 0x11, 0]
        #expect(QuickHeader.jpeg(soi + sof + sof + sos) == nil)
        #expect(QuickHeader.jpeg(soi + sof + sos)?.width == 16, "the well-formed one is read")
        // A segment running past the bytes read, and no start of scan.
        #expect(QuickHeader.jpeg(soi + [0xFF, 0xE1, 0xFF, 0xFF, 0x45]) == nil)
        #expect(QuickHeader.jpeg(soi + sof) == nil)
        // EXIF whose orientation is no integer (a RATIONAL, type 5).
        let exif: [UInt8] = Array("Exif".utf8) + [0, 0] + [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 5, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]
        let app1: [UInt8] = [0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif
        #expect(QuickHeader.jpeg(soi + app1 + sof + sos) == nil)
        var short = exif
        short[18] = 3  // the type (the entry at TIFF offset 10, after "Exif\0\0"): SHORT
        let goodApp1: [UInt8] = [0xFF, 0xE1, 0, UInt8(short.count + 2)] + short
        #expect(QuickHeader.jpeg(soi + goodApp1 + sof + sos)?.orientation == 6)
    }

    /// Headers longer than the first read (big EXIF or ICC segments before the frame header)
    /// are read again, further.
    @Test func headersPastTheFirstReadAreReadAgainFurther() throws {
        let scratch = try Scratch()
        let soi: [UInt8] = [0xFF, 0xD8]
        // Three 60 KB APP15 segments: the frame header starts past the first 96 KB.
        let filler = [UInt8](repeating: 0x20, count: 60_000)
        let app15: [UInt8] = [0xFF, 0xEF, UInt8((filler.count + 2) >> 8), UInt8((filler.count + 2) & 0xFF)] + filler
        let sof: [UInt8] = [0xFF, 0xC0, 0, 11, 8, 0, 24, 0, 32, 1, 1, 0x11, 0]
        let sos: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0]
        let bytes = soi + app15 + app15 + app15 + sof + sos + [UInt8](repeating: 0, count: 1_000)
        #expect(bytes.count > QuickHeader.firstRead)
        let path = scratch.file("long-headers.jpg")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(QuickHeader.jpeg(Array(bytes.prefix(QuickHeader.firstRead))) == nil, "the first read alone is cut short")
        let header = try #require(QuickHeader.read(path: path, format: .jpeg))
        #expect(header.width == 32 && header.height == 24)
    }

    /// An image saved by Photoshop with megabytes of XMP in 64 KB APP1 segments before its
    /// frame header (one of Debian's wallpapers, backgrounds-rhythm.jpg, has 2 MB): the
    /// header is read in Swift by walking the segments, as libvips reads it, with the EXIF
    /// orientation and date that come before them.
    @Test func megabytesOfXMPBeforeTheFrameHeaderAreWalkedPast() throws {
        let scratch = try Scratch()
        let plain = scratch.file("plain.jpg"), tagged = scratch.file("tagged.jpg")
        try TestImages.solid(plain, width: 90, height: 60, (120, 90, 60))
        try TestImages.tagged(plain, tagged, ints: ["orientation": 6], strings: ["exif-ifd2-DateTimeOriginal": "2024:02:29 23:59:58"])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tagged)))
        // After SOI and the EXIF segment libvips wrote first: thirty-two 64 KB APP1 segments of XMP.
        let exifEnd = 2 + 2 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        #expect(bytes[2] == 0xFF && bytes[3] == 0xE1, "libvips writes EXIF first")
        let xmp = Array("http://ns.adobe.com/xmp/extension/\0".utf8) + [UInt8](repeating: 0x20, count: 65_533 - 35)
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((xmp.count + 2) >> 8), UInt8((xmp.count + 2) & 0xFF)] + xmp
        bytes.insert(contentsOf: Array([[UInt8]](repeating: app1, count: 32).joined()), at: exifEnd)
        let path = scratch.file("photoshop.jpg")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(bytes.count > 2_000_000)
        let quick = try #require(QuickHeader.read(path: path, format: .jpeg))
        let vips = try PhotoHeader.readWithLibvips(path: path, facts: try checkFile(path), sniffed: .jpeg)
        #expect(quick == vips, "Swift \(quick), libvips \(vips)")
        #expect(quick.width == 90 && quick.height == 60 && quick.orientation == 6 && quick.dateTaken != nil)
        // Cut inside the XMP, the file is libvips' to name.
        let cut = scratch.file("cut.jpg")
        try Data(bytes.prefix(1_000_000)).write(to: URL(fileURLWithPath: cut))
        #expect(QuickHeader.read(path: cut, format: .jpeg) == nil)
    }

    /// The orientation as SHORT, SSHORT, LONG or SLONG (gThumb writes SLONG): libvips reads
    /// each, and so does Swift, the same; a RATIONAL is left to libvips.
    @Test(arguments: [(3, 2), (8, 2), (4, 4), (9, 4), (5, 0)])
    func theOrientationIsReadInEachIntegerType(type: Int, bytes: Int) throws {
        let scratch = try Scratch()
        let plain = scratch.file("plain.jpg"), tagged = scratch.file("tagged.jpg")
        try TestImages.solid(plain, width: 90, height: 60, (120, 90, 60))
        try TestImages.tagged(plain, tagged, ints: ["orientation": 6])
        var file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tagged)))
        // The TIFF block after "Exif\0\0", its byte order, IFD0, and its Orientation entry.
        let mark = Array("Exif".utf8) + [0, 0]
        let tiff = try #require((0..<(file.count - mark.count)).first { Array(file[$0..<($0 + mark.count)]) == mark }) + mark.count
        let big = file[tiff] == 0x4D
        func u16(_ at: Int) -> Int { big ? Int(file[at]) << 8 | Int(file[at + 1]) : Int(file[at + 1]) << 8 | Int(file[at]) }
        func put(_ value: Int, _ count: Int, at: Int) {
            for k in 0..<count { file[at + k] = UInt8((value >> (8 * (big ? count - 1 - k : k))) & 0xFF) }
        }
        func u32(_ at: Int) -> Int { big ? u16(at) << 16 | u16(at + 2) : u16(at + 2) << 16 | u16(at) }
        let ifd0 = tiff + u32(tiff + 4)
        let entry = try #require((0..<u16(ifd0)).map { ifd0 + 2 + 12 * $0 }.first { u16($0) == 0x0112 })
        #expect(u16(entry + 2) == 3, "libvips writes a SHORT")
        put(type, 2, at: entry + 2)
        if bytes > 0 { put(0, 4, at: entry + 8); put(6, bytes, at: entry + 8) }
        let path = scratch.file("type-\(type).jpg")
        try Data(file).write(to: URL(fileURLWithPath: path))
        let vips = try PhotoHeader.readWithLibvips(path: path, facts: try checkFile(path), sniffed: .jpeg)
        if bytes > 0 {
            #expect(vips.orientation == 6, "libvips reads type \(type)")
            #expect(QuickHeader.read(path: path, format: .jpeg) == vips)
        } else {
            #expect(QuickHeader.read(path: path, format: .jpeg) == nil, "type \(type) is left to libvips")
        }
    }
}
