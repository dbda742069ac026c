import Foundation
import ParallaxKit
import Rendering
import PhotoPipeline
import Synchronization
import Testing
@testable import SDLBackend

/// A decode that makes a plain photo of the asked size in the colour of its path's number, and
/// can be held back: a stand-in for libvips, so the tests control what finishes when.
private final class FakeDecoder: Sendable {
    let gate = Mutex<Bool>(true)
    let decodes = Mutex<[String]>([])

    func decode(_ request: PhotoRequest) throws(PhotoProblem) -> DecodedPhoto {
        while !gate.withLock({ $0 }) { usleep(1_000) }
        decodes.withLock { $0.append(request.path) }
        if request.path.hasSuffix("bad.jpg") { throw .notAnImage }
        let width = max(1, request.size.width), height = max(1, request.size.height)
        let shade = UInt8(clamping: Int(request.path.filter(\.isNumber)) ?? 0) &* 40
        let pixels = [UInt8](repeating: 0, count: width * height * 4).enumerated().map { index, _ in
            index % 4 == 3 ? 255 : (index % 4 == 0 ? shade : 90)
        }
        // A source four times the asked size, so no decode counts as "the whole source".
        return DecodedPhoto(image: RGBAImage(width: width, height: height, bytes: pixels),
                            source: PhotoHeader(width: width * 4, height: height * 4))
    }

    var loader: PhotoLoader {
        PhotoLoader(workers: 1, decode: { [self] request throws(PhotoProblem) in try decode(request) })
    }
}

extension HeadlessSDLTests {
    private func pipeline(_ sdl: Headless, decoder: FakeDecoder, photos: Int, cacheBytes: Int = 64 << 20,
                          fade: Double = 0, warn: @escaping (String) -> Void = { _ in }) -> PhotoTextures {
        var settings = PhotoTextures.Settings()
        settings.cacheBytes = cacheBytes
        settings.fadeSeconds = fade
        settings.previews = false
        let paths = (0..<photos).map { "/photos/\($0).jpg" }
        return PhotoTextures(renderer: sdl.renderer, paths: paths, settings: settings, loader: decoder.loader, warn: warn)
    }

    private func need(_ photo: Int, _ side: Double = 40, _ urgency: PhotoUrgency = .visible) -> PhotoNeed {
        PhotoNeed(photo: photo, size: Size(width: side, height: side), urgency: urgency)
    }

    /// Updates until `done` holds. The bound (a minute) only turns a broken pipeline into a
    /// failure instead of a hang; no speed is asserted.
    private func settle(_ textures: PhotoTextures, _ needs: [PhotoNeed], now: Double = 0, scale: Double = 1,
                        sourceLocation: SourceLocation = #_sourceLocation, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(60)
        repeat {
            textures.update(needs: needs, scale: scale, now: now)
            if done() { return }
            usleep(2_000)
        } while Date() < deadline
        Issue.record("the textures never settled: \(textures.counters)", sourceLocation: sourceLocation)
    }

    @Test func aPlaceholderIsReplacedByThePhotoOnceDecoded() throws {
        let sdl = try Headless()
        let decoder = FakeDecoder()
        decoder.gate.withLock { $0 = false }
        let textures = pipeline(sdl, decoder: decoder, photos: 3)
        textures.update(needs: [need(1)], scale: 1, now: 0)
        guard case .placeholder = textures.appearance(of: 1) else {
            Issue.record("before its decode the photo is a placeholder, got \(textures.appearance(of: 1))")
            return
        }
        decoder.gate.withLock { $0 = true }
        #expect(textures.loadAll([need(1)], scale: 1, timeout: 5))
        guard case let .photo(texture, opacity, _) = textures.appearance(of: 1) else {
            Issue.record("after its decode the photo shows, got \(textures.appearance(of: 1))")
            return
        }
        // 40 points rounded up to the 32-pixel step.
        #expect(texture.pixelSize == PixelSize(width: 64, height: 64))
        #expect(opacity == 1)
    }

