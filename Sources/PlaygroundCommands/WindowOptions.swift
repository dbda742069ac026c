import ArgumentParser
import ParallaxKit
import PhotoPipeline
import RunHarness

/// A command that draws a window (or a frame, or a video): the model's options and the
/// drawing's, declared side by side (see `DisplayOptions`), and `display`, the two together.
package protocol DrawsAWindow {
    var model: ModelOptions { get set }
    var drawing: DrawingOptions { get set }
}

extension DrawsAWindow {
    package var display: DisplayOptions {
        get { DisplayOptions(model: model, drawing: drawing) }
        set { (model, drawing) = (newValue.model, newValue.drawing) }
    }
}

/// Options every window-drawing command shares: the model's and the drawing's, put together.
///
/// Each command declares the two groups side by side (`DrawsAWindow`),
/// never one inside the other: ArgumentParser's debug build validates every option group
/// again at each level it is nested in, four validators per level, each building the group's
/// arguments anew. With the model's options two levels down, the debug `shot` spent 0.95 s of
/// CPU before it could say an option was wrong; side by side, 0.31 s (medians of 3, `time`'s
/// user seconds of `shot --out x.png --viewing-distance 0`). `make test` starts the debug app
/// about 700 times.
package struct DisplayOptions {
    package var model: ModelOptions
    package var drawing: DrawingOptions

    package init(model: ModelOptions, drawing: DrawingOptions) {
        self.model = model
        self.drawing = drawing
    }

    /// `--size`, if given.
    package var requestedSize: ViewportSize? {
        get { drawing.requestedSize }
        set { drawing.requestedSize = newValue }
    }

    /// The window's size when `--size` is not given (and none is remembered).
    package static let defaultSize = ViewportSize(width: 1280, height: 800)

    /// `--size`, or the default.
    package var size: ViewportSize {
        get { requestedSize ?? Self.defaultSize }
        set { requestedSize = newValue }
    }

    package var resources: String? { drawing.resources }
    package var font: String? { drawing.font }
    package var script: String? { drawing.script }
    package var cacheMegabytes: Int { drawing.cacheMegabytes }

    /// 8 MB holds a screen of small cells; 64 GB is past any GPU's memory.
    package static let cacheRange = 8...65_536
}

/// What a window-drawing command draws with: its size, images, font, script and texture memory.
package struct DrawingOptions: ParsableArguments {
    package init() {}

    // Optional so the window can tell a size given from none (then the remembered one), and
    // `record` a GIF's default from the window's.
    @Option(name: .customLong("size"), parsing: .unconditional,
            help: "Window size in points, WIDTHxHEIGHT, each side 1 to 16384 (default: 1280x800; the window: the last size; a GIF recording: 640x400).",
            transform: { try ViewportSize(parsing: $0) })
    package var requestedSize: ViewportSize?

    @Option(help: "Folder with photos/ and covers/ (PNG or JPEG). Default: the bundled Resources.")
    package var resources: String?

    @Option(help: "A TrueType font. Default: DejaVu Sans from Debian's fonts-dejavu-core.")
    package var font: String?

    @Option(help: "A built-in script (\(BuiltinScript.validNames)) or a script file to replay.")
    package var script: String?

    @Option(name: .customLong("cache-mb"), parsing: .unconditional,
            help: "Megabytes of decoded photos kept as textures (\(DisplayOptions.cacheRange.lowerBound) to \(DisplayOptions.cacheRange.upperBound)).")
    package var cacheMegabytes = 256

    package func validate() throws {
        let range = DisplayOptions.cacheRange
        guard range.contains(cacheMegabytes) else {
            throw ValidationError("--cache-mb must be from \(range.lowerBound) to \(range.upperBound), got \(cacheMegabytes)")
        }
    }
}

