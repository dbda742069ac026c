import Foundation
import ParallaxKit
import Synchronization
import Testing
@testable import PhotoPipeline

/// A texture as the recording maker makes it: a number, the size, and the photo it shows
/// (read back from the pixels' red channel) and whether it was a preview (green).
struct FakeTexture: Equatable, CustomStringConvertible {
    let serial: Int
    let size: PixelSize
    let photo: Int
    let isPreview: Bool

    var description: String { "#\(serial) \(isPreview ? "preview of" : "photo") \(photo) \(size)" }
}

/// A clock the test moves by hand (and the maker moves, to make texture making cost time).
final class FakeClock {
    var now = 0.0
}

/// The renderer's part played by a recorder: it makes numbered fake textures, costing 4 bytes
/// a pixel, and records what it made and what it was told to destroy. Each texture made
/// moves `clock` on by `secondsPerTexture`; a photo in `failing` cannot be made.
final class RecordingTextureMaker: PhotoTextureMaker {
    var made: [FakeTexture] = []
    var destroyed: [FakeTexture] = []
    var failing: Set<Int> = []
    let clock: FakeClock
    var secondsPerTexture = 0.0
    var largestTextureSide: Int? = nil

    init(clock: FakeClock) { self.clock = clock }

    func makeTexture(of photo: DecodedPhoto) throws(TextureProblem) -> FakeTexture {
        let shown = Int(photo.image.bytes[0])
        if failing.contains(shown) { throw TextureProblem(reason: "no room on the card") }
        clock.now += secondsPerTexture
        let texture = FakeTexture(serial: made.count, size: photo.size, photo: shown, isPreview: photo.image.bytes[1] == 1)
        made.append(texture)
        return texture
    }

    func destroy(_ texture: FakeTexture) { destroyed.append(texture) }
    func byteCost(of texture: FakeTexture) -> Int { texture.size.width * texture.size.height * 4 }
    func pixelSize(of texture: FakeTexture) -> PixelSize { texture.size }
}

/// Decodes "/p/N.jpg" into a plain photo of the asked size whose red channel is N (green 1
/// for an embedded preview, 8 × 8); "bad" paths fail, and previews of photos in
/// `withoutPreview` are missing. Photos and previews can each be held back (for a minute at
/// most: a test that never lets them go fails, naming what was held, instead of hanging in
/// the loader's shutdown); every decode is recorded, in the order the worker ran them.
final class PolicyDecoder: Sendable {
    let photosOpen = Mutex(true)
    let previewsOpen = Mutex(true)
    let decodes = Mutex<[String]>([])
    let withoutPreview: Set<Int>

    init(withoutPreview: Set<Int> = []) { self.withoutPreview = withoutPreview }

    static func photo(of path: String) -> Int { Int(path.filter(\.isNumber)) ?? 0 }

    func decode(_ request: PhotoRequest) throws(PhotoProblem) -> DecodedPhoto {
        let preview = request.kind == .embeddedPreview
        let photo = Self.photo(of: request.path)
        let deadline = Date().addingTimeInterval(60)
        while !(preview ? previewsOpen.withLock { $0 } : photosOpen.withLock { $0 }) {
            guard Date() < deadline else {
                Issue.record("the \(preview ? "preview" : "photo") decode of photo \(photo) waited 60 s for \(preview ? "previewsOpen" : "photosOpen")")
                throw .corrupt("held back past the test's deadline")
            }
            usleep(500)
        }
        decodes.withLock { $0.append(preview ? "preview \(photo)" : "photo \(photo)") }
        if request.path.contains("bad") { throw .notAnImage }
        if preview, withoutPreview.contains(photo) { throw .noEmbeddedPreview }
        let size = preview ? PixelSize(width: 8, height: 8) : request.size
        var pixels = [UInt8](repeating: 255, count: size.width * size.height * 4)
        for at in stride(from: 0, to: pixels.count, by: 4) {
            pixels[at] = UInt8(photo)
            pixels[at + 1] = preview ? 1 : 0
        }
        // A source four times the asked size, so no decode is "the whole source".
        return DecodedPhoto(image: RGBAImage(width: size.width, height: size.height, bytes: pixels),
                            source: PhotoHeader(width: size.width * 4, height: size.height * 4))
    }

    var loader: PhotoLoader {
        PhotoLoader(workers: 1, decode: { [self] request throws(PhotoProblem) in try decode(request) })
    }
}