    /// A photo nothing is known of yet reads as loading: its tile pulses, not a flat card
    /// barely apart from the background; still when the pulse is off (reduce motion, files).
    @Test func anUnknownPhotosTilePulsesWhileItLoads() throws {
        let sdl = try Headless()
        let decoder = FakeDecoder()
        decoder.gate.withLock { $0 = false }
        let textures = pipeline(sdl, decoder: decoder, photos: 2)
        textures.settings.loadingPulseSeconds = 1.2
        var colours: [Color] = []
        for now in [0.0, 0.3, 0.6, 0.9, 1.2] {
            textures.update(needs: [need(1)], scale: 1, now: now)
            guard case let .placeholder(colour) = textures.appearance(of: 1) else {
                Issue.record("still loading at \(now): \(textures.appearance(of: 1))")
                return
            }
            colours.append(colour)
        }
        #expect(colours[0] == PhotoTileStyle.unknownColour && colours[4] == PhotoTileStyle.unknownColour, "a whole period")
        #expect(colours[2] != colours[0], "brighter half-way: \(colours)")
        #expect(Int(colours[2].r) + Int(colours[2].g) + Int(colours[2].b) > Int(colours[1].r) + Int(colours[1].g) + Int(colours[1].b))
        textures.settings.loadingPulseSeconds = 0
        textures.update(needs: [need(1)], scale: 1, now: 0.6)
        guard case let .placeholder(still) = textures.appearance(of: 1) else { return }
        #expect(still == PhotoTileStyle.unknownColour)
        decoder.gate.withLock { $0 = true }
    }

