import Foundation
import CSDL2
import ParallaxKit
import Rendering
import SpawnIsolation
import Testing
@testable import SDLBackend

private let red = Color(r: 255, g: 0, b: 0)
private let blue = Color(r: 0, g: 0, b: 255)
private let black = Color.black

/// Everything that starts SDL, which is global state: one suite, one test at a time, each
/// with its own headless (dummy driver, software renderer) SDL.
@Suite(.serialized) struct HeadlessSDLTests {
    /// A 64×48-point window on the dummy driver with its renderer.
    struct Headless {
        let video: SDLVideo
        let window: Window
        let renderer: Renderer

        init(size: Size = Size(width: 64, height: 48)) throws {
            video = try SDLVideo(driver: .headless)
            window = try Window(video: video, title: "test", size: size)
            renderer = try Renderer(window: window)
        }

        func executor(images: ImageLibrary = ImageLibrary(photos: [], covers: [])) throws -> DrawListExecutor {
            DrawListExecutor(renderer: renderer, images: images,
                             text: try TextRenderer(renderer: renderer, fontPath: FontFiles.locate().regular))
        }
    }

    @Test func headlessFallsBackToTheSoftwareRendererAtScaleOne() throws {
        let sdl = try Headless()
        #expect(sdl.video.driverName == "dummy")
        #expect(sdl.video.isHeadless)
        #expect(sdl.renderer.name == "software")
        #expect(sdl.renderer.isSoftware)
        #expect(sdl.renderer.drawsOnCPU)
        #expect(sdl.renderer.outputSize == PixelSize(width: 64, height: 48))
        #expect(sdl.renderer.scale == 1)
        #expect(sdl.renderer.viewport == Rect(x: 0, y: 0, width: 64, height: 48))
    }

    /// A clip of NaN or infinite pixels (a draw list's arithmetic gone wrong) limits drawing to
    /// nothing sensible but never traps: the conversion to SDL's whole pixels clamps.
    @Test func aClipOfNoNumberDoesNotTrap() throws {
        let sdl = try Headless()
        for value in [Float.nan, .infinity, -.infinity, 3e38] {
            sdl.renderer.setClip(PixelRect(x: value, y: 0, width: 10, height: value))
            sdl.renderer.setClip(PixelRect(x: 0, y: value, width: value, height: 10))
        }
        sdl.renderer.setClip(nil)
        sdl.renderer.clear(black)
        #expect(try sdl.renderer.readPixels()[0, 0] == black)
    }

    @Test func fillsLandOnTheirPixels() throws {
        let sdl = try Headless()
        sdl.renderer.clear(black)
        var list = DrawList()
        list.fill(Rect(x: 10, y: 10, width: 20, height: 10), red)
        list.fill(Rect(x: 100, y: 0, width: 10, height: 10), blue)
        let stats = try sdl.executor().execute(list)
        #expect(stats.drawn == 1 && stats.culled == 1 && stats.failed == 0)
        let frame = try sdl.renderer.readPixels()
        #expect(frame.size == PixelSize(width: 64, height: 48))
        #expect(frame[10, 10] == red)
        #expect(frame[29, 19] == red)
        #expect(frame[9, 10] == black)
        #expect(frame[30, 19] == black)
        #expect(frame[29, 20] == black)
    }

    @Test func savedScreenshotHasTheFramesColours() throws {
        let sdl = try Headless()
        sdl.renderer.clear(red)
        var list = DrawList()
        list.fill(Rect(x: 32, y: 0, width: 32, height: 48), blue)
        try sdl.executor().execute(list)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sdl-backend-shot-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try sdl.renderer.savePNG(path: path)
        let saved = try RGBAImage.load(path: path)
        #expect(saved.size == PixelSize(width: 64, height: 48))
        #expect(saved[0, 0] == red)
        #expect(saved[63, 47] == blue)
    }

    /// A 20×40 image, red above row 20 and blue below, aspect-filled into a 20×20 frame
    /// shifted up by 7 points: the frame shows rows 10…29, so the boundary lands 10 points
    /// into the frame, at y = 3; the clip ends the image at y = 10.
    @Test func aspectFillCropPutsTheBoundaryWhereTheMathSays() throws {
        let sdl = try Headless()
        var image = RGBAImage(width: 20, height: 40, color: red)
        for y in 20..<40 { for x in 0..<20 { image[x, y] = blue } }
        let images = ImageLibrary(photos: [try sdl.renderer.makeTexture(from: image)], covers: [])
        sdl.renderer.clear(black)
        var list = DrawList()
        list.image(.photo(0), frame: Rect(x: 5, y: -7, width: 20, height: 20), clip: Rect(x: 0, y: 0, width: 64, height: 10))
        #expect(try sdl.executor(images: images).execute(list).drawn == 1)
        let frame = try sdl.renderer.readPixels()
        for x in [5, 15, 24] {
            #expect(frame[x, 0] == red)
            #expect(frame[x, 2] == red)
            #expect(frame[x, 3] == blue)
            #expect(frame[x, 9] == blue)
            #expect(frame[x, 10] == black)
        }
        #expect(frame[4, 5] == black)
        #expect(frame[25, 5] == black)
    }

