import CVips
import Foundation
import ParallaxKit
import Testing
@testable import PhotoPipeline

@Suite struct PhotoDecoderTests {
    let decoder = PhotoDecoder()
    static let red = (220, 20, 30), green = (20, 200, 40), blue = (30, 40, 210)

    /// An upright 80 × 120 picture: a red band across the top, a green band down the left,
    /// blue elsewhere; stored turned so that EXIF `orientation` turns it back, and tagged.
    func uprightPicture(storedFor orientation: Int, in scratch: Scratch) throws -> String {
        let upright = scratch.file("upright.v"), stored = scratch.file("stored.v")
        try TestImages.solid(upright, width: 80, height: 120, Self.blue)
        try TestImages.rect(upright, "20 200 40", 0, 0, 24, 120)
        try TestImages.rect(upright, "220 20 30", 0, 0, 80, 24)
        // Orientation 3 shows the stored image turned 180°, 6 turned 90° clockwise, 8 turned
        // 270° clockwise (EXIF 2.32 table 7); store the inverse turn.
        let inverse = [1: "d0", 3: "d180", 6: "d270", 8: "d90"][orientation]!
        try TestImages.vips("rot", upright, stored, inverse)
        let path = scratch.file("tagged-\(orientation).jpg")
        try TestImages.tagged(stored, path, ints: ["orientation": orientation])
        return path
    }

    @Test(arguments: [1, 3, 6, 8])
    func taggedPhotoDecodesUpright(orientation: Int) throws {
        let scratch = try Scratch()
        let path = try uprightPicture(storedFor: orientation, in: scratch)
        let header = try PhotoHeader.read(path: path)
        #expect(header.orientation == orientation)
        let photo = try decoder.decode(path: path, size: PixelSize(width: 80, height: 120))
        #expect(photo.size == PixelSize(width: 80, height: 120))
        #expect(close(photo.image.pixel(x: 50, y: 8), Self.red), "top band")
        #expect(close(photo.image.pixel(x: 8, y: 70), Self.green), "left band")
        #expect(close(photo.image.pixel(x: 70, y: 70), Self.blue), "right")
        #expect(close(photo.image.pixel(x: 50, y: 112), Self.blue), "bottom")
    }

    @Test(arguments: 1...8)
    func displayedSizeSwapsForQuarterTurns(orientation: Int) throws {
        let scratch = try Scratch()
        try TestImages.solid(scratch.file("plain.v"), width: 60, height: 40, (90, 90, 90))
        let path = scratch.file("o\(orientation).jpg")
        try TestImages.tagged(scratch.file("plain.v"), path, ints: ["orientation": orientation])
        let header = try PhotoHeader.read(path: path)
        #expect(header.orientation == orientation)
        #expect((header.width, header.height) == (60, 40))
        let swapped = orientation >= 5
        #expect(header.displayedWidth == (swapped ? 40 : 60))
        #expect(header.displayedHeight == (swapped ? 60 : 40))
        let photo = try decoder.decode(path: path, size: PixelSize(width: 60, height: 60), fit: .fit)
        #expect(photo.size == PixelSize(width: header.displayedWidth, height: header.displayedHeight))
    }

    @Test func coverFillsTheTargetWithoutCropping() throws {
        let scratch = try Scratch()
        let path = scratch.file("wide.jpg")
        try TestImages.solid(path, width: 1200, height: 600, (100, 150, 200))
        let cover = try decoder.decode(path: path, size: PixelSize(width: 300, height: 300))
        #expect(cover.size == PixelSize(width: 600, height: 300))
        let cropped = try decoder.decode(path: path, size: PixelSize(width: 300, height: 300),
                                         fit: .coverCropped)
        #expect(cropped.size == PixelSize(width: 300, height: 300))
        let fit = try decoder.decode(path: path, size: PixelSize(width: 300, height: 300), fit: .fit)
        #expect(fit.size == PixelSize(width: 300, height: 150))
        #expect(close(cover.averageColour, (100, 150, 200), tolerance: 3))
        #expect(cover.averageColour.a == 255)
    }

    @Test(arguments: [("jpg", PhotoFormat.jpeg), ("png", .png), ("gif", .gif), ("webp", .webp),
                      ("tif", .tiff), ("heic", .heif), ("avif", .heif)])
    func formatIsToldByContentNotName(suffix: String, format: PhotoFormat) throws {
        let scratch = try Scratch()
        let real = scratch.file("photo.\(suffix)"), misnamed = scratch.file("photo-\(suffix).jpeg")
        try TestImages.solid(real, width: 64, height: 48, (40, 160, 90))
        try FileManager.default.copyItem(atPath: real, toPath: misnamed)
        for path in [real, misnamed] {
            let photo = try decoder.decode(path: path, size: PixelSize(width: 32, height: 24))
            #expect(photo.source.format == format)
            #expect(photo.size == PixelSize(width: 32, height: 24))
            #expect(close(photo.averageColour, (40, 160, 90), tolerance: 8))
        }
    }

    @Test func smallPhotoIsNotScaledUp() throws {
        let scratch = try Scratch()
        let path = scratch.file("small.png")
        try TestImages.solid(path, width: 50, height: 40, (10, 20, 30))
        let photo = try decoder.decode(path: path, size: PixelSize(width: 500, height: 400))
        #expect(photo.size == PixelSize(width: 50, height: 40))
        #expect(photo.byteCount == 50 * 40 * 4)
    }

