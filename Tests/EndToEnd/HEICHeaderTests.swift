import Foundation
import SpawnIsolation
import Testing
@testable import PhotoPipeline

/// A HEIC's header read in Swift (`QuickHeader+HEIF`) says what libvips' reading says, on files
/// made by `heif-enc`: plain, turned by `irot`, with an EXIF date written by exiftool; and a
/// file cut short is left to libvips.
@Suite(.onThreadsOfTheirOwn, .needsHeifEnc) struct HEICHeaderTests {
    private func bothReadings(_ path: String) throws -> (swift: PhotoHeader?, libvips: PhotoHeader) {
        let facts = try checkFile(path)
        let swift = QuickHeader.read(path: path, format: .heif, byteCount: facts.byteCount)
        let libvips = try PhotoHeader.readWithLibvips(path: path, facts: facts, sniffed: .heif)
        return (swift, libvips)
    }

    @Test func theSwiftReadingAgreesWithLibvips() throws {
        let folder = try HEICTests.Folder()
        let plain = try HEICTests.redLeftBlueRightHEIC(in: folder, named: "plain.heic")
        var files = [plain]
        for turns: UInt8 in [1, 2, 3] {
            let turned = folder.file("turned-\(turns).heic")
            try HEIFBoxes.rotated(try Data(contentsOf: URL(fileURLWithPath: plain)), quarterTurns: turns)
                .write(to: URL(fileURLWithPath: turned))
            files.append(turned)
        }
        // exiftool writes the EXIF block as an item of its own and rewrites the boxes around it.
        let dated = folder.file("dated.heic")
        try FileManager.default.copyItem(atPath: plain, toPath: dated)
        let exif = try Isolated.run(URL(fileURLWithPath: "/usr/bin/exiftool"),
                                    ["-q", "-overwrite_original", "-DateTimeOriginal=2021:06:05 14:03:02", "-OffsetTimeOriginal=+02:00", dated])
        try #require(exif.status == 0, "exiftool: \(exif.stderr)")
        files.append(dated)
        // From a JPEG with an ICC profile: heif-enc stores it in a `colr` box of type `prof`.
        let tagged = folder.file("tagged.jpg"), profiled = folder.file("profiled.heic")
        let black = folder.file("black.v")
        for (arguments, what) in [(["black", black, "64", "32", "--bands", "3"], "vips black"),
                                  (["copy", black, tagged + "[profile=srgb]"], "vips copy")] {
            let made = try Isolated.run(URL(fileURLWithPath: "/usr/bin/vips"), arguments)
            try #require(made.status == 0, "\(what): \(made.stderr)")
        }
        let encoded = try Isolated.run(try HEICTests.program("heif-enc"), ["-q", "50", tagged, "-o", profiled])
        try #require(encoded.status == 0, "heif-enc: \(encoded.stderr)")
        files.append(profiled)

        for file in files {
            let (swift, libvips) = try bothReadings(file)
            let quick = try #require(swift, "the Swift reader took \(file)")
            #expect(quick == libvips, "\(file): Swift \(quick), libvips \(libvips)")
        }
        let (_, datedByVips) = try bothReadings(dated)
        #expect(datedByVips.dateTaken == ISO8601DateFormatter().date(from: "2021-06-05T12:03:02Z"), "the date is there to agree on")
        let (_, profiledByVips) = try bothReadings(profiled)
        #expect(profiledByVips.hasColourProfile, "a profile is there to agree on")
        let (_, turnedByVips) = try bothReadings(folder.file("turned-1.heic"))
        #expect(turnedByVips.width == 300 && turnedByVips.height == 600, "a quarter turn is there to agree on")
    }

    /// A file whose data runs past its end (cut short) is not the Swift reader's: libvips reads
    /// it, and names what is wrong, as before.
    @Test func aFileCutShortIsLeftToLibvips() throws {
        let folder = try HEICTests.Folder()
        let plain = try HEICTests.redLeftBlueRightHEIC(in: folder, named: "plain.heic")
        let whole = try Data(contentsOf: URL(fileURLWithPath: plain))
        let cut = folder.file("cut.heic")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        let facts = try checkFile(cut)
        #expect(QuickHeader.read(path: cut, format: .heif, byteCount: facts.byteCount) == nil)
        #expect(QuickHeader.read(path: plain, format: .heif, byteCount: whole.count) != nil)
    }

    /// Header bytes from anywhere: a real HEIC's first kilobytes with bytes changed at random,
    /// cut anywhere, never trap the reader (it answers, or leaves the file to libvips).
    @Test func changedOrCutBytesNeverTrapTheReader() throws {
        let folder = try HEICTests.Folder()
        let plain = try HEICTests.redLeftBlueRightHEIC(in: folder, named: "plain.heic", encoderArguments: ["-t", "64"])
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)).prefix(4_096))
        var generator = SystemRandomNumberGenerator()
        var answered = 0
        for round in 0..<3_000 {
            var bytes = original
            for _ in 0..<(1 + round % 8) {
                let at = Int.random(in: 0..<min(bytes.count, 600), using: &generator)
                bytes[at] = UInt8.random(in: 0...255, using: &generator)
            }
            if round % 3 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator))) }
            if QuickHeader.heif(bytes, path: plain, byteCount: Int.random(in: 0...1_000_000, using: &generator)) != nil { answered += 1 }
            _ = QuickHeader.heifHasThumbnail(bytes)
        }
        #expect(answered < 3_000, "some changes are refused")
    }

    /// The thumbnail a phone stores beside the photo is its quick preview, upright and in
    /// its colours; a HEIC without one has none (libvips would have decoded the whole photo).
    @Test func aStoredThumbnailIsTheQuickPreview() throws {
        let folder = try HEICTests.Folder()
        let thumbed = try HEICTests.redLeftBlueRightHEIC(in: folder, named: "thumbed.heic", encoderArguments: ["-t", "160"])
        let plain = try HEICTests.redLeftBlueRightHEIC(in: folder, named: "plain.heic")
        #expect(QuickHeader.heifHasThumbnail(path: thumbed))
        #expect(!QuickHeader.heifHasThumbnail(path: plain))
        let preview = try #require(try PhotoDecoder().embeddedPreview(path: thumbed))
        #expect(preview.size.width == 160 && preview.size.height == 80, "\(preview.size)")
        let row = 40 * preview.size.width * 4
        let left = Array(preview.image.bytes[(row + 10 * 4)..<(row + 10 * 4 + 3)])
        let right = Array(preview.image.bytes[(row + 150 * 4)..<(row + 150 * 4 + 3)])
        #expect(left[0] > 180 && left[2] < 80, "red on the left: \(left)")
        #expect(right[2] > 180 && right[0] < 80, "blue on the right: \(right)")
        #expect(preview.source.width == 600, "the photo's header goes with it")
        #expect(try PhotoDecoder().embeddedPreview(path: plain) == nil)
    }
}
