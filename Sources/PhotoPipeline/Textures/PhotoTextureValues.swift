import ParallaxKit

/// The photo policy's settings (`PhotoTexturePipeline.Settings`).
public struct PhotoTextureSettings: Sendable {
    /// Bytes of texture the cache may hold (`--cache-mb`, 256 MB by default:
    /// about 90 photos at 1280 × 800 RGBA, several screens of any scene).
    public var cacheBytes = 256 << 20
    /// A photo's first appearance fades in over this long (Material's short fade is
    /// 150 ms); 0 shows it at once (reduce motion, and files rendered for comparison).
    public var fadeSeconds = 0.15
    /// A photo whose colour nothing has told yet (no embedded thumbnail, no decode) pulses
    /// gently over this period, so its tile reads as loading rather than as an empty card;
    /// 0 keeps it still (reduce motion, and files rendered for comparison). 1.2 s is about
    /// the period of platform skeleton placeholders' shimmer.
    public var loadingPulseSeconds = 1.2
    /// Time a frame may spend making textures, in seconds. 4 ms leaves three quarters of
    /// a 60 Hz frame to everything else; at least one result is taken every frame.
    public var uploadBudgetSeconds = 0.004
    /// Whether visible photos (and those where a fling will stop) first show the
    /// thumbnail a camera embedded in the file, about a millisecond's work, until their
    /// real decode arrives. (A heavily shrunk decode is no substitute: libjpeg's 1/8 scale
    /// still reads every coefficient, measured at 60–90 % of the cell-sized decode's
    /// time on 12–24 MP files.)
    public var previews = true
    /// Decoding waits for the second update, that is until the frame the first update
    /// prepared is on screen: the window's first frame then does not share the machine with
    /// the loading of libvips and its closure (measured: ~90 ms later first frames when it
    /// does). `loadAll` does not wait.
    public var decodesAfterFirstFrame = false
    /// Without libvips, decode with the texture maker's plain decoder (SDL_image: as stored,
    /// no EXIF turn, no colour profile), as the bundled images may; a folder's photos, whose
    /// turn and profile matter, show as tiles naming libvips instead.
    public var plainDecodeWithoutLibvips = true
    /// Decodes that may run while the frame loop draws every frame; nil: every worker of
    /// the loader, always. The window gives its loader one worker per core and keeps one of
    /// them for the frames (cores − 1) until the loop says it is idle (`frameLoopIsIdle`).
    public var decodesWhileFramesRun: Int?
    /// Decode sizes are rounded up to a multiple of this many pixels, so that a window
    /// being resized does not restart the same photo's decode every frame.
    public var sizeStep = 32

    public init() {}

    /// Fades and the loading pulse stop under reduce motion and come back, at their
    /// defaults, without it.
    public mutating func followReduceMotion(_ reduced: Bool) {
        let defaults = PhotoTextureSettings()
        fadeSeconds = reduced ? 0 : defaults.fadeSeconds
        loadingPulseSeconds = reduced ? 0 : defaults.loadingPulseSeconds
    }
}

/// What the visible photos change on screen by themselves between two frames, for a frame
/// loop that draws less often when nothing does.
public enum PhotoTextureMotion: Sendable, Equatable {
    /// A photo or preview just made, or one fading in: every frame counts.
    case fading
    /// A tile that nothing has told the colour of pulses slowly (`loadingPulseSeconds`).
    case pulsing
    /// Nothing changes.
    case still
}

/// The photo policy's state, for the overlay and the run's statistics (`--stats-json`).
public struct PhotoTextureCounters: Sendable, Equatable {
    public var queued = 0
    public var decoding = 0
    public var texturesHeld = 0
    public var bytesHeld = 0
    public var uploads = 0
    public var failures = 0
    /// Visible photos looked up with a sharp texture ready, and without, since creation.
    public var visibleHits = 0
    public var visibleMisses = 0
    /// The last frame's visible photos: how many, how many show any texture, how many a
    /// sharp one.
    public var visibleNeeded = 0
    public var visibleShown = 0
    public var visibleSharp = 0
    /// Requests waiting or running in the loader, seen from this side.
    public var pending = 0

    public init() {}

    public var hitRate: Double? {
        let lookups = visibleHits + visibleMisses
        return lookups > 0 ? Double(visibleHits) / Double(lookups) : nil
    }
}

/// A texture the cache holds, and what the policy knows of it.
struct PhotoTextureEntry<Texture> {
    let texture: Texture
    let size: PixelSize
    /// Whether this is the whole source (a photo smaller than its cell): never re-decoded.
    let isWholeSource: Bool
    let isPreview: Bool
    /// When it first appeared (a sharper decode replacing it keeps this: no second fade).
    let shownAt: Double

    /// Sharp enough for `target`: the whole source, or a decode covering the target (a pixel
    /// short is libvips rounding, not blur). A preview never is.
    func isSharp(for target: PixelSize) -> Bool {
        if isWholeSource { return true }
        if isPreview { return false }
        return size.width + 1 >= target.width && size.height + 1 >= target.height
    }

    /// Its fade-in at `now`: 0 when it first appears, 1 after `fadeSeconds` (at once when 0).
    func opacity(at now: Double, fadeSeconds fade: Double) -> Double {
        fade > 0 ? min(1, max(0, (now - shownAt) / fade)) : 1
    }
}
