import Foundation
import ParallaxKit
import PhotoPipeline
import SpawnIsolation
import Testing
@testable import Rendering
import SDLBackend

/// The decode used when libvips cannot be loaded: SDL_image's picture, shrunk to the request.
@Suite struct SDLImagePhotoDecodeTests {
    /// A bundled photo: 960 × 640, opaque.
    static let bundledPhoto = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/photos/photo-00.png").path

    @Test(arguments: [
        (PhotoFit.fit, PixelSize(width: 300, height: 300), PixelSize(width: 300, height: 200)),
        (PhotoFit.cover, PixelSize(width: 300, height: 300), PixelSize(width: 450, height: 300)),
        (PhotoFit.cover, PixelSize(width: 2000, height: 100), PixelSize(width: 960, height: 640)),
    ])
    func aBundledPhotoIsShrunkToTheRequest(fit: PhotoFit, asked: PixelSize, expected: PixelSize) throws {
        let request = PhotoRequest(id: 0, path: Self.bundledPhoto, size: asked, fit: fit)
        let photo = try decodeWithSDLImage(request)
        #expect(photo.size == expected)
        #expect(photo.image.bytes.count == expected.width * expected.height * 4)
        #expect(photo.averageColour.a == 255)
        #expect(photo.source.width == 960 && photo.source.height == 640 && photo.source.format == .png)
    }

    /// Embedded thumbnails (small JPEGs held in memory) for previews without libvips.
    @Test func aJPEGInMemoryIsDecodedAndBytesThatAreNoImageAreNot() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdl-image-\(UUID().uuidString).jpg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let convert = Isolated.process(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "40x20", "xc:rgb(200,40,30)", "-quality", "95", path])
        try convert.run()
        convert.waitUntilExit()
        try #require(convert.terminationStatus == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let decoded = try #require(decodeWithSDLImage(jpeg: bytes))
        #expect(decoded.size == PixelSize(width: 40, height: 20))
        #expect(decoded.bytes.count == 40 * 20 * 4)
        #expect(abs(Int(decoded.bytes[0]) - 200) < 12 && abs(Int(decoded.bytes[1]) - 40) < 12 && decoded.bytes[3] == 255)
        #expect(decodeWithSDLImage(jpeg: Array("not an image".utf8)) == nil)
        #expect(decodeWithSDLImage(jpeg: Array(bytes.prefix(20))) == nil, "a JPEG cut off in its headers")
        #expect(decodeWithSDLImage(jpeg: []) == nil)
    }

    @Test func anEmbeddedPreviewIsNotSomethingItHas() {
        let request = PhotoRequest(id: 0, path: Self.bundledPhoto, size: PixelSize(width: 10, height: 10), kind: .embeddedPreview)
        #expect(throws: PhotoProblem.noEmbeddedPreview) { try decodeWithSDLImage(request) }
    }

    @Test func aFileItCannotReadIsCorrupt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdl-image-\(UUID().uuidString).jpg").path
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let request = PhotoRequest(id: 0, path: path, size: PixelSize(width: 10, height: 10))
        #expect {
            try decodeWithSDLImage(request)
        } throws: { error in
            guard let problem = error as? PhotoProblem, case .corrupt = problem else { return false }
            return true
        }
    }
}
