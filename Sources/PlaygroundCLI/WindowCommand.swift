import ArgumentParser
import DesktopSettings
import FileOutput
import Foundation
import ParallaxKit
import PhotoPipeline
import PlaygroundWindow
import SDLBackend

/// Options every window-drawing command shares.
struct DisplayOptions: ParsableArguments {
    @OptionGroup var model: ModelOptions

    // Optional so the window can tell a size given from none (then the remembered one), and
    // `record` a GIF's default from the window's.
    @Option(name: .customLong("size"), parsing: .unconditional,
            help: "Window size in points, WIDTHxHEIGHT, each side 1 to 16384 (default: 1280x800; the window: the last size; a GIF recording: 640x400).",
            transform: { try ViewportSize(parsing: $0) })
    var requestedSize: ViewportSize?

    /// The window's size when `--size` is not given (and none is remembered).
    static let defaultSize = ViewportSize(width: 1280, height: 800)

    /// `--size`, or the default.
    var size: ViewportSize {
        get { requestedSize ?? Self.defaultSize }
        set { requestedSize = newValue }
    }

    @Option(help: "Folder with photos/ and covers/ (PNG or JPEG). Default: the bundled Resources.")
    var resources: String?

    @Option(help: "A TrueType font. Default: DejaVu Sans from Debian's fonts-dejavu-core.")
    var font: String?

    @Option(help: "A built-in script (\(BuiltinScript.validNames)) or a script file to replay.")
    var script: String?

    @Option(name: .customLong("cache-mb"), parsing: .unconditional,
            help: "Megabytes of decoded photos kept as textures (\(DisplayOptions.cacheRange.lowerBound) to \(DisplayOptions.cacheRange.upperBound)).")
    var cacheMegabytes = 256

    /// 8 MB holds a screen of small cells; 64 GB is past any GPU's memory.
    static let cacheRange = 8...65_536

    func validate() throws {
        guard Self.cacheRange.contains(cacheMegabytes) else {
            throw ValidationError("--cache-mb must be from \(Self.cacheRange.lowerBound) to \(Self.cacheRange.upperBound), got \(cacheMegabytes)")
        }
    }
}

/// The window's copies of photos on disk: only the commands that open the window take it
/// (`shot` and `record` never use the copies, so their pixels always come from the files).
struct DiskCacheOptions: ParsableArguments {
    @Option(name: .customLong("disk-cache-mb"), parsing: .unconditional,
            help: "Megabytes of cell-sized copies kept in $XDG_CACHE_HOME/parallax-playground/thumbnails for the next visit (0 to \(DiskCacheOptions.diskCacheRange.upperBound); 0: none, and no shared thumbnails either).")
    var diskCacheMegabytes = 1024

    /// Up to 1 TB: a limit, not a reservation.
    static let diskCacheRange = 0...1_048_576

    func validate() throws {
        guard Self.diskCacheRange.contains(diskCacheMegabytes) else {
            throw ValidationError("--disk-cache-mb must be from 0 to \(Self.diskCacheRange.upperBound), got \(diskCacheMegabytes)")
        }
    }

    @Flag(name: .customLong("no-shared-thumbnails"),
          help: "Neither read nor write the thumbnails file managers share ($XDG_CACHE_HOME/thumbnails, the freedesktop.org standard). --disk-cache-mb 0 turns them off too.")
    var noSharedThumbnails = false

    /// The on-disk copies, or nil when turned off or no cache folder can be made.
    var diskCache: DiskThumbnailCache? {
        guard diskCacheMegabytes > 0, let folder = DiskThumbnailCache.defaultFolder() else { return nil }
        return DiskThumbnailCache(folder: folder, byteLimit: diskCacheMegabytes << 20)
    }

    /// The shared thumbnails, unless turned off (`--no-shared-thumbnails`, or
    /// `--disk-cache-mb 0`: nothing of the photos kept on disk or read from it).
    var sharedThumbnails: SharedThumbnails? {
        guard !noSharedThumbnails, diskCacheMegabytes > 0, let root = SharedThumbnails.defaultRoot() else { return nil }
        return SharedThumbnails(root: root)
    }

    var caches: PhotoDiskCaches { PhotoDiskCaches(copies: diskCache, shared: sharedThumbnails) }
}

