import Foundation
import SpawnIsolation
import Testing
@testable import Benchmarks

/// `Tools/make-photos.py --no-thumbnails`, the photo-library section's folder without EXIF
/// thumbnails, and the section's reading of which photos embed one.
@Suite struct MakePhotosThumbnailTests {
    private static let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools/make-photos.py")

    /// Three small photos (orientations 1, 6 and 3; all three embed a thumbnail by default)
    /// into `folder`, with `extra` arguments.
    private func makePhotos(_ folder: String, _ extra: [String]) throws {
        let process = Isolated.process(URL(fileURLWithPath: "/usr/bin/python3"),
                                       [Self.generator.path, folder, "--count", "3", "--small", "--seed", "5", "--jobs", "1"] + extra)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "make-photos.py \(extra)")
    }

    /// What exiftool (Debian's libimage-exiftool-perl), which reads EXIF independently of
    /// this project, says of `path`'s IFD1 thumbnail: its length in bytes, or nil for none.
    private func exiftoolThumbnailLength(_ path: String) throws -> Int? {
        let process = Isolated.process(URL(fileURLWithPath: "/usr/bin/exiftool"), ["-s3", "-n", "-IFD1:ThumbnailLength", path])
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "exiftool on \(path)")
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The file's bytes without its EXIF (APP1) segment: the rest of the JPEG.
    private func withoutExif(_ path: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF, bytes[at + 1] != 0xDA {
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if bytes[at + 1] == 0xE1 { return Array(bytes[..<at] + bytes[(at + 2 + length)...]) }
            at += 2 + length
        }
        Issue.record("no APP1 segment in \(path)")
        return bytes
    }

    @Test func noThumbnailsLeavesOutEveryThumbnailAndNothingElse() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pp-make-photos-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let with = root + "/with", without = root + "/without"
        try makePhotos(with, [])
        try makePhotos(without, ["--no-thumbnails"])
        for name in ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg"] {
            let length = try exiftoolThumbnailLength(with + "/" + name)
            #expect((length ?? 0) > 0, "\(name) embeds a thumbnail by default")
            #expect(EmbeddedThumbnails.hasThumbnail(path: with + "/" + name), "\(name): the bench finds it too")
            #expect(try exiftoolThumbnailLength(without + "/" + name) == nil, "\(name) with --no-thumbnails")
            #expect(!EmbeddedThumbnails.hasThumbnail(path: without + "/" + name))
            // The same picture, orientation, date and encoding: only the EXIF block differs.
            #expect(try withoutExif(with + "/" + name) == withoutExif(without + "/" + name), "\(name) apart from its EXIF")
        }
        // The bench takes the folder without thumbnails and refuses the other, saying why.
        try EmbeddedThumbnails.requireNone(inFolder: without, option: "--photos-without-thumbnails")
        let refusal = #expect(throws: BenchFailure.self) {
            try EmbeddedThumbnails.requireNone(inFolder: with, option: "--photos-without-thumbnails")
        }
        #expect(refusal?.message.contains("3 of 3 photos in \(with) embed an EXIF thumbnail (IMG_0001.jpg, for one)") == true,
                "\(String(describing: refusal))")
        #expect(try EmbeddedThumbnails.any(inFolder: with, option: "--photos"))
        #expect(try !EmbeddedThumbnails.any(inFolder: without, option: "--photos"))
    }

    @Test func aMalformedOrCutOffExifBlockIsNoThumbnail() {
        let soi: [UInt8] = [0xFF, 0xD8]
        let sos: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 63, 0]
        // "Exif\0\0" then a TIFF header whose IFD0 has no entries and no IFD1.
        let exif: [UInt8] = Array("Exif".utf8) + [0, 0] + [0x49, 0x49, 42, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        let app1 = [0xFF, 0xE1, 0, UInt8(exif.count + 2)] + exif
        #expect(!EmbeddedThumbnails.hasThumbnail(jpeg: soi + app1 + sos))
        #expect(!EmbeddedThumbnails.hasThumbnail(jpeg: soi + Array(app1.prefix(10))), "cut off inside the segment")
        #expect(!EmbeddedThumbnails.hasThumbnail(jpeg: Array("not a jpeg".utf8)))
        #expect(!EmbeddedThumbnails.hasThumbnail(jpeg: soi + sos + app1), "after the scan starts there are no headers")
    }

    @Test func aFolderWithNoPhotosIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let refusal = #expect(throws: BenchFailure.self) {
            try EmbeddedThumbnails.requireNone(inFolder: folder, option: "--photos-without-thumbnails")
        }
        // The folder scan's own words (the folder is empty), under the option's name.
        #expect(refusal.map { $0.message.hasPrefix("--photos-without-thumbnails: ") && $0.message.contains(folder) } == true,
                "\(String(describing: refusal))")
        #expect(throws: BenchFailure.self) { try EmbeddedThumbnails.requireNone(inFolder: folder + "/missing", option: "--x") }
    }
}