    @Test func aPhotoFadesInOverItsPlaceholderUnlessFadingIsOff() throws {
        let sdl = try Headless()
        let textures = pipeline(sdl, decoder: FakeDecoder(), photos: 2, fade: 0.15)
        settle(textures, [need(0)], now: 10) { textures.counters.uploads == 1 }
        textures.update(needs: [need(0)], scale: 1, now: 10.075)
        guard case let .photo(_, half, placeholder) = textures.appearance(of: 0) else {
            Issue.record("the photo shows")
            return
        }
        #expect(abs(half - 0.5) < 1e-9, "halfway through the fade: \(half)")
        #expect(placeholder == Color(r: 0, g: 90, b: 90), "the placeholder is the photo's average colour")
        textures.update(needs: [need(0)], scale: 1, now: 10.2)
        if case let .photo(_, done, _) = textures.appearance(of: 0) { #expect(done == 1) }
        textures.settings.fadeSeconds = 0
        textures.update(needs: [need(0)], scale: 1, now: 10.01)
        if case let .photo(_, instant, _) = textures.appearance(of: 0) { #expect(instant == 1, "reduce motion: no fade") }
    }

    @Test func cancelledWorkNeverReachesATexture() throws {
        let sdl = try Headless()
        let decoder = FakeDecoder()
        decoder.gate.withLock { $0 = false }
        let textures = pipeline(sdl, decoder: decoder, photos: 10)
        textures.update(needs: [need(0), need(1), need(2)], scale: 1, now: 0)
        // The list moved on before the decodes finished: only photo 7 is wanted now.
        textures.update(needs: [need(7)], scale: 1, now: 0.016)
        decoder.gate.withLock { $0 = true }
        // Until the loader has nothing queued, decoding or finished: every decode that could
        // still reach a texture has been taken by an update.
        settle(textures, [need(7)], now: 0.032) {
            let loader = textures.loader.counters
            return textures.counters.uploads >= 1 && loader.queued == 0 && loader.decoding == 0 && loader.ready == 0
        }
        textures.update(needs: [need(7)], scale: 1, now: 0.048)
        #expect(textures.counters.uploads == 1, "only photo 7 became a texture")
        #expect(textures.counters.texturesHeld == 1)
        for photo in 0...2 {
            if case .photo = textures.appearance(of: photo) { Issue.record("cancelled photo \(photo) reached a texture") }
        }
        if case .photo = textures.appearance(of: 7) {} else { Issue.record("photo 7 shows") }
    }

    @Test func theTextureCacheNeverExceedsItsLimitWhileScrollingThroughMorePhotos() throws {
        let sdl = try Headless()
        // 64 × 64 × 4 = 16 KB a photo; 100 KB holds six of them, the scroll shows 40.
        let limit = 100 << 10
        let textures = pipeline(sdl, decoder: FakeDecoder(), photos: 40, cacheBytes: limit)
        #expect(textures.cacheLimit == limit)
        var largest = 0
        for first in 0..<38 {
            let screen = [need(first), need(first + 1), need(first + 2)]
            settle(textures, screen) { textures.visibleAreSharp }
            largest = max(largest, textures.counters.bytesHeld)
            #expect(textures.visibleAreSharp, "screen at \(first) is sharp")
        }
        #expect(largest <= limit, "held \(largest) bytes against a limit of \(limit)")
        #expect(largest > limit / 2, "the cache was used (\(largest) bytes), so the limit was what held it")
        #expect(textures.counters.uploads >= 40)
    }

    @Test func aFileThatCannotBeShownIsATileNamedOnce() throws {
        let sdl = try Headless()
        let warnings = Mutex<[String]>([])
        var settings = PhotoTextures.Settings()
        settings.previews = false
        let decoder = FakeDecoder()
        let textures = PhotoTextures(renderer: sdl.renderer, paths: ["/photos/0.jpg", "/photos/bad.jpg"], settings: settings,
                                     loader: decoder.loader, warn: { line in warnings.withLock { $0.append(line) } })
        settle(textures, [need(0), need(1)]) { textures.visibleAreSharp }
        for _ in 0..<5 { textures.update(needs: [need(0), need(1)], scale: 1, now: 1) }
        guard case let .failed(name, reason) = textures.appearance(of: 1) else {
            Issue.record("the bad file is a tile, got \(textures.appearance(of: 1))")
            return
        }
        #expect(name == "bad.jpg" && reason == "not an image")
        #expect(warnings.withLock { $0 } == ["can't show /photos/bad.jpg: not an image"])
        #expect(decoder.decodes.withLock { $0.filter { $0.hasSuffix("bad.jpg") }.count } == 1, "never decoded again")

        // And the executor draws it: the tile's colour fills the cell.
        let executor = try sdl.executor(images: ImageLibrary(pipeline: textures, coverPipeline: textures))
        var list = DrawList()
        list.image(.photo(1), frame: Rect(x: 0, y: 0, width: 64, height: 48), clip: Rect(x: 0, y: 0, width: 64, height: 48))
        sdl.renderer.clear(.black)
        #expect(executor.execute(list).failed == 0)
        let pixels = try sdl.renderer.readPixels()
        #expect(pixels[2, 2] == CantShowTile.fill)
    }

    @Test func aLargerCellAsksForASharperDecodeAndKeepsTheOldOneMeanwhile() throws {
        let sdl = try Headless()
        let decoder = FakeDecoder()
        let textures = pipeline(sdl, decoder: decoder, photos: 1)
        settle(textures, [need(0, 40)]) { textures.visibleAreSharp }
        decoder.gate.withLock { $0 = false }
        // The window grew (or moved to a denser display): twice the pixels are needed.
        textures.update(needs: [need(0, 40)], scale: 2, now: 1)
        #expect(!textures.visibleAreSharp)
        if case let .photo(texture, _, _) = textures.appearance(of: 0) {
            #expect(texture.pixelSize.width == 64, "the old texture stays on screen meanwhile")
        } else {
            Issue.record("the old texture stays on screen meanwhile")
        }
        decoder.gate.withLock { $0 = true }
        settle(textures, [need(0, 40)], now: 1, scale: 2) { textures.visibleAreSharp }
        #expect(textures.visibleAreSharp)
        if case let .photo(texture, _, _) = textures.appearance(of: 0) { #expect(texture.pixelSize.width == 96) }
    }
}
