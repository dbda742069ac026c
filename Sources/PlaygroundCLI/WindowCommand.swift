import ArgumentParser
import DesktopSettings
import FileOutput
import Foundation
import ParallaxKit
import PhotoPipeline
import SDLBackend

/// What every command that builds a playground asks: which scene, strategy and item count.
struct ModelOptions: ParsableArguments {
    // Optional so the window can tell a scene given from none (then the preset's, then the
    // remembered one).
    @Option(name: .customLong("scene"), help: "Scene: \(SceneID.validNames). Default: photos (the window: the last one shown).")
    var sceneOption: SceneID?

    @Option(help: ArgumentHelp(
        "A preset: a NAME saved from the tuning panel ($XDG_CONFIG_HOME/parallax-playground/presets/NAME.json) or a FILE.json whose keys are these options' names. Options given beside it win.",
        valueName: "name|file"),
            transform: { argument in
                guard let store = PresetStore.standard() ?? (argument.contains("/") || argument.hasSuffix(".json") ? PresetStore(folder: "/") : nil) else {
                    throw ValidationError("--preset \(argument): neither XDG_CONFIG_HOME nor HOME is an absolute path, so there is no presets folder")
                }
                do { return try store.load(argument) } catch let error as PresetError { throw ValidationError(error.message) }
            })
    var preset: Preset?

    /// `--scene`, else the preset's.
    var sceneChoice: SceneID? {
        get { sceneOption ?? preset?.scene }
        set { sceneOption = newValue }
    }

    var scene: SceneID {
        get { sceneChoice ?? .photos }
        set { sceneChoice = newValue }
    }

    @Option(name: .customLong("strategy"), help: "Strategy: \(ParallaxStrategy.validNames). Default: the scene's own.")
    var strategyOption: ParallaxStrategy?

    /// `--strategy`, else the preset's.
    var strategy: ParallaxStrategy? {
        get { strategyOption ?? preset?.strategy }
        set { strategyOption = newValue }
    }

    // `.unconditional` so that `--items -3` reaches validation instead of reading as a flag.
    @Option(name: .customLong("items"), parsing: .unconditional,
            help: "Number of items (0 to 1,000,000). Default: the scene's own, or one per photo with --photos.")
    var itemsOption: Int?

    /// `--items`, else the preset's.
    var items: Int? { itemsOption ?? preset?.items }

    @Option(name: .customLong("technique"),
            help: ArgumentHelp("Another seed's mapping on this scene's list: \(ParallaxMapping.byAuthor.map(\.name).joined(separator: ", ")). Default: the scene's own.",
                               valueName: "author"),
            transform: { name in
                guard let found = ParallaxMapping.byAuthor.first(where: { $0.name == name }) else {
                    throw ValidationError("unknown technique '\(name)'; one of \(ParallaxMapping.byAuthor.map(\.name).joined(separator: ", "))")
                }
                return found.mapping
            })
    var techniqueOption: ParallaxMapping?

    /// `--technique`, else the preset's.
    var technique: ParallaxMapping? { techniqueOption ?? preset?.technique }

    @OptionGroup var folder: PhotoFolderOptions

    // The scroll view's feel: each knob's option has the name its preset key and script
    // `set` line have.
    @Option(name: .customLong("deceleration-rate"), help: ArgumentHelp("Fling: \(ScrollPhysics.Knob.decelerationRate.meaning); \(ScrollPhysics.decelerationRange.lowerBound) to \(ScrollPhysics.decelerationRange.upperBound), normal or fast. Default: normal.", valueName: "rate"))
    var decelerationRate: String?
    @Option(name: .customLong("rubber-band"), help: ArgumentHelp("\(ScrollPhysics.Knob.rubberBand.meaning.prefix(1).uppercased() + ScrollPhysics.Knob.rubberBand.meaning.dropFirst()); \(ScrollPhysics.rubberBandRange.lowerBound) to \(ScrollPhysics.rubberBandRange.upperBound).", valueName: "c"))
    var rubberBand: String?
    @Option(name: .customLong("spring-stiffness"), help: ArgumentHelp("The bounce-back spring's stiffness, mass 1; \(Int(ScrollPhysics.stiffnessRange.lowerBound)) to \(Int(ScrollPhysics.stiffnessRange.upperBound)). Default: 100.", valueName: "k"))
    var springStiffness: String?
    @Option(name: .customLong("spring-damping"), help: ArgumentHelp("The spring's damping ratio (1: critical; below it rings, above it creeps); \(ScrollPhysics.dampingRange.lowerBound) to \(ScrollPhysics.dampingRange.upperBound). Default: 1.", valueName: "ratio"))
    var springDamping: String?
    @Option(name: .customLong("wheel-line"), help: ArgumentHelp("Points a wheel notch or an arrow key scrolls; \(Int(ScrollPhysics.lineLengthRange.lowerBound)) to \(Int(ScrollPhysics.lineLengthRange.upperBound)). Default: 40.", valueName: "points"))
    var wheelLine: String?

    /// The knobs given as options, by knob.
    private var physicsOptions: [(ScrollPhysics.Knob, String)] {
        [(.decelerationRate, decelerationRate), (.rubberBand, rubberBand), (.springStiffness, springStiffness),
         (.springDamping, springDamping), (.wheelLine, wheelLine)].compactMap { knob, text in text.map { (knob, $0) } }
    }

    /// UIKit's feel, then the preset's knobs, then the options'.
    var physics: ScrollPhysics {
        var physics = preset?.physics ?? .uikit
        for (knob, text) in physicsOptions { if let v = knob.parse(text) { physics[knob] = v } }
        return physics
    }

