import Foundation
import ParallaxKit
import Testing
@testable import PhotoPipeline

/// Loading a photo whole, up front: SDL_image where it gives the same picture, else libvips.
@Suite struct WholePhotoLoadTests {
    @Test func aPlainDecodeIsChosenOnlyWhenItGivesTheSamePicture() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("whole-photo-load-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("plain.jpg").path
        // A whole file ending in JPEG's end-of-image marker.
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: URL(fileURLWithPath: path))
        let plain = PhotoHeader(width: 800, height: 600, format: .jpeg)
        #expect(WholePhotoLoad.plan(for: plain, path: path, side: 2048) == .asStored)
        let box = PixelSize(width: 512, height: 512)
        #expect(WholePhotoLoad.plan(for: plain, path: path, side: 512) == .decode(fittingIn: box), "too large: shrink")
        #expect(WholePhotoLoad.plan(for: PhotoHeader(width: 80, height: 60, orientation: 6, format: .jpeg), path: path, side: 512)
            == .decode(fittingIn: box), "turned: libvips turns it upright")
        #expect(WholePhotoLoad.plan(for: PhotoHeader(width: 80, height: 60, format: .jpeg, hasColourProfile: true), path: path,
                                    side: 512) == .decode(fittingIn: box), "a profile: libvips converts to sRGB")
        #expect(WholePhotoLoad.plan(for: PhotoHeader(width: 80, height: 60, format: .webp), path: path, side: 512)
            == .decode(fittingIn: box), "only PNG and JPEG go as stored")
        let cut = dir.appendingPathComponent("cut.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: URL(fileURLWithPath: cut))
        #expect(WholePhotoLoad.plan(for: plain, path: cut, side: 2048) == .decode(fittingIn: PixelSize(width: 2048, height: 2048)),
                "a truncated file goes to libvips, which says so")
    }
}
