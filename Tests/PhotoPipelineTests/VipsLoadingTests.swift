import CVips
import Foundation
import ParallaxKit
import Synchronization
import Testing
@testable import PhotoPipeline

/// libvips reached through dlopen: `cvips_load` fills the table of functions or
/// says why not, `Vips.start` loads the real library and decodes, and the loader hands to its
/// plain decode what libvips' absence stops.
@Suite struct VipsLoadingTests {
    /// What `cvips_load` says for `library`: its return value and its reason.
    private func load(_ library: String) -> (loaded: Int32, reason: String) {
        var reason = [CChar](repeating: 0, count: 512)
        let loaded = cvips_load(library, &reason, reason.count)
        return (loaded, String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    @Test func aMissingLibraryIsRefusedWithTheLoadersReason() {
        let missing = "/nonexistent/vips-loading-test/libvips.so.42"
        let outcome = load(missing)
        #expect(outcome.loaded == 0)
        #expect(outcome.reason.contains(missing) && outcome.reason.contains("No such file"), "\(outcome.reason)")
    }

    @Test func aLibraryWithoutLibvipsFunctionsIsRefusedNamingTheFirstOneMissing() {
        // The C library loads but has no vips_init.
        let outcome = load("libc.so.6")
        #expect(outcome.loaded == 0)
        #expect(outcome.reason == "libc.so.6 has no function vips_init", "\(outcome.reason)")
    }

    @Test func theReasonIsCutToTheCallersBuffer() {
        var reason = [CChar](repeating: 1, count: 8)
        #expect(cvips_load("/nonexistent/vips-loading-test/libvips.so.42", &reason, reason.count) == 0)
        #expect(reason.last == 0, "NUL-terminated within the buffer")
        #expect(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).count == 7)
    }

    @Test func startLoadsLibvipsAndDecodes() throws {
        #expect(Vips.start())
        #expect(Vips.isLoaded)
        #expect(Vips.unavailableReason == nil)
        let scratch = try Scratch()
        let jpeg = scratch.file("grey.jpg")
        try TestImages.vips("black", scratch.file("black.v"), "120", "80")
        try TestImages.vips("linear", scratch.file("black.v"), jpeg, "1", "128")
        let header = try PhotoHeader.read(path: jpeg)
        #expect(header.width == 120 && header.height == 80 && header.format == .jpeg)
        let photo = try PhotoDecoder().decode(path: jpeg, size: PixelSize(width: 60, height: 40), fit: .fit)
        #expect(photo.size == PixelSize(width: 60, height: 40))
        #expect(abs(Int(photo.averageColour.r) - 128) <= 2)
    }

    /// A decode that always finds libvips missing, as `PhotoDecoder` does without it.
    private static let withoutVips: PhotoLoader.Decode = { _ throws(PhotoProblem) in
        throw .decoderUnavailable("libvips could not be loaded: test")
    }

    private static func plainPhoto(_ request: PhotoRequest) -> DecodedPhoto {
        DecodedPhoto(image: RGBAImage(width: 2, height: 1, bytes: [UInt8](repeating: 9, count: 8)),
                     source: PhotoHeader(width: 2, height: 1, format: .png))
    }

    @Test func theLoadersPlainDecodeTakesOverWhenLibvipsIsMissing() throws {
        let loader = PhotoLoader(workers: 1, decode: Self.withoutVips)
        let plainCalls = Mutex(0)
        loader.useWhenVipsIsMissing { request throws(PhotoProblem) in
            plainCalls.withLock { $0 += 1 }
            return Self.plainPhoto(request)
        }
        loader.submit(request(1))
        waitUntil(loader) { $0.finished + $0.failed == 1 }
        let result = try #require(loader.takeFinished(max: 1).first)
        #expect(try result.outcome.get().size == PixelSize(width: 2, height: 1))
        #expect(plainCalls.withLock { $0 } == 1)
        loader.shutdown()
    }

    @Test func withoutAPlainDecodeLibvipsAbsenceIsTheFailure() throws {
        let loader = PhotoLoader(workers: 1, decode: Self.withoutVips)
        loader.submit(request(1))
        waitUntil(loader) { $0.finished + $0.failed == 1 }
        let result = try #require(loader.takeFinished(max: 1).first)
        #expect(throws: PhotoProblem.decoderUnavailable("libvips could not be loaded: test")) { try result.outcome.get() }
        loader.shutdown()
    }

    @Test func whenThePlainDecodeFailsTooLibvipsReasonIsKept() throws {
        let loader = PhotoLoader(workers: 1, decode: Self.withoutVips)
        loader.useWhenVipsIsMissing { _ throws(PhotoProblem) in throw .corrupt("SDL_image: unsupported") }
        loader.submit(request(1))
        waitUntil(loader) { $0.finished + $0.failed == 1 }
        let result = try #require(loader.takeFinished(max: 1).first)
        #expect(throws: PhotoProblem.decoderUnavailable("libvips could not be loaded: test")) { try result.outcome.get() }
        loader.shutdown()
    }

    @Test func aPlainDecodeIsNotAskedForOtherFailures() throws {
        let loader = PhotoLoader(workers: 1, decode: { _ throws(PhotoProblem) in throw .truncated })
        let plainCalls = Mutex(0)
        loader.useWhenVipsIsMissing { request throws(PhotoProblem) in
            plainCalls.withLock { $0 += 1 }
            return Self.plainPhoto(request)
        }
        loader.submit(request(1))
        waitUntil(loader) { $0.finished + $0.failed == 1 }
        let result = try #require(loader.takeFinished(max: 1).first)
        #expect(throws: PhotoProblem.truncated) { try result.outcome.get() }
        #expect(plainCalls.withLock { $0 } == 0)
        loader.shutdown()
    }

    @Test func theFolderScanKnowsHEIFNamesWithoutAskingLibvips() {
        // Listing a folder must not load libvips (it runs before the window's first frame).
        #expect(PhotoFolder.imageExtensions.isSuperset(of: ["heic", "heif", "avif", "jpg", "png"]))
    }
}