    func validate() throws {
        for (knob, text) in physicsOptions where knob.parse(text) == nil {
            throw ValidationError("--\(knob.rawValue) takes a number from \(knob.range.lowerBound) to \(knob.range.upperBound)\(knob == .decelerationRate ? " (or normal, fast)" : ""), got '\(text)'")
        }
        if let items = itemsOption, items < 0 { throw ValidationError("--items must be 0 or more, got \(items)") }
        if let items = itemsOption, items > Playground.itemCountRange.upperBound {
            throw ValidationError("--items must be at most \(Playground.itemCountRange.upperBound), got \(items)")
        }
    }

    /// A playground of this scene, strategy and count in a viewport of `size`, showing the
    /// folder's photos when there is one (one item per photo unless `--items` says otherwise).
    func makePlayground(viewportSize size: Size, reduceMotion: Bool = false, folder: PhotoFolderContents? = nil,
                        parallaxAmount: Double? = nil) -> Playground {
        Playground(settings(reduceMotion: reduceMotion, folder: folder, parallaxAmount: parallaxAmount), viewportSize: size)
    }

    /// The one value these options configure a playground with.
    func settings(reduceMotion: Bool = false, folder: PhotoFolderContents? = nil, parallaxAmount: Double? = nil) -> PlaygroundSettings {
        var settings = PlaygroundSettings(
            scene: scene, strategy: strategy, itemCount: items, parallaxAmount: parallaxAmount ?? preset?.parallax,
            reduceMotion: reduceMotion || preset?.reduceMotion == true,
            photos: folder?.photos ?? .bundled, itemCountFollowsPhotos: folder != nil && items == nil, mapping: technique)
        settings.physics = physics
        return settings
    }
}

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
            help: "Megabytes of cell-sized copies kept in $XDG_CACHE_HOME/parallax-playground/thumbnails for the next visit (0 to \(DiskCacheOptions.diskCacheRange.upperBound); 0: none).")
    var diskCacheMegabytes = 1024

    /// Up to 1 TB: a limit, not a reservation.
    static let diskCacheRange = 0...1_048_576

    func validate() throws {
        guard Self.diskCacheRange.contains(diskCacheMegabytes) else {
            throw ValidationError("--disk-cache-mb must be from 0 to \(Self.diskCacheRange.upperBound), got \(diskCacheMegabytes)")
        }
    }

    /// The on-disk copies, or nil when turned off or no cache folder can be made.
    var diskCache: DiskThumbnailCache? {
        guard diskCacheMegabytes > 0, let folder = DiskThumbnailCache.defaultFolder() else { return nil }
        return DiskThumbnailCache(folder: folder, byteLimit: diskCacheMegabytes << 20)
    }
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
    static func parseRecordSize(_ text: String) throws -> SDLBackend.PixelSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw ValidationError("--record-size: expected WIDTHxHEIGHT in whole pixels, e.g. 640x400")
        }
        guard (2...16_384).contains(width), (2...16_384).contains(height) else {
            throw ValidationError("--record-size: width and height must each be from 2 to 16384 pixels")
        }
        return SDLBackend.PixelSize(width: width, height: height)
    }

    func run() throws {
        let mainEntered = monotonicNanoseconds()
        // A stats file that can never be written is an input error now, not after the run.
        if let statsJson { _ = try OutputDestination.resolve(statsJson) }
        // Input errors first: exiting while libvips starts on the thread below can abort.
        let opened = try open.map(OpenedPath.init)
        let script = try display.script.map(loadScript)
        let noDisplay = "The window needs X11 or Wayland; to render without one, use `parallax-playground shot --scene \(display.model.scene.name) --out frame.png`."
        let environment = ProcessInfo.processInfo.environment
        // Said before SDL starts, so its own complaints (XDG_RUNTIME_DIR, Wayland) do not come first.
        if environment["SDL_VIDEODRIVER"] == nil, (environment["DISPLAY"] ?? "").isEmpty, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            printError("no display: neither DISPLAY nor WAYLAND_DISPLAY is set. " + noDisplay)
            throw ExitCode(1)
        }
        // libvips loads its modules for tens of milliseconds: on another core, while the
        // window and its renderer are made here.
        Thread.detachNewThread { PhotoDecoder.prepare() }
        var display = self.display
        if let opened { display.model.folder.photos = opened.folder }
        let settings = WindowSettings(enabled: !noSettings, systemReducesMotion: systemPrefersReducedMotion())
        settings.fill(&display, folderGiven: opened != nil)
        let video: SDLVideo
        do {
            video = try SDLVideo()
        } catch {
            printError("\(error). " + noDisplay)
            throw ExitCode(1)
        }
        video.quitOnHangUp()
        let app = try PlaygroundApp.open(
            video: video, display: display, diskCache: diskCacheOptions.diskCache, vsync: settings.vsync(noVsyncFlag: noVsync),
            reduceMotion: settings.reduceMotion(flag: reduceMotion),
            growing: !preloadPhotos, startPhoto: opened?.photoName, windowPosition: settings.windowPosition,
            comparison: comparing.compare)
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
        let diskCache = diskCacheOptions.diskCache
        app.onDrop = { [unowned app] path in
            if let folder = app.openDropped(path, display: display, diskCache: diskCache) { shownFolder.path = folder }
        }
        app.script = script
        app.recorder.largestVideoSize = try recordSize.map(Self.parseRecordSize)
        app.exitAfter = exitAfter
        app.exitWhenSharp = exitWhenSharp
        app.run()
        settings.save(settings.current(of: app, folder: shownFolder.path), startedWith: started)
        if let statsJson { try app.runStatistics.write(to: statsJson) }
    }
}
