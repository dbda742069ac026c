import Foundation
import ParallaxKit
import Testing
@testable import PhotoPipeline

/// The camera's EXIF thumbnail as a first, cheap picture of a photo.
@Suite struct EmbeddedPreviewTests {
    @Test func theEmbeddedThumbnailIsTakenAndTurnedUprightByThePhotosTag() throws {
        let scratch = try Scratch()
        // The photo is red; its thumbnail, stored the same way round, is green above yellow,
        // so the preview can only have come from the thumbnail.
        let plain = scratch.file("plain.jpg"), photo = scratch.file("photo.jpg")
        try TestImages.solid(plain, width: 600, height: 300, (220, 30, 30))
        try TestImages.tagged(plain, photo, ints: ["orientation": 6])
        let thumb = scratch.file("thumb.v"), thumbJPEG = scratch.file("thumb.jpg")
        try TestImages.solid(thumb, width: 160, height: 80, (30, 200, 40))
        try TestImages.rect(thumb, "240 220 20", 0, 40, 160, 40)
        try TestImages.vips("copy", thumb, thumbJPEG)
        try TestImages.exiftool(["-overwrite_original", "-ThumbnailImage<=\(thumbJPEG)", photo])

        let preview = try #require(try PhotoDecoder().embeddedPreview(path: photo))
        // Orientation 6 turns the stored 160 × 80 a quarter clockwise: the stored top (green)
        // ends on the right.
        #expect(preview.size == PixelSize(width: 80, height: 160), "\(preview)")
        let right = try #require(preview.image.pixel(x: 70, y: 80)), left = try #require(preview.image.pixel(x: 10, y: 80))
        #expect(right.g > 150 && right.r < 90, "right: \(right)")
        #expect(left.r > 180 && left.g > 160 && left.b < 90, "left: \(left)")
        #expect(preview.source.displayedWidth == 300 && preview.source.displayedHeight == 600)
    }

    @Test func aPhotoWithoutAThumbnailHasNoPreview() throws {
        let scratch = try Scratch()
        let jpeg = scratch.file("bare.jpg"), png = scratch.file("bare.png")
        try TestImages.solid(jpeg, width: 64, height: 48, (10, 20, 30))
        try TestImages.solid(png, width: 64, height: 48, (10, 20, 30))
        #expect(try PhotoDecoder().embeddedPreview(path: jpeg) == nil)
        #expect(try PhotoDecoder().embeddedPreview(path: png) == nil)
        #expect(throws: PhotoProblem.emptyFile) {
            FileManager.default.createFile(atPath: scratch.file("empty.jpg"), contents: Data())
            return try PhotoDecoder().embeddedPreview(path: scratch.file("empty.jpg"))
        }
    }

    /// A little-endian EXIF block: IFD0 with no entries pointing at IFD1, whose two tags give
    /// the thumbnail's offset and length; `thumbnail` follows.
    private func exifBlock(offset: UInt32? = nil, length: UInt32? = nil, thumbnail: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]) -> [UInt8] {
        func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func le32(_ v: UInt32) -> [UInt8] { le16(UInt16(v & 0xFFFF)) + le16(UInt16(v >> 16)) }
        let ifd1At: UInt32 = 8 + 2 + 4
        let dataAt = ifd1At + 2 + 2 * 12 + 4
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0] + le32(8)
        tiff += le16(0) + le32(ifd1At)
        tiff += le16(2)
        tiff += le16(0x0201) + le16(4) + le32(1) + le32(offset ?? dataAt)
        tiff += le16(0x0202) + le16(4) + le32(1) + le32(length ?? UInt32(thumbnail.count))
        tiff += le32(0) + thumbnail
        return Array("Exif".utf8) + [0, 0] + tiff
    }

    @Test func theThumbnailIsFoundInAWellFormedBlock() {
        let block = exifBlock()
        let range = block.withUnsafeBytes { ExifThumbnail.jpegRange(inExif: $0) }
        #expect(range == (block.count - 4)..<block.count)
    }

    @Test(arguments: [(UInt32?.some(9_999), UInt32?.none), (nil, 5), (nil, 0), (UInt32.max, nil), (nil, UInt32.max), (3, nil)])
    func offsetsOutsideTheBlockOrOffAJPEGGiveNothing(offset: UInt32?, length: UInt32?) {
        let block = exifBlock(offset: offset, length: length)
        #expect(block.withUnsafeBytes { ExifThumbnail.jpegRange(inExif: $0) } == nil)
    }

    @Test func everyCutAndEveryFlippedByteOfABlockIsSafe() {
        let block = exifBlock()
        var random = SystemRandomNumberGenerator()
        for cut in 0..<block.count {
            let prefix = Array(block.prefix(cut))
            let range = prefix.withUnsafeBytes { ExifThumbnail.jpegRange(inExif: $0) }
            #expect(range == nil || range!.upperBound <= cut)
        }
        for _ in 0..<2_000 {
            var mutated = block
            mutated[Int.random(in: 0..<block.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            let range = mutated.withUnsafeBytes { ExifThumbnail.jpegRange(inExif: $0) }
            if let range { #expect(range.lowerBound >= 0 && range.upperBound <= mutated.count && mutated[range.lowerBound] == 0xFF) }
        }
    }
}
