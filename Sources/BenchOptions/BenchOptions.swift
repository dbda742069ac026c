import ArgumentParser
import Foundation
import ParallaxKit
import Presentation

/// The `bench` command's words: its help and its options with their checks, and nothing of
/// the measuring. Two programs read them: `parallax-bench`, which measures, and
/// `parallax-playground bench`, which checks them, then hands its arguments over to
/// `parallax-bench` (so the app's help, man page, completions and the fuzzer still know every
/// option, while the app links neither the measuring nor the malloc interposer).
public enum BenchHelp {
    public static let abstract = "Benchmark the strategies as the list grows, the frame against a bare SDL loop, and start-up."

    public static let discussion = """
        1. Strategy cost: every scene × strategy × item count replays the built-in `bench` script \
        (drag, fling to rest, wheel notches, a page key) at a fixed 60 fps step without SDL, timing \
        each frame's model work (events, physics, layout and strategy); p50/p99 per frame, the work \
        done, heap allocations (malloc-interposer, an untimed pass).
        2. Frame cost: the same replay rendered offscreen at 1280x800 with SDL's software renderer, \
        against a bare loop that issues the very SDL calls the app made and nothing else.
        3. Start-up: spawn to first presented frame and to the first frame with every visible image, \
        read from the window command's --stats-json.
        4. Instructions (only with --only instructions): instructions per frame of the model's work at \
        1,000 and 1,000,000 items for the scroll callback and the cached layout, counted by valgrind's \
        callgrind: deterministic, unlike times.
        5. Photo library (only with --only photo-library --photos DIR): a photo folder in the real \
        window (start-up, previews, sharp photos, a fling's rest to sharp, memory at 100 and \
        10,000 photos) against vipsthumbnail on the same files; with --photos-without-thumbnails \
        DIR, the first look (previews, sharp photos) of the photos and the quilt scenes on a folder \
        whose photos embed no EXIF thumbnail too; with --big-photos DIR, the photos scene's first look \
        on JPEGs of 4 to 24 megapixels without EXIF thumbnails.
        6. Window (only with --only window; needs a display, e.g. scripts/with-display.sh): each \
        scene's replay in a real 1280x800 window with the opengl and the software renderer; vsync \
        on, the app alone (p50/p99 between presents, frames over 16.7 ms); vsync off, interleaved \
        with the bare loop in the same window.
        7. Physics: a physics step's time and allocations under each platform's scroll engine.
        8. Budget (only with --only budget): each scene and strategy's main-thread work per frame \
        (events, physics, layout, strategy, the draw list; no rendering) at 10 to 1,000,000 items, \
        and the first count at which it, slowed 1, 4 or 6 times as Chrome DevTools' CPU throttling \
        slows a page, exceeds one refresh at 60 or 120 Hz (JSON: "budget"; --chart plots it when the \
        strategy cost is left out); --quick steps 100, 3,000 and 100,000 items only.
        The table goes to standard output, progress to standard error. Build with -c release for \
        representative numbers (make bench does).
        """
}

/// Every option of `bench`, checked as soon as they are parsed.
public struct BenchOptions: ParsableArguments {
    public static let fullItems = [50, 1000, 100_000, 1_000_000]
    public static let quickItems = [50, 1000]

    @Flag(help: "A reduced matrix for CI: 50 and 1,000 items, one run after the warm-up, a short frame-cost replay, one launch.")
    public var quick = false

    @Option(help: "Measured runs per cell after the warm-up. Default: 5 (1 with --quick).")
    public var repeats: Int?

    @Option(help: "Comma-separated scenes (\(SceneID.validNames)). Default: all.", transform: { try parseList($0, SceneID.init(name:), valid: SceneID.validNames) })
    public var scenes: [SceneID]?

    @Option(help: "Comma-separated strategies (\(ParallaxStrategy.validNames)). Default: all.", transform: { try parseList($0, ParallaxStrategy.init(name:), valid: ParallaxStrategy.validNames) })
    public var strategies: [ParallaxStrategy]?

