import Foundation
import ParallaxKit
import Testing
@testable import PhotoPipeline

#if canImport(Glibc)
import Glibc
#endif

/// The freedesktop.org shared thumbnails: named by the MD5 of the URI, fresh only while URI
/// and MTime match, written whole and private, never used when turned off.
@Suite struct SharedThumbnailsTests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func md5MatchesRFC1321sTestSuite(message: String, digest: String) {
        #expect(MD5.hex(Array(message.utf8)) == digest)
    }

    @Test func urisAreEscapedAsGLibEscapesThem() {
        #expect(SharedThumbnails.uri(forPath: "/home/jens/photos/me.png") == "file:///home/jens/photos/me.png")
        #expect(SharedThumbnails.uri(forPath: "/tmp/a b#c%d?.jpg") == "file:///tmp/a%20b%23c%25d%3F.jpg")
        #expect(SharedThumbnails.uri(forPath: "/tmp/été/x=1&y@2,(3)+~.jpg") == "file:///tmp/%C3%A9t%C3%A9/x=1&y@2,(3)+~.jpg")
        #expect(SharedThumbnails.uri(forPath: "relative.jpg") == nil)
        // The standard's own example: this URI's thumbnail is c6ee772d9e49320e97ec29a7eb5b1697.png.
        let shared = SharedThumbnails(root: "/cache/thumbnails")
        #expect(shared.file(forURI: "file:///home/jens/photos/me.png", flavour: .normal)
                == "/cache/thumbnails/normal/c6ee772d9e49320e97ec29a7eb5b1697.png")
    }

    @Test func pngTextIsReadBackAndABrokenChunkRefusesTheFile() throws {
        let scratch = try Scratch()
        let plain = scratch.file("plain.png")
        try TestImages.solid(plain, width: 30, height: 20, (10, 200, 30))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
        let tagged = try #require(PNGChunks.inserting(text: [("Thumb::URI", "file:///x.jpg"), ("Thumb::MTime", "12")], into: bytes))
        let info = try #require(PNGChunks.read(tagged))
        #expect(info.width == 30 && info.height == 20)
        #expect(info.text == ["Thumb::URI": "file:///x.jpg", "Thumb::MTime": "12"])
        var broken = tagged
        broken[45] ^= 0xFF  // inside the first text chunk: its CRC no longer matches
        #expect(PNGChunks.read(broken) == nil)
        #expect(PNGChunks.read(Array(tagged.prefix(60))) == nil, "a file cut short")
        #expect(PNGChunks.read(Array("not a png at all, not a png at all, not a png".utf8)) == nil)
    }

    @Test func aDecodeWritesALargeThumbnailThatLaterDecodesUseUntilThePhotoChanges() throws {
        let scratch = try Scratch()
        let shared = SharedThumbnails(root: scratch.file("thumbnails"))
        let photo = scratch.file("photo.jpg")
        try TestImages.solid(photo, width: 1200, height: 800, (200, 40, 40))
        setModified(photo, 1_700_000_000)
        _ = try PhotoDecoder().decode(path: photo, size: PixelSize(width: 600, height: 400), shared: shared)

        // Written: large/<md5 of the URI>.png, private, with the standard's keys, 256 × 171.
        let uri = try #require(SharedThumbnails.uri(forPath: photo))
        let file = shared.file(forURI: uri, flavour: .large)
        let info = try #require(PNGChunks.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))))
        #expect(info.width == 256 && info.height == 171)
        #expect(info.text["Thumb::URI"] == uri && info.text["Thumb::MTime"] == "1700000000")
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(scratch.file("thumbnails/large"), &status) == 0 && status.st_mode & 0o777 == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.file("thumbnails/large"))
        #expect(names == [(file as NSString).lastPathComponent], "written whole: no temporary file left")

        // Read: a 200 × 120 cell is covered by it; the file is blue now, but the thumbnail,
        // still fresh by URI and MTime, is what the decode gives.
        let sameLength = scratch.file("blue.jpg")
        try TestImages.solid(sameLength, width: 1200, height: 800, (40, 40, 200))
        try Data(contentsOf: URL(fileURLWithPath: sameLength)).write(to: URL(fileURLWithPath: photo))
        setModified(photo, 1_700_000_000)
        let covered = try PhotoDecoder().decode(path: photo, size: PixelSize(width: 200, height: 120), shared: shared)
        #expect(covered.size == PixelSize(width: 256, height: 171))
        #expect(covered.averageColour.r > 150 && covered.averageColour.b < 90, "from the thumbnail: \(covered)")
        // A cell it does not cover is decoded from the file.
        let big = try PhotoDecoder().decode(path: photo, size: PixelSize(width: 600, height: 400), shared: shared)
        #expect(big.averageColour.b > 150, "from the file: \(big)")

        // Stale: a new modification time, and the thumbnail is neither used nor kept.
        setModified(photo, 1_700_000_500)
        let fresh = try PhotoDecoder().decode(path: photo, size: PixelSize(width: 200, height: 120), shared: shared)
        #expect(fresh.averageColour.b > 150, "a stale thumbnail is not used: \(fresh)")
        _ = try PhotoDecoder().decode(path: photo, size: PixelSize(width: 600, height: 400), shared: shared)
        let rewritten = try #require(PNGChunks.read([UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))))
        #expect(rewritten.text["Thumb::MTime"] == "1700000500", "the next decode writes it anew")
    }

    @Test func aPhotoWithoutAnEmbeddedThumbnailGetsTheSharedOneAsItsPreview() throws {
        let scratch = try Scratch()
        let shared = SharedThumbnails(root: scratch.file("thumbnails"))
        let photo = scratch.file("photo.jpg")
        try TestImages.solid(photo, width: 900, height: 600, (30, 160, 60))
        #expect(try PhotoDecoder().quickPreview(path: photo, shared: shared) == nil, "nothing yet")
        _ = try PhotoDecoder().decode(path: photo, size: PixelSize(width: 450, height: 300), shared: shared)
        let preview = try #require(try PhotoDecoder().quickPreview(path: photo, shared: shared))
        #expect(preview.size == PixelSize(width: 256, height: 171))
        #expect(try PhotoDecoder().quickPreview(path: photo, shared: nil) == nil, "turned off: not read")
    }

    @Test func turnedOffNothingIsWrittenAndOddFilesAreNotRead() throws {
        let scratch = try Scratch()
        let root = scratch.file("thumbnails")
        let photo = scratch.file("photo.jpg")
        try TestImages.solid(photo, width: 1200, height: 800, (200, 200, 40))
        _ = try PhotoDecoder().decode(path: photo, size: PixelSize(width: 600, height: 400), shared: nil)
        #expect(!FileManager.default.fileExists(atPath: root), "no shared thumbnails: nothing written")

        // A FIFO where the thumbnail would be is skipped without being opened (it would block).
        let shared = SharedThumbnails(root: root)
        #expect(SharedThumbnails.makePrivateFolders(root, root + "/normal", root + "/large"))
        let uri = try #require(SharedThumbnails.uri(forPath: photo))
        #expect(mkfifo(shared.file(forURI: uri, flavour: .normal), 0o600) == 0)
        let preview = try PhotoDecoder().quickPreview(path: photo, shared: shared)
        #expect(preview == nil)
        // A thumbnail for another URI under this name (a collision, a copied cache) is not used.
        let other = scratch.file("other.png")
        try TestImages.solid(other, width: 256, height: 171, (0, 0, 255))
        let tagged = try #require(PNGChunks.inserting(text: [("Thumb::URI", "file:///elsewhere.jpg"), ("Thumb::MTime", "1")],
                                                      into: [UInt8](try Data(contentsOf: URL(fileURLWithPath: other)))))
        try Data(tagged).write(to: URL(fileURLWithPath: shared.file(forURI: uri, flavour: .large)))
        #expect(try PhotoDecoder().quickPreview(path: photo, shared: shared) == nil)
    }
}
