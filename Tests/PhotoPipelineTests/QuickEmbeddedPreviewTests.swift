import CVips
import Foundation
import ParallaxKit
import Testing
@testable import PhotoPipeline

/// Embedded previews found and turned upright in Swift, without libvips: the same picture
/// as libvips' reading, for every EXIF orientation.
@Suite struct QuickEmbeddedPreviewTests {
    /// A small-JPEG decoder for the tests: libvips' own, so the two readings decode the
    /// thumbnail's bytes alike and differ only in how they find and turn them.
    private let decodeWithVips: QuickEmbeddedPreview.DecodeJPEG = { jpeg in
        jpeg.withUnsafeBytes { buffer -> RGBAImage? in
            guard let base = buffer.baseAddress, let opened = cvips_open_buffer(base, buffer.count) else { return nil }
            let image = VipsImageRef(opened)
            guard let decoded = try? PhotoDecoder.rgba(from: image, path: "thumbnail", header: PhotoHeader(width: image.width, height: image.height))
            else { return nil }
            return decoded.image
        }
    }

    @Test(arguments: 1...8)
    func theSwiftReadingEqualsLibvipsForEveryOrientation(_ orientation: Int) throws {
        let scratch = try Scratch()
        let plain = scratch.file("plain.jpg"), photo = scratch.file("photo.jpg")
        try TestImages.solid(plain, width: 600, height: 300, (220, 30, 30))
        try TestImages.tagged(plain, photo, ints: ["orientation": orientation])
        // A thumbnail with a different colour in each quarter, so every turn and mirror shows.
        let thumb = scratch.file("thumb.v"), thumbJPEG = scratch.file("thumb.jpg")
        try TestImages.solid(thumb, width: 160, height: 80, (30, 200, 40))
        try TestImages.rect(thumb, "240 220 20", 0, 0, 80, 40)
        try TestImages.rect(thumb, "20 40 230", 80, 40, 80, 40)
        try TestImages.rect(thumb, "250 250 250", 80, 0, 80, 40)
        try TestImages.vips("copy", thumb, thumbJPEG)
        try TestImages.exiftool(["-overwrite_original", "-ThumbnailImage<=\(thumbJPEG)", photo])

        let byVips = try #require(try PhotoDecoder().embeddedPreview(path: photo))
        let bySwift = try #require(QuickEmbeddedPreview.read(path: photo, decodeJPEG: decodeWithVips))
        #expect(bySwift.size == byVips.size)
        #expect(bySwift.image == byVips.image, "orientation \(orientation): the pictures differ")
        #expect(bySwift.source.orientation == orientation && bySwift.source.displayedWidth == byVips.source.displayedWidth)
    }

    @Test func filesWithoutAThumbnailOrNotJPEGGiveNothing() throws {
        let scratch = try Scratch()
        let jpeg = scratch.file("bare.jpg"), png = scratch.file("bare.png"), text = scratch.file("text.jpg")
        try TestImages.solid(jpeg, width: 64, height: 48, (10, 20, 30))
        try TestImages.solid(png, width: 64, height: 48, (10, 20, 30))
        try "not a photo".write(toFile: text, atomically: true, encoding: .utf8)
        for path in [jpeg, png, text, scratch.file("missing.jpg")] {
            #expect(QuickEmbeddedPreview.read(path: path, decodeJPEG: decodeWithVips) == nil, "\(path)")
        }
        // Only the JPEG is known to have none (libvips is not asked again); the rest are not
        // this reader's to judge.
        #expect(isNone(QuickEmbeddedPreview.look(path: jpeg, decodeJPEG: decodeWithVips)))
        #expect(try PhotoDecoder().embeddedPreview(path: jpeg) == nil, "libvips agrees")
        for path in [png, text, scratch.file("missing.jpg")] {
            #expect(!isNone(QuickEmbeddedPreview.look(path: path, decodeJPEG: decodeWithVips)), "\(path)")
        }
    }

    /// (A decoder cannot lie about its picture's size: an RGBAImage's bytes are its size's.)
    @Test func aDecoderThatFailsOrGivesTooLargeAPictureGivesNothing() throws {
        let scratch = try Scratch()
        let plain = scratch.file("plain.jpg"), photo = scratch.file("photo.jpg"), thumbJPEG = scratch.file("thumb.jpg")
        try TestImages.solid(plain, width: 300, height: 200, (200, 30, 30))
        try TestImages.tagged(plain, photo, ints: ["orientation": 1])
        try TestImages.solid(thumbJPEG, width: 160, height: 107, (30, 200, 40))
        try TestImages.exiftool(["-overwrite_original", "-ThumbnailImage<=\(thumbJPEG)", photo])
        #expect(QuickEmbeddedPreview.read(path: photo, decodeJPEG: decodeWithVips) != nil)
        #expect(QuickEmbeddedPreview.read(path: photo, decodeJPEG: { _ in nil }) == nil)
        #expect(!isNone(QuickEmbeddedPreview.look(path: photo, decodeJPEG: { _ in nil })), "a thumbnail is there: libvips may decode it")
        #expect(QuickEmbeddedPreview.read(path: photo, decodeJPEG: { _ in
            RGBAImage(width: 2_000, height: 1, bytes: [UInt8](repeating: 0, count: 8_000)) }) == nil, "over the largest side taken")
    }

    private func isNone(_ look: QuickEmbeddedPreview.Look) -> Bool {
        if case .none = look { return true }
        return false
    }
}