    @Test func opacityBlendsAndDoesNotStickToTheTexture() throws {
        let sdl = try Headless()
        let opaque = try sdl.renderer.makeTexture(from: RGBAImage(width: 8, height: 8, color: red))
        let images = ImageLibrary(photos: [opaque], covers: [])
        sdl.renderer.clear(black)
        var list = DrawList()
        let viewport = sdl.renderer.viewport
        list.image(.photo(0), frame: Rect(x: 0, y: 0, width: 8, height: 8), clip: viewport, opacity: 0.5)
        list.image(.photo(1), frame: Rect(x: 8, y: 0, width: 8, height: 8), clip: viewport)
        try sdl.executor(images: images).execute(list)
        let frame = try sdl.renderer.readPixels()
        #expect((127...129).contains(frame[4, 4].r))
        #expect(frame[4, 4].g == 0 && frame[4, 4].b == 0)
        #expect(frame[12, 4] == red)
    }

    @Test func textDrawsInsideItsBoxAndIsCached() throws {
        let sdl = try Headless(size: Size(width: 200, height: 60))
        let executor = try sdl.executor()
        let box = try executor.text.measure("Hg 42", size: 16)
        #expect(box.width > 20 && box.height >= 16)
        sdl.renderer.clear(black)
        var list = DrawList()
        list.text("Hg 42", at: Point(x: 150, y: 20), size: 16, color: .white, alignment: .trailing)
        list.text("", at: Point(x: 0, y: 0), size: 16, color: .white)
        executor.execute(list)
        let frame = try sdl.renderer.readPixels()
        var inside = 0, outside = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame[x, y] != black {
                let inBox = Double(x) >= 150 - box.width && x < 150 && y >= 20 && Double(y) < 20 + box.height
                if inBox { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 30)
        #expect(outside == 0)
        executor.execute(list)
        #expect(executor.text.renderCount == 1)
        #expect(executor.text.cachedCount == 1)
    }

    @Test func textCacheEvictsTheLeastRecentlyUsed() throws {
        let sdl = try Headless()
        let text = try TextRenderer(renderer: sdl.renderer, fontPath: FontFiles.locate().regular, cacheLimit: 8)
        for i in 0..<20 { _ = try text.texture(for: "\(i)", size: 10, color: .white, scale: 1) }
        #expect(text.cachedCount <= 8)
        let before = text.renderCount
        _ = try text.texture(for: "19", size: 10, color: .white, scale: 1)
        #expect(text.renderCount == before)
    }

    @Test func imageDirectoriesLoadSortedAndWrap() throws {
        let sdl = try Headless()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sdl-backend-res-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let photos = root.appendingPathComponent("photos"), covers = root.appendingPathComponent("covers")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: covers, withIntermediateDirectories: true)
        try RGBAImage(width: 3, height: 2, color: red).savePNG(path: photos.appendingPathComponent("b.png").path)
        try RGBAImage(width: 5, height: 4, color: blue).savePNG(path: photos.appendingPathComponent("a.PNG").path)
        try Data("not an image".utf8).write(to: photos.appendingPathComponent("notes.txt"))

        #expect(throws: SDLError.noImages(directory: covers.path, reason: "no .png, .jpg or .jpeg files")) {
            try ImageLibrary(renderer: sdl.renderer, resourcesDirectory: root.path)
        }
        try RGBAImage(width: 6, height: 6, color: red).savePNG(path: covers.appendingPathComponent("c.png").path)
        let library = try ImageLibrary(renderer: sdl.renderer, resourcesDirectory: root.path)
        #expect(library.photos.map(\.pixelSize) == [PixelSize(width: 5, height: 4), PixelSize(width: 3, height: 2)])
        #expect(library.texture(for: .photo(3))?.pixelSize == PixelSize(width: 3, height: 2))
        #expect(library.texture(for: .photo(-1))?.pixelSize == PixelSize(width: 3, height: 2))
        #expect(library.texture(for: .cover(7))?.pixelSize == PixelSize(width: 6, height: 6))
    }

    /// A 12,000 × 12,000 photo cost 2.2 GB decoded whole; through the photo
    /// pipeline it is shrunk on load to the largest side a cell needs, and a truncated JPEG
    /// is refused with the reason instead of drawn grey.
    @Test func hugePhotosShrinkOnLoadAndTruncatedOnesSaySo() throws {
        let sdl = try Headless()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sdl-backend-huge-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let huge = dir.appendingPathComponent("huge.jpg").path
        let vips = Isolated.process(URL(fileURLWithPath: "/usr/bin/vips"), ["black", huge, "12000", "12000"])
        try vips.run()
        vips.waitUntilExit()
        try #require(vips.terminationStatus == 0, "libvips-tools' vips made the test image")
        let texture = try sdl.renderer.loadPhotoTexture(path: huge, maxSide: ImageLibrary.largestSide)
        #expect(texture.pixelSize == PixelSize(width: ImageLibrary.largestSide, height: ImageLibrary.largestSide))

        let whole = try Data(contentsOf: URL(fileURLWithPath: huge))
        let truncated = dir.appendingPathComponent("truncated.jpg").path
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
        let error = #expect(throws: SDLError.self) { try sdl.renderer.loadPhotoTexture(path: truncated, maxSide: 256) }
        #expect(error?.reason.contains("truncated") == true, "\(String(describing: error))")
    }

    @Test func missingDirectoryErrorNamesIt() throws {
        let sdl = try Headless()
        let error = #expect(throws: SDLError.self) {
            try ImageLibrary.loadDirectory("/nonexistent/photos", renderer: sdl.renderer)
        }
        #expect(error?.description.contains("/nonexistent/photos") == true)
    }

    @Test func oversizedSurfacesShrinkToFitKeepingAspect() throws {
        let big = try Surface(image: RGBAImage(width: 100, height: 50, color: blue))
        let fitted = try big.fitting(in: PixelSize(width: 40, height: 40))
        #expect(fitted.size == PixelSize(width: 40, height: 20))
        #expect(try fitted.rgbaImage()[20, 10] == blue)
        #expect(try big.fitting(in: PixelSize(width: 100, height: 50)) === big)
    }

    @Test func pushedEventsComeBackTranslatedAndTimed() throws {
        let video = try SDLVideo(driver: .headless)
        let clock = Clock()
        let inputs: [InputEvent] = [
            .pointerDown(Point(x: 1, y: 2)), .pointerMoved(Point(x: 3, y: 4)), .pointerUp(Point(x: 5, y: 6)),
            .wheel(WheelDelta(dy: 0.5, isPrecise: true)), .key(.character("?"), .shift), .key(.function(3), []),
        ]
        for input in inputs { try video.pushSynthetic(input) }
        let events = video.pollEvents(clock: clock)
        #expect(events.compactMap(\.timedInput).map(\.event) == inputs)
        let now = clock.now()
        for event in events {
            // Millisecond timestamps may round either way around the clock's reading.
            #expect(event.time > -0.002 && event.time <= now + 0.002)
        }
        #expect(video.pollEvents(clock: clock).isEmpty)
    }

    /// A drop goes through SDL's queue like one from the window system.
    @Test func aDropComesBackAsItsPath() throws {
        let video = try SDLVideo(driver: .headless)
        var drop = SDL_Event()
        drop.type = SDL_DROPFILE.rawValue
        drop.drop.file = SDL_strdup("/tmp/photos")
        #expect(SDL_PushEvent(&drop) == 1)
        #expect(video.pollEvents(clock: Clock()).map(\.event) == [.dropped("/tmp/photos")])
    }

    /// Draws as a display with two pixels per point would: points double, text is
    /// rasterised at twice its size.
    @Test func highDensityScaleDoublesEverything() throws {
        let sdl = try Headless()
        let executor = try sdl.executor()
        sdl.renderer.clear(black)
        var list = DrawList()
        list.fill(Rect(x: 5, y: 5, width: 10, height: 5), red)
        list.text("W", at: Point(x: 20, y: 2), size: 8, color: .white)
        let viewport = Rect(x: 0, y: 0, width: 32, height: 24)
        #expect(executor.execute(list, scale: 2, viewport: viewport, images: executor.images).drawn == 2)
        let frame = try sdl.renderer.readPixels()
        #expect(frame[10, 10] == red && frame[29, 19] == red)
        #expect(frame[9, 10] == black && frame[30, 19] == black && frame[29, 20] == black)
        let singleScale = try #require(try executor.text.texture(for: "W", size: 8, color: .white, scale: 1))
        let doubleScale = try #require(try executor.text.texture(for: "W", size: 8, color: .white, scale: 2))
        #expect(doubleScale.pixelSize.height >= 2 * singleScale.pixelSize.height - 1)
        #expect((0..<frame.height).contains { y in frame[41, y] != black || frame[44, y] != black })
    }

    @Test func aMissingFontNamesThePackageAndTheOption() {
        let error = #expect(throws: SDLError.self) { try FontFiles.locate(explicitPath: "/nonexistent/font.ttf") }
        let message = error?.description ?? ""
        #expect(message.contains("fonts-dejavu-core") && message.contains("--font") && message.contains("/nonexistent/font.ttf"))
    }
}
