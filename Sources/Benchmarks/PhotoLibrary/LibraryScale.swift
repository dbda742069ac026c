import FileOutput
import Foundation
import ParallaxKit
import PhotoPipeline

/// A real library's size: 100,000 photos in 120 year/month folders (2015/01 …
/// 2024/12), symbolic links to the section's photos generated into `bench-out/`, opened with
/// `--recursive` against a 200-photo folder of the same links. What it measures: the first
/// frame on a first and a second visit against the small folder's, End pressed at 1 s of a
/// first visit (does the last frame show photo 100,000: `visible_items`), every shape known
/// on a whole first visit and on a second visit that finds its index, and peak memory.
enum LibraryScale {
    static let photoCount = 100_000
    static let months = 120
    static let smallCount = 200
    /// A whole first visit's launch: long enough to read 100,000 headers at 2,000 a second.
    static let wholeVisitSeconds = 75.0
    /// End is pressed at 1 s; the launch ends 0.6 s later (the eased scroll takes 0.3 s).
    static let endScript = "wait 1\nkey end\nwait 0.6\n"
    static let endLaunchSeconds = 1.6

    /// Makes the library and the small folder under `root` (once: kept while their counts
    /// match), links to `sources` in turn.
    static func generate(into root: String, sources: [String]) throws -> (library: String, small: String) {
        let library = root + "/library-\(photoCount)", small = root + "/library-\(smallCount)"
        let marker = root + "/library-made-from-\(sources.count)-photos"
        if FileManager.default.fileExists(atPath: marker) { return (library, small) }
        try? FileManager.default.removeItem(atPath: library)
        try? FileManager.default.removeItem(atPath: small)
        for n in 0..<photoCount {
            let month = n * months / photoCount
            let folder = library + String(format: "/%d/%02d", 2015 + month / 12, month % 12 + 1)
            if n == 0 || (n - 1) * months / photoCount != month {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
            let source = sources[n % sources.count]
            try FileManager.default.createSymbolicLink(atPath: folder + String(format: "/IMG_%06d.", n + 1) + (source as NSString).pathExtension,
                                                       withDestinationPath: source)
        }
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        for n in 0..<smallCount {
            let source = sources[n % sources.count]
            try FileManager.default.createSymbolicLink(atPath: small + String(format: "/IMG_%06d.", n + 1) + (source as NSString).pathExtension,
                                                       withDestinationPath: source)
        }
        try OutputFile.write(Data("made by parallax-bench\n".utf8), to: marker)
        return (library, small)
    }

    static func measure(sources: [String], launches: Int, shaderCache: String, freshCache: () -> String,
                        progress: BenchProgress) throws -> LibraryScaleResult {
        let started = Date()
        progress.show("photo library · making 100,000 links in 120 month folders (once)")
        let absoluteSources = sources.map { $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0 }
        let (library, small) = try generate(into: FileManager.default.currentDirectoryPath + "/bench-out", sources: absoluteSources)
        let median = FirstLookMeasurement.median
        var smallFirst: [Double] = [], libraryFirst: [Double] = [], reachedEnd: [Bool] = []
        for i in 0..<launches {
            progress.show("photo library · 200 photos and End at 1 s of a first visit to 100,000, \(i + 1)/\(launches)")
            let smallRun = try WindowRun.launch(photos: small, cacheHome: freshCache(), seconds: 1, shaderCache: shaderCache)
            smallFirst += [smallRun.sinceSpawn(smallRun.stats.startup.first_frame_ns)].compactMap { $0 }
            let script = freshCache() + "-end.txt"
            try OutputFile.write(Data(endScript.utf8), to: script)
            let endRun = try WindowRun.launch(photos: library, cacheHome: freshCache(), seconds: endLaunchSeconds,
                                              extra: ["--recursive", "--script", script], shaderCache: shaderCache)
            libraryFirst += [endRun.sinceSpawn(endRun.stats.startup.first_frame_ns)].compactMap { $0 }
            reachedEnd.append(endRun.stats.visible_items?.contains(photoCount - 1) ?? false)
        }
        progress.show("photo library · a whole first visit to 100,000 photos (up to \(Self.wholeVisitSeconds.written()) s)")
        let cache = freshCache()
        let whole = try WindowRun.launch(photos: library, cacheHome: cache, seconds: wholeVisitSeconds, extra: ["--recursive"],
                                         shaderCache: shaderCache)
        var secondFirst: [Double] = [], secondKnown: [Double] = []
        for i in 0..<launches {
            progress.show("photo library · second visit to 100,000 photos \(i + 1)/\(launches)")
            let run = try WindowRun.launch(photos: library, cacheHome: cache, seconds: 2, extra: ["--recursive"], shaderCache: shaderCache)
            secondFirst += [run.sinceSpawn(run.stats.startup.first_frame_ns)].compactMap { $0 }
            secondKnown.append(run.sinceSpawn(run.stats.startup.folder_shapes_known_ns) ?? .infinity)
        }
        let landings = try LibraryScrub.measure(library: library, launches: launches, shaderCache: shaderCache,
                                                freshCache: freshCache, progress: progress)
        return LibraryScaleResult(
            photos: photoCount, folders: months, launches: launches,
            small_first_frame_ms: median(smallFirst), first_frame_ms: median(libraryFirst),
            first_frame_indexed_ms: median(secondFirst),
            end_at_1s_reached_last_photo: reachedEnd.filter { $0 }.count,
            listed_ms: whole.sinceSpawn(whole.stats.startup.folder_listed_ns),
            shapes_known_first_visit_ms: whole.sinceSpawn(whole.stats.startup.folder_shapes_known_ns),
            shapes_known_second_visit_ms: median(secondKnown).flatMap { $0.isFinite ? $0 : nil },
            peak_rss_mb: whole.stats.peak_rss_kb.map { Double($0) / 1024 },
            scrub_landings: landings.count, scrub_preview_ms: LibraryScrub.median(landings.map(\.preview_ms)),
            scrub_sharp_ms: LibraryScrub.median(landings.map(\.sharp_ms)),
            section_seconds: Date().timeIntervalSince(started))
    }
}

/// What `LibraryScale` measured; times in milliseconds from the spawn, medians of `launches`.
public struct LibraryScaleResult: Codable, Equatable, Sendable {
    public var photos: Int
    public var folders: Int
    public var launches: Int
    /// The first frame on a first visit to the 200-photo folder.
    public var small_first_frame_ms: Double?
    /// The first frame on a first visit to the library.
    public var first_frame_ms: Double?
    /// The first frame on a visit to the library that finds the index of a whole first visit.
    public var first_frame_indexed_ms: Double?
    /// Launches (of `launches`) whose last frame, 0.6 s after End at 1 s of a first visit,
    /// showed the last photo.
    public var end_at_1s_reached_last_photo: Int
    /// The whole first visit: the listing in the layout, and every shape known (nil: not
    /// within the launch's 75 s).
    public var listed_ms: Double?
    public var shapes_known_first_visit_ms: Double?
    /// A visit that finds the index: every shape known.
    public var shapes_known_second_visit_ms: Double?
    /// Peak resident memory of the whole first visit.
    public var peak_rss_mb: Double?
    /// The scrubber on first visits (`LibraryScrub`): landings measured, and the medians of
    /// landing to every visible photo shown and sharp (nil: most landings never were).
    public var scrub_landings: Int = 0
    public var scrub_preview_ms: Double? = nil
    public var scrub_sharp_ms: Double? = nil
    /// How long the section took, generation included.
    public var section_seconds: Double

