import ArgumentParser
import Foundation
import ParallaxKit
import PhotoPipeline
import Presentation
import SDLBackend

extension PlaygroundApp {
    /// The window of `display`'s size on `video`, its renderer, the images, the font and the
    /// model, ready to run: what the window and the monkey both open.
    /// With `growing`, a photo folder's first screen of headers is read before the first
    /// frame and the rest while it runs; without, all of them first (the monkey compares the
    /// window's model against a copy, which must see the same photos from the start).
    /// With `startPhoto` (a file name in `--photos`' folder), the list starts at that photo;
    /// `windowPosition` places the window (else it is centred).
    static func open(video: SDLVideo, display: DisplayOptions, diskCache: DiskThumbnailCache?, vsync: Bool, reduceMotion: Bool,
                     growing: Bool = false, startPhoto: String? = nil, windowPosition: Point? = nil,
                     comparison: Comparison? = nil) throws -> PlaygroundApp {
        let resources = try locateResources(display.resources)
        let folder = try display.model.folder.load(waitingForAll: !growing, startingAt: startPhoto)
        let fonts: FontFiles
        do { fonts = try FontFiles.locate(explicitPath: display.font) } catch { throw InputError(message: "\(error)") }
        do {
            let window = try Window(video: video, title: "Parallax Playground", size: display.size.size, position: windowPosition)
            let renderer = try Renderer(window: window, vsync: vsync)
            let images = try loadImages(renderer: renderer, resources: resources, folder: folder, cacheMegabytes: display.cacheMegabytes,
                                        fadeSeconds: reduceMotion ? 0 : PhotoTextures.Settings().fadeSeconds,
                                        diskCache: diskCache)
            let text = try TextRenderer(renderer: renderer, fontPath: fonts.regular)
            let executor = DrawListExecutor(renderer: renderer, images: images, text: text)
            let playground = display.model.makePlayground(viewportSize: renderer.viewport.size, reduceMotion: reduceMotion, folder: folder)
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

/// The photos (the folder's, in its order, or the bundled ones) and the covers (always from
/// `resources`), each through a photo pipeline of its own: nothing is decoded before the
/// first frame. A file that cannot be shown is named as the pipeline meets it (a folder
/// named like an image at once).
func loadImages(renderer: Renderer, resources: String, folder: PhotoFolderContents?, cacheMegabytes: Int,
                fadeSeconds: Double = PhotoTextures.Settings().fadeSeconds, diskCache: DiskThumbnailCache? = nil) throws(SDLError) -> ImageLibrary {
    let root = URL(fileURLWithPath: resources)
    let skipped = { (problem: String) in printWarning("skipping \(problem)") }
    let paths: [String]
    if let folder {
        paths = folder.paths
    } else {
        paths = try ImageLibrary.imagePaths(in: root.appendingPathComponent("photos").path, skipped: skipped)
    }
    var settings = PhotoTextures.Settings()
    settings.cacheBytes = cacheMegabytes << 20
    settings.fadeSeconds = fadeSeconds
    // Placeholders pulse where photos fade in: not under reduce motion, not in a file.
    if fadeSeconds == 0 { settings.loadingPulseSeconds = 0 }
    // libvips loads with the first decode: after the first frame, not beside it.
    settings.decodesAfterFirstFrame = true
    let pipeline = PhotoTextures(renderer: renderer, paths: paths, headers: folder?.headers ?? [],
                                 knownProblems: folder?.problems ?? [:], settings: settings,
                                 loader: PhotoLoader(diskCache: diskCache), warn: printWarning)
    // Covers: a dozen small squares, never pushed out by photos; no disk copies (they are
    // small files already).
    var coverSettings = settings
    coverSettings.cacheBytes = PhotoTextures.coverCacheBytes
    let covers = PhotoTextures(renderer: renderer, paths: try ImageLibrary.imagePaths(in: root.appendingPathComponent("covers").path, skipped: skipped),
                               settings: coverSettings, loader: PhotoLoader(workers: 1), warn: printWarning)
    return ImageLibrary(pipeline: pipeline, coverPipeline: covers)
}
