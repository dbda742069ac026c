import ArgumentParser
import Foundation
import ParallaxKit
import PhotoPipeline
import SDLBackend

/// A headless SDL window and software renderer of one size, with the images and font to draw
/// a draw list into it: what `shot` and `record` render with. Every frame waits until each
/// visible photo and cover is decoded at the size its cell needs, so the same input gives the
/// same pixels on any machine.
final class OffscreenCanvas {
    let video: SDLVideo
    let window: Window
    let renderer: Renderer
    let executor: DrawListExecutor

    /// Longest wait for the visible photos' decodes: minutes of 100-megapixel files on one
    /// core, and still an end for a decoder that hangs.
    static let decodeTimeout = 300.0

    /// Opens the canvas; SDL's failures are printed and end the command with status 1.
    init(display: DisplayOptions, size: Size, folder: PhotoFolderContents?) throws {
        let resources = try locateResources(display.resources)
        let fonts: FontFiles
        do { fonts = try FontFiles.locate(explicitPath: display.font) } catch { throw InputError(message: "\(error)") }
        do {
            video = try SDLVideo(driver: .headless)
            window = try Window(video: video, title: "Parallax Playground", size: size)
            renderer = try Renderer(window: window, vsync: false)
            // No fade: a file shows every photo whole.
            let images = try loadImages(renderer: renderer, resources: resources, folder: folder,
                                        cacheMegabytes: display.cacheMegabytes, fadeSeconds: 0)
            let text = try TextRenderer(renderer: renderer, fontPath: fonts.regular)
            executor = DrawListExecutor(renderer: renderer, images: images, text: text)
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
    }

    /// How long the last frame's draw list took to execute, in milliseconds: drawing only, not
    /// the wait for photos nor reading the pixels back (what the overlay's "drawing" shows).
    private(set) var lastExecuteMilliseconds = 0.0

    /// The viewport in points, for the playground.
    var viewportSize: Size { renderer.viewport.size }

    /// Draws `list` (a frame of `playground`) over the background, with every visible image
    /// sharp; the caller reads the pixels before the next frame.
    func draw(_ list: DrawList, of playground: Playground) {
        let images = executor.images
        let visible = PhotoDemand().needs(of: playground, drawList: list).filter { $0.urgency == .visible }
        for (pipeline, needs) in [(images.pipeline, visible), (images.coverPipeline, PhotoDemand().coverNeeds(drawList: list))] {
            if let pipeline, !pipeline.loadAll(needs, scale: renderer.scale, timeout: Self.decodeTimeout) {
                printError("the images were not all decoded within \(Int(Self.decodeTimeout)) s; the frame shows placeholders")
            }
        }
        let started = monotonicNanoseconds()
        renderer.clear(SceneRenderer.Palette.background)
        let stats = executor.execute(list)
        lastExecuteMilliseconds = Double(monotonicNanoseconds() - started) / 1e6
        if let error = stats.lastError { printError("\(stats.failed) drawing command(s) failed; the last: \(error)") }
    }

    /// Draws `list` and reads the frame back.
    func render(_ list: DrawList, of playground: Playground) throws(SDLError) -> RGBAImage {
        draw(list, of: playground)
        return try renderer.readPixels()
    }
}
