import ArgumentParser
import Foundation
import ParallaxKit
import SDLBackend

extension PlaygroundApp {
    /// The window of `display`'s size on `video`, its renderer, the images, the font and the
    /// model, ready to run: what the window and the monkey both open.
    static func open(video: SDLVideo, display: DisplayOptions, vsync: Bool, reduceMotion: Bool) throws -> PlaygroundApp {
        let resources = try locateResources(display.resources)
        let folder = try display.model.folder.load()
        let fonts: FontFiles
        do { fonts = try FontFiles.locate(explicitPath: display.font) } catch { throw InputError(message: "\(error)") }
        do {
            let window = try Window(video: video, title: "Parallax Playground", size: display.size.size)
            let renderer = try Renderer(window: window, vsync: vsync)
            let images = try loadImages(renderer: renderer, resources: resources, folder: folder)
            let text = try TextRenderer(renderer: renderer, fontPath: fonts.regular)
            let executor = DrawListExecutor(renderer: renderer, images: images, text: text)
            let playground = display.model.makePlayground(viewportSize: renderer.viewport.size, reduceMotion: reduceMotion, folder: folder)
            return PlaygroundApp(video: video, window: window, renderer: renderer, executor: executor, playground: playground)
        } catch {
            // Only SDL's errors reach here: the window, renderer, images or font failed.
            printError("\(error)")
            throw ExitCode(1)
        }
    }
}

/// The photos (the folder's, in its order, or the bundled ones) and the covers (always from
/// `resources`), each unreadable file named in one warning.
func loadImages(renderer: Renderer, resources: String, folder: PhotoFolderContents?) throws(SDLError) -> ImageLibrary {
    let warn = { (problem: String) in printWarning("skipping \(problem)") }
    guard let folder else { return try ImageLibrary(renderer: renderer, resourcesDirectory: resources, skipped: warn) }
    return try ImageLibrary(
        renderer: renderer, photoPaths: folder.paths,
        coversDirectory: URL(fileURLWithPath: resources).appendingPathComponent("covers").path, skipped: warn)
}
