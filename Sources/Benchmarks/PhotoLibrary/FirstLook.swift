import Foundation
import ParallaxKit
import RunHarness

extension PhotoLibraryResult {
    /// A folder's first look in one scene: first visits only, each launch with an
    /// empty cache home, held to the same targets as the photos scene on the folder given.
    public struct FirstLook: Codable, Equatable, Sendable {
        /// The case, and the prefix of its targets' names (`quilt_no_thumbnails.visible_preview_ms`).
        public var name: String
        /// The window's `--scene`.
        public var scene: String
        /// The folder, or nil when none was given for this case (then nothing is measured).
        public var folder: String?
        /// Whether any photo of the folder embeds an EXIF thumbnail, the window's quick preview.
        public var embedded_thumbnails: Bool
        /// First-visit launches measured (0 when not measured).
        public var launches: Int
        /// Photos on the first screen, the files vipsthumbnail makes.
        public var first_screen_photos: Int?
        /// Spawn to the first presented frame.
        public var first_frame_ms: Double?
        /// First frame until every visible cell shows its photo at any resolution.
        public var visible_preview_ms: Double?
        /// First frame until every visible photo is sharp.
        public var visible_sharp_ms: Double?
        /// `vipsthumbnail` on this case's first screen, as many processes as cores.
        public var vipsthumbnail_visible_ms: Double?
        public var visible_sharp_over_vipsthumbnail: Double?

        public var measured: Bool { folder != nil }

        /// A case whose folder was not given.
        static func notMeasured(_ look: FirstLookCase) -> FirstLook {
            FirstLook(name: look.name, scene: look.scene.name, folder: nil, embedded_thumbnails: look.embeddedThumbnails, launches: 0)
        }
    }
}

/// The first looks the photo-library section measures: the photos scene on the folder given
/// (the section's top-level figures), and the photos and quilt scenes on a folder whose
/// photos embed no EXIF thumbnail, where every preview has to come from decoding the photo.
struct FirstLookCase: Equatable {
    var name: String
    var scene: SceneID
    /// False for the cases on the folder without thumbnails; the folder given is surveyed.
    var embeddedThumbnails: Bool

    /// The photos scene on `--photos`, judged under the section's original target names.
    static let photos = FirstLookCase(name: "photos", scene: .photos, embeddedThumbnails: true)
    static let photosWithoutThumbnails = FirstLookCase(name: "photos_no_thumbnails", scene: .photos, embeddedThumbnails: false)
    static let quiltWithoutThumbnails = FirstLookCase(name: "quilt_no_thumbnails", scene: .quilt, embeddedThumbnails: false)
    static let withoutThumbnails = [photosWithoutThumbnails, quiltWithoutThumbnails]

    /// The window's arguments for the scene.
    var windowArguments: [String] { ["--scene", scene.name] }
    /// How the progress line and the terminal name it.
    var title: String { "\(scene.name) scene, \(embeddedThumbnails ? "with" : "no") EXIF thumbnails" }
}

/// Measures one first look through the window command.
enum FirstLookMeasurement {
    /// Runs vipsthumbnail on a first screen this many times and takes the median.
    static let vipsthumbnailRepeats = 3
    /// The most a launch may run: each quits at its first sharp screen (`--exit-when-sharp`),
    /// which for the quilt's twenty-odd photos without thumbnails took 5.6 s on a busy
    /// two-core machine (4–8 MP photos), past the 4 s the photos scene's launches get; the
    /// same cap as the start-up section's.
    static let launchCapSeconds = 30.0

    /// `launches` first visits of `look` on `folder`: each with a fresh `XDG_CACHE_HOME` from
    /// `freshCache` and Mesa's shaders from the shared, warmed `shaderCache`.
    static func measure(_ look: FirstLookCase, folder: String, launches: Int, cores: Int, shaderCache: String,
                        freshCache: () -> String, progress: BenchProgress) throws -> PhotoLibraryResult.FirstLook {
        var runs: [WindowRun] = []
        for i in 0..<launches {
            progress.show("photo library · \(look.title) · first visit \(i + 1)/\(launches)")
            runs.append(try WindowRun.launch(photos: folder, cacheHome: freshCache(), seconds: launchCapSeconds,
                                             extra: look.windowArguments + ["--exit-when-sharp"], shaderCache: shaderCache))
        }
        progress.show("photo library · \(look.title) · vipsthumbnail on the first screen")
        return try summarize(runs, look: look, folder: folder, embeddedThumbnails: look.embeddedThumbnails, cores: cores)
    }

    /// The medians of first-visit `runs`, and vipsthumbnail with `cores` processes (the
    /// floor: the machine's limit, not the window's threads) on the first screen of the last
    /// run that turned one sharp: a run that never did names none, and vipsthumbnail on no
    /// files would be a floor of nothing.
    static func summarize(_ runs: [WindowRun], look: FirstLookCase, folder: String, embeddedThumbnails: Bool,
                          cores: Int) throws -> PhotoLibraryResult.FirstLook {
        let screen = firstScreen(of: runs)
        let jobs = screen.map { VipsThumbnailRun.Job(path: $0.path, width: $0.width, height: $0.height) }
        let vips = jobs.isEmpty ? nil
            : try BenchStatistics.median((0..<vipsthumbnailRepeats).map { _ in try VipsThumbnailRun.milliseconds(jobs, threads: cores) })
        let sharp = median(runs.map { $0.sinceFirstFrame($0.stats.startup.complete_frame_ns) })
        return PhotoLibraryResult.FirstLook(
            name: look.name, scene: look.scene.name, folder: folder, embedded_thumbnails: embeddedThumbnails, launches: runs.count,
            first_screen_photos: screen.count,
            first_frame_ms: median(runs.map { $0.sinceSpawn($0.stats.startup.first_frame_ns) }),
            visible_preview_ms: median(runs.map { $0.sinceFirstFrame($0.stats.startup.preview_frame_ns) }),
            visible_sharp_ms: sharp, vipsthumbnail_visible_ms: vips,
            visible_sharp_over_vipsthumbnail: sharp.flatMap { sharp in vips.map { sharp / $0 } })
    }

    /// The first screen of the last run that reported one.
    static func firstScreen(of runs: [WindowRun]) -> [RunReport.Photos.ScreenPhoto] {
        runs.reversed().lazy.compactMap { $0.stats.photos?.first_screen }.first { !$0.isEmpty } ?? []
    }

    /// The median of the values known, nil when none is.
    static func median(_ values: [Double?]) -> Double? {
        let known = values.compactMap { $0 }
        return known.isEmpty ? nil : BenchStatistics.median(known)
    }
}
