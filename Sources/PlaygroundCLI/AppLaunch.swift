import ArgumentParser
import FileOutput
import Foundation
import ParallaxKit
import PhotoPipeline
import PlaygroundCommands
import Presentation
import PlaygroundWindow
import Rendering
import SDLBackend

extension PlaygroundApp {
    /// The window of `display`'s size on `video`, its renderer, the images, the font and the
    /// model, ready to run: what the window and the monkey both open.
    /// `folder` is `display`'s photo folder as loaded (`PhotoFolderOptions.load`): the window
    /// reads its first screen of headers and the rest arrive while it runs; the monkey reads
    /// them all first (it compares the window's model against a copy, which must see the same
    /// photos from the start). `windowPosition` places the window (else it is centred).
    static func open(video: SDLVideo, display: DisplayOptions, folder: PhotoFolderContents?, diskCaches: PhotoDiskCaches,
                     vsync: Bool, reduceMotion: Bool, windowPosition: Point? = nil,
                     comparison: Comparison? = nil) throws -> PlaygroundApp {
        let resources = try locateResources(display.resources)
        let fonts: FontFiles
        do { fonts = try FontFiles.locate(explicitPath: display.font) } catch { throw InputError(message: "\(error)") }
        do {
            let window = try Window(video: video, title: "Parallax Playground", size: display.size.size, position: windowPosition)
            let renderer = try Renderer(window: window, vsync: vsync)
            let images = try loadImages(renderer: renderer, resources: resources, folder: folder, cacheMegabytes: display.cacheMegabytes,
                                        fadeSeconds: reduceMotion ? 0 : PhotoTextures.Settings().fadeSeconds,
                                        diskCaches: diskCaches)
            let text = try TextRenderer(renderer: renderer, fontPath: fonts.regular)
            let executor = DrawListExecutor(renderer: renderer, images: images, text: text)
            let playground = display.model.makePlayground(viewportSize: renderer.viewport.size, reduceMotion: reduceMotion, folder: folder)
            playground.photoDates = folder?.dates
            if let start = folder?.startIndex { playground.scroll(toItem: start) }
            let app = PlaygroundApp(video: video, window: window, renderer: renderer, executor: executor, playground: playground,
                                    comparison: comparison)
            app.headerScan = folder.map { HeaderArrivals(contents: $0) }
            app.panelFontPath = fonts.regular
            return app
        } catch {
            // Only SDL's errors reach here: the window, renderer, images or font failed.
            printError("\(error)")
            throw ExitCode(1)
        }
    }
}

extension OffscreenCanvas {
    /// The canvas `shot` and `record` draw on, with `display`'s images and font; a bad
    /// `--resources` or `--font` is an input error, SDL's failures are printed and end the
    /// command with status 1.
    static func open(display: DisplayOptions, size: Size, folder: PhotoFolderContents?) throws -> OffscreenCanvas {
        let resources = try locateResources(display.resources)
        let fonts: FontFiles
        do { fonts = try FontFiles.locate(explicitPath: display.font) } catch { throw InputError(message: "\(error)") }
        do {
            return try OffscreenCanvas(resources: resources, fontPath: fonts.regular, cacheMegabytes: display.cacheMegabytes,
                                       size: size, folder: folder)
        } catch {
            printError("\(error)")
            throw ExitCode(1)
        }
    }
}
