import FileOutput
import Foundation
import PhotoPipeline
import Rendering
import SDLBackend

/// The photos (the folder's, in its order, or the bundled ones) and the covers (always from
/// `resources`), each through a photo pipeline of its own: nothing is decoded before the
/// first frame. A file that cannot be shown is named as the pipeline meets it (a folder
/// named like an image at once).
public func loadImages(renderer: Renderer, resources: String, folder: PhotoFolderContents?, cacheMegabytes: Int,
                       fadeSeconds: Double = PhotoTextures.Settings().fadeSeconds, diskCaches: PhotoDiskCaches = .none) throws(SDLError) -> ImageLibrary {
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
    // One decode thread per core, the last one decoding only while the frame loop is idle
    // (its frame pacing): the frames first, every core for photos when no frame needs one.
    settings.decodesWhileFramesRun = PhotoLoader.defaultWorkerCount
    // Without libvips the bundled images still draw through SDL_image; a folder's photos,
    // whose EXIF turn and colour profile SDL_image would ignore, show as tiles naming libvips.
    if folder != nil { settings.plainDecodeWithoutLibvips = false }
    let pipeline = PhotoTextures(renderer: renderer, paths: paths, headers: folder?.headers ?? [],
                                 knownProblems: folder?.problems ?? [:], settings: settings,
                                 loader: PhotoLoader(workers: PhotoLoader.oneWorkerPerCore, caches: diskCaches), warn: printWarning)
    // Covers: a dozen small squares, never pushed out by photos; no disk copies (they are
    // small files already).
    var coverSettings = settings
    coverSettings.cacheBytes = PhotoTextures.coverCacheBytes
    coverSettings.decodesWhileFramesRun = nil
    let covers = PhotoTextures(renderer: renderer, paths: try ImageLibrary.imagePaths(in: root.appendingPathComponent("covers").path, skipped: skipped),
                               settings: coverSettings, loader: PhotoLoader(workers: 1), warn: printWarning)
    return ImageLibrary(pipeline: pipeline, coverPipeline: covers)
}