    @Option(help: "Comma-separated item counts, 1 to 1000000. Default: 50,1000,100000,1000000 (50,1000 with --quick); the instruction count's: 1000,1000000.", transform: parseItems)
    public var items: [Int]?

    @Option(help: "Comma-separated sections to run (\(BenchSection.validNames)). Default: strategy-cost, allocations, frame-cost, startup.", transform: { try parseList($0, BenchSection.init(rawValue:), valid: BenchSection.validNames) })
    public var only: [BenchSection]?

    @Option(help: "Start-up launches. Default: 5 (1 with --quick).")
    public var launches: Int?

    @Option(help: "Write every number as JSON here.")
    public var json: String?

    @Option(help: "Write the strategy-cost matrix as CSV here.")
    public var csv: String?

    @Option(help: "Draw strategy cost against item count (log–log, a panel per scene) as PNG here.")
    public var chart: String?

    @Option(help: "Folder with photos/ and covers/ (PNG or JPEG). Default: the bundled Resources.")
    public var resources: String?

    @Option(help: "A TrueType font. Default: DejaVu Sans from Debian's fonts-dejavu-core.")
    public var font: String?

    @Option(help: "A folder of photos for the photo-library section (needed by it).")
    public var photos: String?

    // A short value name: the man page cannot break "<photos-without-thumbnails>" in its column.
    @Option(help: ArgumentHelp(
        "A folder of photos without EXIF thumbnails for the photo-library section's first looks in the photos and quilt scenes (Tools/make-photos.py --no-thumbnails makes one). Default: those are not measured.",
        valueName: "dir"))
    public var photosWithoutThumbnails: String?

    @Option(help: ArgumentHelp(
        "A folder of JPEGs of 4 to 24 megapixels without EXIF thumbnails for the photo-library section's big-file first look in the photos scene (Tools/make-photos.py --megapixels 4-24 --no-thumbnails makes one). Default: it is not measured.",
        valueName: "dir"))
    public var bigPhotos: String?

    public init() {}

    public func validate() throws {
        if let repeats, repeats < 1 { throw ValidationError("--repeats must be 1 or more, got \(repeats)") }
        if let launches, launches < 1 { throw ValidationError("--launches must be 1 or more, got \(launches)") }
        if only?.contains(.photoLibrary) == true, photos == nil {
            throw ValidationError("--only photo-library needs --photos DIR (a folder of photos; `make bench` generates one)")
        }
        if photosWithoutThumbnails != nil, only?.contains(.photoLibrary) != true {
            throw ValidationError("--photos-without-thumbnails goes with the photo-library section (--only photo-library --photos DIR)")
        }
        if bigPhotos != nil, only?.contains(.photoLibrary) != true {
            throw ValidationError("--big-photos goes with the photo-library section (--only photo-library --photos DIR)")
        }
    }
}

/// "a,b,c" → values, or a validation error naming the bad one and the valid names.
func parseList<T>(_ text: String, _ make: (String) -> T?, valid: String) throws -> [T] {
    let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    guard !names.isEmpty else { throw ValidationError("expected a comma-separated list of: \(valid)") }
    return try names.map { name in
        guard let value = make(name) else { throw ValidationError("unknown name '\(name)'; valid: \(valid)") }
        return value
    }
}

/// "50,1000" → [50, 1000]: each 1…1,000,000, sorted, without repeats.
func parseItems(_ text: String) throws -> [Int] {
    let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "") }
    guard !parts.isEmpty else { throw ValidationError("expected comma-separated item counts, e.g. 50,1000") }
    let range = Playground.itemCountRange
    let counts = try parts.map { part in
        guard let n = Int(part), range.contains(n) else {
            throw ValidationError("item counts must be whole numbers from \(range.lowerBound) to \(NumberFormat.count(range.upperBound)), got '\(part)'")
        }
        return n
    }
    return Array(Set(counts)).sorted()
}
