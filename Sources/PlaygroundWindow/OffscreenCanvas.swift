import FileOutput
import Foundation
import ParallaxKit
import PhotoPipeline
import Rendering
import SDLBackend

/// A headless SDL window and software renderer of one size, with the images and font to draw
/// a draw list into it: what `shot` and `record` render with. Every frame waits until each
/// visible photo and cover is decoded at the size its cell needs, so the same input gives the
/// same pixels on any machine.
public final class OffscreenCanvas {
    public let video: SDLVideo
    public let window: Window
    public let renderer: Renderer
    public let executor: DrawListExecutor
    /// Builds another set of image caches like the first (one per compared pane).
    private let makeImages: () throws(SDLError) -> ImageLibrary

    /// Longest wait for the visible photos' decodes: minutes of 100-megapixel files on one
    /// core, and still an end for a decoder that hangs.
    static let decodeTimeout = 300.0

    /// Opens the canvas of `size` points, the covers from `resources`, the photos from `folder`
    /// (else the bundled ones in `resources`), text in the font at `fontPath`.
    public init(resources: String, fontPath: String, cacheMegabytes: Int, size: Size, folder: PhotoFolderContents?) throws(SDLError) {
        video = try SDLVideo(driver: .headless)
        window = try Window(video: video, title: "Parallax Playground", size: size)
        renderer = try Renderer(window: window, vsync: false)
        // No fade: a file shows every photo whole.
        let renderer = renderer
        makeImages = { () throws(SDLError) in
            try loadImages(renderer: renderer, resources: resources, folder: folder,
                           cacheMegabytes: cacheMegabytes, fadeSeconds: 0)
        }
        let images = try makeImages()
        let text = try TextRenderer(renderer: renderer, fontPath: fontPath)
        executor = DrawListExecutor(renderer: renderer, images: images, text: text)
    }

    /// Draws through the one presenter, waiting for every visible photo.
    private(set) lazy var presenter: FramePresenter = {
        let presenter = FramePresenter(executor: executor, photoWait: .everyVisiblePhoto(timeout: Self.decodeTimeout))
        presenter.onPhotoTimeout = {
            printError("the images were not all decoded within \(Int(Self.decodeTimeout)) s; the frame shows placeholders")
        }
        return presenter
    }()

    /// How long the last frame's draw lists took to execute, in milliseconds: drawing only, not
    /// the wait for photos nor reading the pixels back (what the overlay's "drawing" shows).
    public var lastExecuteMilliseconds: Double { presenter.lastExecuteMilliseconds }

    /// The viewport in points, for the playground.
    public var viewportSize: Size { renderer.viewport.size }

    /// Draws the panes over the background, with every visible image sharp, then `over` on
    /// the whole canvas, and reads the frame back.
    public func render(_ panes: [PaneFrame], at time: Double = 0, over: DrawList = DrawList()) throws(SDLError) -> RGBAImage {
        // Compared panes decode at their own sizes, each in its own caches (the first pane's
        // are the canvas's own).
        if panes.count > 1 && presenter.paneImages.count < panes.count {
            var libraries = presenter.paneImages.isEmpty ? [executor.images] : presenter.paneImages
            while libraries.count < panes.count { libraries.append(try makeImages()) }
            presenter.paneImages = libraries
        }
        let stats = presenter.draw(panes, now: time)
        if let error = stats.lastError { printError("\(stats.failed) drawing command(s) failed; the last: \(error)") }
        presenter.drawOver(over)
        return try presenter.readBack()
    }

    /// Draws `list` (a frame of `playground`, the whole canvas) and reads the frame back.
    public func render(_ list: DrawList, of playground: Playground) throws(SDLError) -> RGBAImage {
        try render([PaneFrame(playground: playground, drawList: list, rect: renderer.viewport)])
    }
}