    @Test func previewIsTinyAndKeepsTheAverageColour() throws {
        let scratch = try Scratch()
        let path = scratch.file("half.v"), jpeg = scratch.file("half.jpg")
        try TestImages.solid(path, width: 2400, height: 1600, (200, 0, 0))
        try TestImages.rect(path, "0 0 200", 1200, 0, 1200, 1600)
        try TestImages.vips("copy", path, jpeg)
        let preview = try decoder.preview(path: jpeg)
        #expect(max(preview.size.width, preview.size.height) <= PhotoDecoder.previewSide)
        #expect(close(preview.averageColour, (100, 0, 100), tolerance: 12))
    }

    @Test func cmykJPEGComesOutInSRGB() throws {
        let scratch = try Scratch()
        let rgb = scratch.file("red.v"), tagged = scratch.file("cmyk.jpg")
        let untagged = scratch.file("cmyk-untagged.jpg")
        try TestImages.solid(rgb, width: 64, height: 64, (200, 30, 40))
        try TestImages.vips("icc_transform", rgb, tagged, "cmyk", "--input-profile", "srgb")
        try TestImages.vips("copy", tagged, untagged + "[strip]")
        for path in [tagged, untagged] {
            let photo = try decoder.decode(path: path, size: PixelSize(width: 32, height: 32))
            #expect(photo.size == PixelSize(width: 32, height: 32))
            #expect(close(photo.image.pixel(x: 16, y: 16), (200, 30, 40), tolerance: 20), "\(path)")
        }
    }

    @Test func displayP3PhotoIsConvertedToSRGB() throws {
        let scratch = try Scratch()
        let rgb = scratch.file("red.v"), p3 = scratch.file("p3.jpg")
        try TestImages.solid(rgb, width: 64, height: 64, (200, 30, 40))
        // The same colour stored as Display P3 numbers with the P3 profile embedded: its
        // numbers differ from sRGB's (about 185, 50, 47), so a decode that ignores the
        // profile fails this test.
        try TestImages.vips("icc_transform", rgb, p3, "p3", "--input-profile", "srgb")
        let header = try PhotoHeader.read(path: p3)
        #expect(header.hasColourProfile)
        let photo = try decoder.decode(path: p3, size: PixelSize(width: 32, height: 32))
        #expect(close(photo.image.pixel(x: 16, y: 16), (200, 30, 40), tolerance: 6))
    }

    @Test func palettePNGKeepsItsTransparency() throws {
        let scratch = try Scratch()
        let black = scratch.file("black.v"), rgba = scratch.file("rgba.v")
        let png = scratch.file("palette.png")
        // Left half opaque orange-red, right half transparent. Marked sRGB first: libvips'
        // quantiser maps a "multiband" image to the wrong colours.
        try TestImages.vips("black", black, "64", "32", "--bands", "4")
        try TestImages.vips("copy", black, rgba, "--interpretation", "srgb")
        try TestImages.rect(rgba, "230 40 20 255", 0, 0, 32, 32)
        try TestImages.vips("copy", rgba, png + "[palette]")
        #expect(Vips.start())
        let saved = try #require(cvips_open_header(png).map(VipsImageRef.init))
        #expect(saved.has("palette-bit-depth"), "the test image must really be a palette PNG")
        let photo = try decoder.decode(path: png, size: PixelSize(width: 64, height: 32))
        #expect(photo.image.pixel(x: 8, y: 16)?.a == 255)
        #expect(close(photo.image.pixel(x: 8, y: 16), (230, 40, 20), tolerance: 10))
        #expect(photo.image.pixel(x: 56, y: 16)?.a == 0)
        // Transparent pixels do not darken the average.
        #expect(close(photo.averageColour, (230, 40, 20), tolerance: 10))
    }

    /// 100 megapixels (10,000 × 10,000) decoded to 200 × 200: shrink-on-load keeps it small.
    @Test func hundredMegapixelPhotoDecodesSmall() throws {
        let scratch = try Scratch()
        let path = scratch.file("huge.jpg")
        try TestImages.vips("black", path, "10000", "10000", "--bands", "3")
        let header = try PhotoHeader.read(path: path)
        #expect(header.width * header.height == 100_000_000)
        let photo = try decoder.decode(path: path, size: PixelSize(width: 200, height: 200))
        #expect(photo.size == PixelSize(width: 200, height: 200))
    }

    @Test func sizesPastTheLimitsAreRefused() throws {
        let scratch = try Scratch()
        let path = scratch.file("strip.png")
        try TestImages.vips("black", path, "\(PhotoHeader.maxSide + 1)", "2")
        #expect(throws: PhotoProblem.tooLarge(width: PhotoHeader.maxSide + 1, height: 2)) {
            try decoder.decode(path: path, size: PixelSize(width: 100, height: 100))
        }
        #expect(throws: PhotoProblem.tooLarge(width: 30_000, height: 20_000)) {
            try PhotoHeader.checkDimensions(width: 30_000, height: 20_000)
        }
        #expect(throws: PhotoProblem.self) { try PhotoHeader.checkDimensions(width: 0, height: 5) }
    }

    @Test func panoramaCoveringASquareIsCroppedToABoundedSize() {
        let box = PhotoDecoder.thumbnailBox(
            displayed: PixelSize(width: 100_000, height: 500), target: PixelSize(width: 400, height: 400),
            fit: .cover, allowUpscale: false)
        #expect(box.crop && box.width == 400 && box.height == 400)
        let ordinary = PhotoDecoder.thumbnailBox(
            displayed: PixelSize(width: 6000, height: 4000), target: PixelSize(width: 400, height: 400),
            fit: .cover, allowUpscale: false)
        #expect(!ordinary.crop && ordinary.height == 400 && ordinary.width > 400)
    }
}