    /// The section's targets, named `library.…` in the photo library's verdicts.
    func verdicts() -> [PhotoLibraryResult.Verdict] {
        func verdict(_ name: String, _ value: Double?, _ target: String, _ test: (Double) -> Bool) -> PhotoLibraryResult.Verdict {
            PhotoLibraryResult.Verdict(name: "library.\(name)", value: value, target: target, met: value.map(test) ?? false)
        }
        let over = small_first_frame_ms.flatMap { small in first_frame_ms.map { $0 - small } }
        let overIndexed = small_first_frame_ms.flatMap { small in first_frame_indexed_ms.map { $0 - small } }
        return [
            verdict("first_frame_over_200_photos_ms", over, "≤ 30", { $0 <= 30 }),
            verdict("first_frame_indexed_over_200_photos_ms", overIndexed, "≤ 30", { $0 <= 30 }),
            verdict("end_at_1s_reached_last_photo", Double(end_at_1s_reached_last_photo), "all \(launches)", { $0 >= Double(launches) }),
            verdict("shapes_known_second_visit_ms", shapes_known_second_visit_ms, "≤ 1000", { $0 <= 1000 }),
            verdict("peak_rss_mb", peak_rss_mb, "≤ 400", { $0 <= 400 }),
            verdict("scrub_preview_ms", scrub_preview_ms, "≤ 150", { $0 <= 150 }),
            verdict("scrub_sharp_ms", scrub_sharp_ms, "≤ 300", { $0 <= 300 }),
        ]
    }

    var terminalLines: [String] {
        func ms(_ v: Double?) -> String { v.map { String(format: "%.0f ms", $0) } ?? "—" }
        return [
            "  library of \(photos) photos in \(folders) month folders (\(String(format: "%.0f", section_seconds)) s): first frame \(ms(first_frame_ms)), "
                + "with the index \(ms(first_frame_indexed_ms)), 200 photos \(ms(small_first_frame_ms)); End at 1 s reached the last photo "
                + "\(end_at_1s_reached_last_photo)/\(launches); listed \(ms(listed_ms)); every shape known \(ms(shapes_known_first_visit_ms)) "
                + "(second visit \(ms(shapes_known_second_visit_ms))); peak RSS \(peak_rss_mb.map { String(format: "%.0f MB", $0) } ?? "—"); "
                + "scrubber: \(scrub_landings) landings, every visible photo shown \(ms(scrub_preview_ms)), sharp \(ms(scrub_sharp_ms)) (medians)",
        ]
    }
}