/// `parallax-playground` (the default): the window.
struct WindowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the playground window (the default command).",
        discussion: "Press H in the window for the keys. Without a display, use `parallax-playground shot`."
    )

    @Argument(help: ArgumentHelp("A folder of photos to show (as --photos), or a photo: its folder opens at it.", valueName: "folder-or-photo"),
              completion: .file())
    var open: String?

    @OptionGroup var display: DisplayOptions

    @OptionGroup var diskCacheOptions: DiskCacheOptions

    @OptionGroup var comparing: CompareOptions

    @Flag(help: "Start with vsync off (V toggles it).")
    var noVsync = false

    @Flag(help: "Start with reduce motion on (parallax off). Default: on when GNOME's enable-animations is false.")
    var reduceMotion = false

    @Option(parsing: .unconditional, help: "Quit after this many seconds (up to a day: 86400).")
    var exitAfter: Double?

    @Flag(help: "Quit at the first frame on which every visible image is sharp (or at --exit-after, if sooner): for timing start-up.")
    var exitWhenSharp = false

    @Option(help: "Write frame statistics as JSON here at exit.")
    var statsJson: String?

    @Flag(help: "Neither read nor write the remembered settings ($XDG_CONFIG_HOME/parallax-playground/settings.json): start from the defaults.")
    var noSettings = false

    @Option(name: .customLong("record-size"), parsing: .unconditional,
            help: ArgumentHelp("The R key's video at most WIDTHxHEIGHT pixels, each side 2 to 16384: the window's frame scaled to fit, keeping its shape (default: the window's size). 640x400 costs the encoder about a third of 1280x800.",
                               valueName: "WxH"))
    var recordSize: String?

    @Flag(help: "Decode every photo at its cell's size before the first frame (for measuring frames with no image work left; needs --cache-mb large enough for the folder).")
    var preloadPhotos = false

    func validate() throws {
        try comparing.check(strategy: display.model.strategy, parallax: nil, scene: display.model.sceneChoice, technique: display.model.technique)
        if open != nil, display.model.folder.photos != nil {
            throw ValidationError("give the folder either as the first argument or with --photos, not both")
        }
        if let recordSize { _ = try Self.parseRecordSize(recordSize) }
        if let exitAfter, !(exitAfter > 0 && exitAfter <= 86_400) {
            throw ValidationError("--exit-after must be more than 0 and at most 86400 seconds")
        }
    }

    /// `--record-size`: whole pixels, each side 2 to 16,384 (the largest window, see `ViewportSize`).
    static func parseRecordSize(_ text: String) throws -> PixelSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw ValidationError("--record-size: expected WIDTHxHEIGHT in whole pixels, e.g. 640x400")
        }
        guard (2...16_384).contains(width), (2...16_384).contains(height) else {
            throw ValidationError("--record-size: width and height must each be from 2 to 16384 pixels")
        }
        return PixelSize(width: width, height: height)
    }

    func run() throws {
        let mainEntered = monotonicNanoseconds()
        // A stats file that can never be written is an input error now, not after the run.
        if let statsJson { _ = try OutputDestination.resolve(statsJson) }
        // Input errors first.
        let opened = try open.map(OpenedPath.init)
        let script = try display.script.map(loadScript)
        let noDisplay = "The window needs X11 or Wayland; to render without one, use `parallax-playground shot --scene \(display.model.scene.name) --out frame.png`."
        let environment = ProcessInfo.processInfo.environment
        // Said before SDL starts, so its own complaints (XDG_RUNTIME_DIR, Wayland) do not come first.
        if environment["SDL_VIDEODRIVER"] == nil, (environment["DISPLAY"] ?? "").isEmpty, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            printError("no display: neither DISPLAY nor WAYLAND_DISPLAY is set. " + noDisplay)
            throw ExitCode(1)
        }
        // libvips is not started here: the photo loader's workers load it (dlopen) with their
        // first decode. Loaded beside the window's start-up, it would hold the dynamic
        // loader's lock that SDL's own dlopens (X11, GL, the Mesa driver) wait for.
        var display = self.display
        if let opened { display.model.folder.photos = opened.folder }
        // The desktop's reduce-motion answer and the folder's first screen of headers are
        // found on threads of their own while SDL connects to the display (about 40 ms here).
        let settings = WindowSettings(enabled: !noSettings, systemMotion: DesktopMotionPreference())
        settings.fill(&display, folderGiven: opened != nil)
        let folderOptions = display.model.folder, preloadPhotos = preloadPhotos, startPhoto = opened?.photoName
        let folderLoad = folderOptions.opening(waitingForAll: preloadPhotos, startingAt: startPhoto)
        let video: SDLVideo
        do {
            video = try SDLVideo()
        } catch {
            printError("\(error). " + noDisplay)
            throw ExitCode(1)
        }
        video.quitOnHangUp()
        let app = try PlaygroundApp.open(
            video: video, display: display, folder: folderLoad?.contents(), diskCaches: diskCacheOptions.caches,
            vsync: settings.vsync(noVsyncFlag: noVsync), reduceMotion: settings.reduceMotion(flag: reduceMotion),
            windowPosition: settings.windowPosition, comparison: comparing.compare)
        if let overlay = settings.stored.overlay { app.setDecorations { $0.overlay = overlay } }
        let started = settings.current(of: app, folder: display.model.folder.photos)
        app.runStatistics.startup.main_ns = mainEntered
        if preloadPhotos, let pipeline = app.executor.images.pipeline {
            let everything = PhotoDemand().needsOfEveryItem(of: app.playground)
            if !pipeline.loadAll(everything, scale: app.renderer.scale, timeout: 3600) || pipeline.counters.texturesHeld < everything.count {
                printWarning("--preload-photos: \(pipeline.counters.texturesHeld) of \(everything.count) photos are held; raise --cache-mb")
            }
        }
        let shownFolder = ShownFolder(display.model.folder.photos)
        let diskCaches = diskCacheOptions.caches
        app.onDrop = { [unowned app] path in
            if let folder = app.openDropped(path, display: display, diskCaches: diskCaches) { shownFolder.path = folder }
        }
        app.script = script
        app.recorder.largestVideoSize = try recordSize.map(Self.parseRecordSize)
        app.exitAfter = exitAfter
        app.exitWhenSharp = exitWhenSharp
        // What the window manager does to the window while it opens is not the user's choice.
        let placement = PlacementWatch(started: started, requestedSize: display.size)
        app.afterFrame = { [unowned app] frame in placement.note(app, at: frame.time) }
        app.run()
        app.headerScan?.library?.finishForExit()
        // The file gets only what the user changed: the command line's options were for this run.
        let final = placement.placement.userChanges(settings.current(of: app, folder: shownFolder.path), started: started)
        settings.save(final, startedWith: started)
        if let statsJson { try app.runStatistics.write(to: statsJson) }
    }
}