/// The window's copies of photos on disk: only the commands that open the window take it
/// (`shot` and `record` never use the copies, so their pixels always come from the files).
package struct DiskCacheOptions: ParsableArguments {
    package init() {}

    @Option(name: .customLong("disk-cache-mb"), parsing: .unconditional,
            help: "Megabytes of cell-sized copies kept in $XDG_CACHE_HOME/parallax-playground/thumbnails for the next visit (0 to \(DiskCacheOptions.diskCacheRange.upperBound); 0: none, and no shared thumbnails either).")
    package var diskCacheMegabytes = 1024

    /// Up to 1 TB: a limit, not a reservation.
    package static let diskCacheRange = 0...1_048_576

    package func validate() throws {
        guard Self.diskCacheRange.contains(diskCacheMegabytes) else {
            throw ValidationError("--disk-cache-mb must be from 0 to \(Self.diskCacheRange.upperBound), got \(diskCacheMegabytes)")
        }
    }

    @Flag(name: .customLong("no-shared-thumbnails"),
          help: "Neither read nor write the thumbnails file managers share ($XDG_CACHE_HOME/thumbnails, the freedesktop.org standard). --disk-cache-mb 0 turns them off too.")
    package var noSharedThumbnails = false

    /// The on-disk copies, or nil when turned off or no cache folder can be made.
    package var diskCache: DiskThumbnailCache? {
        guard diskCacheMegabytes > 0, let folder = DiskThumbnailCache.defaultFolder() else { return nil }
        return DiskThumbnailCache(folder: folder, byteLimit: diskCacheMegabytes << 20)
    }

    /// The shared thumbnails, unless turned off (`--no-shared-thumbnails`, or
    /// `--disk-cache-mb 0`: nothing of the photos kept on disk or read from it).
    package var sharedThumbnails: SharedThumbnails? {
        guard !noSharedThumbnails, diskCacheMegabytes > 0, let root = SharedThumbnails.defaultRoot() else { return nil }
        return SharedThumbnails(root: root)
    }

    package var caches: PhotoDiskCaches { PhotoDiskCaches(copies: diskCache, shared: sharedThumbnails) }
}

/// `parallax-playground` (the default): the window.
package struct WindowCommand: ParsableCommand, DrawsAWindow {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "window",
        abstract: "Open the playground window (the default command).",
        discussion: "Press H in the window for the keys. Without a display, use `parallax-playground shot`."
    )

    @Argument(help: ArgumentHelp("A folder of photos to show (as --photos), or a photo: its folder opens at it.", valueName: "folder-or-photo"),
              completion: .file())
    package var open: String?

    @OptionGroup package var model: ModelOptions

    @OptionGroup package var drawing: DrawingOptions

    @OptionGroup package var diskCacheOptions: DiskCacheOptions

    @OptionGroup package var comparing: CompareOptions

    @OptionGroup package var budgetOptions: FrameBudgetOptions

    @Flag(help: "Start with vsync off (V toggles it).")
    package var noVsync = false

    @Option(parsing: .unconditional, help: "Quit after this many seconds (up to a day: 86400).")
    package var exitAfter: Double?

    @Flag(help: "Quit at the first frame on which every visible image is sharp (or at --exit-after, if sooner): for timing start-up.")
    package var exitWhenSharp = false

    @Option(help: "Write frame statistics as JSON here at exit.")
    package var statsJson: String?

    @Flag(help: "Neither read nor write the remembered settings ($XDG_CONFIG_HOME/parallax-playground/settings.json): start from the defaults.")
    package var noSettings = false

    @Option(name: .customLong("record-size"), parsing: .unconditional,
            help: ArgumentHelp("The R key's video at most WIDTHxHEIGHT pixels, each side 2 to 16384: the window's frame scaled to fit, keeping its shape (default: the window's size). 640x400 costs the encoder about a third of 1280x800.",
                               valueName: "WxH"))
    package var recordSize: String?

    @Flag(help: "Decode every photo at its cell's size before the first frame (for measuring frames with no image work left; needs --cache-mb large enough for the folder).")
    package var preloadPhotos = false

    package func validate() throws {
        try comparing.check(strategy: display.model.strategy, parallax: display.model.optionsGiven.parallax, scene: display.model.sceneChoice, technique: display.model.technique)
        if open != nil, display.model.folder.photos != nil {
            throw ValidationError("give the folder either as the first argument or with --photos, not both")
        }
        if let recordSize { _ = try Self.parseRecordSize(recordSize) }
        if let exitAfter, !(exitAfter > 0 && exitAfter <= 86_400) {
            throw ValidationError("--exit-after must be more than 0 and at most 86400 seconds")
        }
    }

    /// `--record-size`: whole pixels, each side 2 to 16,384 (the largest window, see `ViewportSize`).
    package static func parseRecordSize(_ text: String) throws -> PixelSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw ValidationError("--record-size: expected WIDTHxHEIGHT in whole pixels, e.g. 640x400")
        }
        guard (2...16_384).contains(width), (2...16_384).contains(height) else {
            throw ValidationError("--record-size: width and height must each be from 2 to 16384 pixels")
        }
        return PixelSize(width: width, height: height)
    }
}
