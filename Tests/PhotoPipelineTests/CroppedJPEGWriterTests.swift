import CVips
import Foundation
import ParallaxKit
import Testing
@testable import PhotoPipeline

/// The export's images: exactly the box, covered then cut from the centre, upright, in sRGB,
/// without metadata; problems named.
@Suite struct CroppedJPEGWriterTests {
    let writer = CroppedJPEGWriter(quality: 85)
    static let red = (220, 20, 30), green = (20, 200, 40), blue = (30, 40, 210)

    /// A 200 × 100 picture: blue, with a red band over its left quarter and a green one over
    /// its right quarter.
    func banded(in scratch: Scratch) throws -> String {
        let path = scratch.file("banded.v")
        try TestImages.solid(path, width: 200, height: 100, Self.blue)
        try TestImages.rect(path, "220 20 30", 0, 0, 50, 100)
        try TestImages.rect(path, "20 200 40", 150, 0, 50, 100)
        let png = scratch.file("banded.png")
        try TestImages.vips("copy", path, png)
        return png
    }

    /// The written file, decoded at its own size.
    func written(_ path: String) throws -> DecodedPhoto {
        let header = try PhotoHeader.read(path: path)
        return try PhotoDecoder().decode(path: path, size: PixelSize(width: header.width, height: header.height))
    }

    /// The banded picture written at `width`×`height` pixels, decoded again: exactly that size.
    func bandedWritten(width: Int, height: Int) throws -> DecodedPhoto {
        let scratch = try Scratch()
        let out = scratch.file("out.jpg")
        try writer.write(source: try banded(in: scratch), to: out, width: width, height: height)
        let photo = try written(out)
        #expect(photo.size == PixelSize(width: width, height: height))
        return photo
    }

    @Test func aSquareBoxKeepsTheCentreAndCutsBothSides() throws {
        let photo = try bandedWritten(width: 50, height: 50)
        // Covered at half size (100 × 50), the middle 50 columns are all blue.
        #expect(close(photo.image.pixel(x: 3, y: 25), Self.blue))
        #expect(close(photo.image.pixel(x: 46, y: 25), Self.blue))
    }

    @Test func aWideBoxKeepsBothSidesAndCutsTopAndBottom() throws {
        let photo = try bandedWritten(width: 100, height: 25)
        #expect(close(photo.image.pixel(x: 8, y: 12), Self.red))
        #expect(close(photo.image.pixel(x: 50, y: 12), Self.blue))
        #expect(close(photo.image.pixel(x: 92, y: 12), Self.green))
    }

    /// A page's 2× image of a small photo is scaled up to its box, as `vipsthumbnail --size` does.
    @Test func aSmallPhotoIsScaledUpToTheBox() throws {
        let scratch = try Scratch()
        let source = scratch.file("small.png"), out = scratch.file("big.jpg")
        try TestImages.solid(source, width: 40, height: 30, Self.green)
        try writer.write(source: source, to: out, width: 160, height: 120)
        let photo = try written(out)
        #expect(photo.size == PixelSize(width: 160, height: 120))
        #expect(close(photo.image.pixel(x: 80, y: 60), Self.green))
    }

    @Test(arguments: [3, 6, 8])
    func aTaggedPhotoIsWrittenUprightWithoutItsMetadata(orientation: Int) throws {
        let scratch = try Scratch()
        let source = try PhotoDecoderTests().uprightPicture(storedFor: orientation, in: scratch)
        let out = scratch.file("upright.jpg")
        try writer.write(source: source, to: out, width: 80, height: 120)
        let header = try PhotoHeader.read(path: out)
        #expect(header.orientation == 1 && header.width == 80 && header.height == 120)
        let photo = try written(out)
        #expect(close(photo.image.pixel(x: 50, y: 8), PhotoDecoderTests.red), "top band")
        #expect(close(photo.image.pixel(x: 8, y: 70), PhotoDecoderTests.green), "left band")
        #expect(close(photo.image.pixel(x: 70, y: 70), PhotoDecoderTests.blue), "right")
        #expect(Vips.start())
        let opened = try #require(cvips_open_header(out).map(VipsImageRef.init))
        #expect(!opened.has("exif-data"), "stripped")
    }

    /// A Display P3 photo's numbers become sRGB's before its profile is dropped: a browser
    /// shows the stripped file as sRGB, so P3 numbers would show duller (about 185, 50, 47).
    @Test func aDisplayP3PhotoIsWrittenInSRGBWithoutAProfile() throws {
        let scratch = try Scratch()
        let rgb = scratch.file("red.v"), p3 = scratch.file("p3.jpg"), out = scratch.file("out.jpg")
        try TestImages.solid(rgb, width: 64, height: 64, (200, 30, 40))
        try TestImages.vips("icc_transform", rgb, p3, "p3", "--input-profile", "srgb")
        #expect(try PhotoHeader.read(path: p3).hasColourProfile)
        try writer.write(source: p3, to: out, width: 32, height: 32)
        #expect(try !PhotoHeader.read(path: out).hasColourProfile)
        #expect(close(try written(out).image.pixel(x: 16, y: 16), (200, 30, 40), tolerance: 6))
    }

    @Test func problemsAreNamed() throws {
        let scratch = try Scratch()
        let text = scratch.file("notes.jpg")
        try Data("not a JPEG".utf8).write(to: URL(fileURLWithPath: text))
        let whole = scratch.file("whole.jpg"), cut = scratch.file("cut.jpg")
        try TestImages.noiseJPEG(whole, width: 300, height: 200)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        try data.prefix(data.count * 2 / 3).write(to: URL(fileURLWithPath: cut))
        func failure(_ source: String, _ destination: String) -> String? {
            do {
                try writer.write(source: source, to: destination, width: 30, height: 20)
                return nil
            } catch {
                if case .photo(let problem) = error { return "photo: \(problem.reason)" }
                return "not written: \(error)"
            }
        }
        #expect(failure(text, scratch.file("a.jpg")) == "photo: not an image")
        #expect(failure(cut, scratch.file("b.jpg")) == "photo: truncated")
        #expect(failure(scratch.file("gone.jpg"), scratch.file("c.jpg")) == "photo: no such file")
        #expect(failure(whole, scratch.file("no-such-folder/d.jpg"))?.hasPrefix("not written: ") == true)
        #expect(!FileManager.default.fileExists(atPath: scratch.file("a.jpg")))
    }
}
