import Foundation
import ParallaxKit
import Synchronization
import Testing
@testable import PhotoPipeline

#if canImport(Glibc)
import Glibc
#endif

/// Cell-sized copies on disk for a second visit.
@Suite struct DiskThumbnailCacheTests {
    @Test func aSecondDecodeComesFromTheCopyUntilTheFileChanges() throws {
        let scratch = try Scratch()
        let cache = try #require(DiskThumbnailCache(folder: scratch.file("thumbnails"), byteLimit: 64 << 20))
        let photo = scratch.file("photo.jpg"), other = scratch.file("other.jpg")
        try TestImages.solid(photo, width: 800, height: 600, (200, 40, 40))
        try TestImages.solid(other, width: 800, height: 600, (40, 40, 200))
        setModified(photo, 1_700_000_000)
        let size = PixelSize(width: 200, height: 150)
        let first = try PhotoDecoder().decode(path: photo, size: size, diskCache: cache)
        #expect(first.size == size)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.folder).filter { $0.hasSuffix(".jpg") }.count == 1)

        // Same bytes count and time, different pixels: only a copy can still give red.
        let sameSize = try Data(contentsOf: URL(fileURLWithPath: other))
        let original = try Data(contentsOf: URL(fileURLWithPath: photo))
        try #require(sameSize.count == original.count, "both solid JPEGs encode to the same length")
        try sameSize.write(to: URL(fileURLWithPath: photo))
        setModified(photo, 1_700_000_000)
        let second = try PhotoDecoder().decode(path: photo, size: size, diskCache: cache)
        #expect(second.size == size)
        #expect(second.averageColour.r > 150 && second.averageColour.b < 90, "from the copy: \(second)")
        #expect(second.source == first.source, "the copy carries the photo's own header")

        // A new modification time is a new photo.
        setModified(photo, 1_700_000_100)
        let third = try PhotoDecoder().decode(path: photo, size: size, diskCache: cache)
        #expect(third.averageColour.b > 150, "decoded again from the changed file: \(third)")
    }

    /// The window hands the cache SDL_image's JPEG decoder: a second visit reads its copies
    /// without libvips. A copy that decoder cannot read is dropped, and the file decoded again.
    @Test func copiesAreReadWithThePlainDecoderWhenGivenOne() throws {
        let scratch = try Scratch()
        let cache = try #require(DiskThumbnailCache(folder: scratch.file("thumbnails"), byteLimit: 64 << 20))
        let photo = scratch.file("photo.jpg")
        try TestImages.solid(photo, width: 400, height: 300, (30, 160, 60))
        let size = PixelSize(width: 100, height: 75)
        _ = try PhotoDecoder().decode(path: photo, size: size, diskCache: cache)
        let calls = Mutex(0)
        // A stand-in decoder: a 2 × 1 magenta picture, so its use shows in the pixels.
        cache.useForCopies { jpeg in
            calls.withLock { $0 += 1 }
            return jpeg.starts(with: [0xFF, 0xD8]) ? RGBAImage(width: 2, height: 1, bytes: [255, 0, 255, 255, 255, 0, 255, 255]) : nil
        }
        let second = try PhotoDecoder().decode(path: photo, size: size, diskCache: cache)
        #expect(calls.withLock { $0 } == 1)
        #expect(second.size == PixelSize(width: 2, height: 1) && second.image.bytes[0] == 255 && second.image.bytes[1] == 0)
        #expect(second.source.width == 400, "the copy carries the photo's own header")

        cache.useForCopies { _ in nil }
        let third = try PhotoDecoder().decode(path: photo, size: size, diskCache: cache)
        #expect(third.size == size && third.averageColour.g > 120, "decoded again from the file: \(third)")
    }

    @Test func aDamagedCopyIsDroppedAndTheFileDecodedAgain() throws {
        let scratch = try Scratch()
        let cache = try #require(DiskThumbnailCache(folder: scratch.file("thumbnails"), byteLimit: 64 << 20))
        let photo = scratch.file("photo.jpg")
        try TestImages.solid(photo, width: 400, height: 300, (30, 160, 60))
        let size = PixelSize(width: 100, height: 75)
        _ = try PhotoDecoder().decode(path: photo, size: size, diskCache: cache)
        let copies = try FileManager.default.contentsOfDirectory(atPath: cache.folder).filter { $0.hasSuffix(".jpg") }
        let copy = cache.folder + "/" + (try #require(copies.first))
        try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: copy))
        let again = try PhotoDecoder().decode(path: photo, size: size, diskCache: cache)
        #expect(again.averageColour.g > 120)
        let reread = try Data(contentsOf: URL(fileURLWithPath: copy))
        #expect(reread.starts(with: [0xFF, 0xD8]), "a good copy replaced the damaged one")
    }

    @Test func theFolderIsTrimmedToItsLimit() throws {
        let scratch = try Scratch()
        let photo = scratch.file("photo.jpg")
        try TestImages.noiseJPEG(photo, width: 600, height: 400)
        let unlimited = try #require(DiskThumbnailCache(folder: scratch.file("sizes"), byteLimit: 1 << 30))
        _ = try PhotoDecoder().decode(path: photo, size: PixelSize(width: 300, height: 200), diskCache: unlimited)
        let one = try #require(try FileManager.default.attributesOfItem(atPath: unlimited.folder + "/" +
            FileManager.default.contentsOfDirectory(atPath: unlimited.folder)[0])[.size] as? Int)
        // Room for about three copies; forty sizes are written.
        let cache = try #require(DiskThumbnailCache(folder: scratch.file("thumbnails"), byteLimit: one * 3))
        for step in 0..<40 {
            _ = try PhotoDecoder().decode(path: photo, size: PixelSize(width: 300 - step, height: 200), diskCache: cache)
        }
        cache.trim()
        let total = try FileManager.default.contentsOfDirectory(atPath: cache.folder).reduce(0) { sum, name in
            sum + ((try? FileManager.default.attributesOfItem(atPath: cache.folder + "/" + name)[.size] as? Int) ?? 0)
        }
        #expect(total <= one * 3, "\(total) bytes against a limit of \(one * 3)")
        #expect(total > 0)
    }

    @Test func theFolderFollowsXDG() {
        #expect(DiskThumbnailCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"])
            == "/x/cache/parallax-playground/thumbnails")
        #expect(DiskThumbnailCache.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"])
            == "/home/a/.cache/parallax-playground/thumbnails")
        #expect(DiskThumbnailCache.defaultFolder(environment: [:]) == nil)
    }
}
