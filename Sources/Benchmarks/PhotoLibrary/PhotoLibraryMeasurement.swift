import FileOutput
import Foundation
import PhotoPipeline

/// The photo pipeline's figures for a photo folder, measured through the real window command (under
/// the current DISPLAY, else SDL's dummy driver) and against the `vipsthumbnail` program.
enum PhotoLibraryMeasurement {
    /// Seconds a launch runs: time for the first screen to turn sharp on one core.
    static let launchSeconds = 4.0

    /// The section on `folder`, with the first looks on `folderWithoutThumbnails` and the
    /// big-file first look on `bigFolder` when given (else reported as not measured).
    static func measure(folder: String, folderWithoutThumbnails: String? = nil, bigFolder: String? = nil, launches: Int,
                        progress: BenchProgress) throws -> PhotoLibraryResult {
        let photos: [PhotoFolder.Entry]
        do { photos = try PhotoFolder.scan(folder).entries } catch { throw BenchFailure(message: "--photos: \(error)") }
        if let folderWithoutThumbnails {
            try EmbeddedThumbnails.requireNone(inFolder: folderWithoutThumbnails, option: "--photos-without-thumbnails")
        }
        if let bigFolder { try BigFileFirstLook.requireBigJPEGs(inFolder: bigFolder) }
        let givenHasThumbnails = try EmbeddedThumbnails.any(inFolder: folder, option: "--photos")
        let threads = PhotoLoader.oneWorkerPerCore
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-photo-library-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var cacheNumber = 0
        func freshCache() -> String {
            cacheNumber += 1
            return scratch + "/cache-\(cacheNumber)"
        }

        // Mesa's compiled shaders, shared by the window and the bare program and warmed by one
        // launch of each first: the folder is new to the window, the GL driver is not.
        let shaderCache = scratch + "/mesa-shader-cache"
        progress.show("photo library · warming the GL shader cache")
        _ = try WindowRun.launch(photos: folder, cacheHome: freshCache(), seconds: launchSeconds, shaderCache: shaderCache)
        _ = try BareFirstFrame.milliseconds(shaderCache: shaderCache)

        // First visits: nothing remembered. Each followed by the floor, SDL alone opening the
        // same window, so both see the machine in the same state.
        var first: [WindowRun] = []
        var bare: [Double] = []
        var warmCache = ""
        for i in 0..<launches {
            progress.show("photo library · first visit and bare SDL first frame \(i + 1)/\(launches)")
            warmCache = freshCache()
            first.append(try WindowRun.launch(photos: folder, cacheHome: warmCache, seconds: launchSeconds, shaderCache: shaderCache))
            bare.append(try BareFirstFrame.milliseconds(shaderCache: shaderCache))
        }
        progress.show("photo library · vipsthumbnail on the first screen")
        // As many vipsthumbnail processes as the machine has cores (the floor a first look is held to): the
        // window's first look is held to the machine's limit, not to its own decode threads.
        let given = try FirstLookMeasurement.summarize(first, look: .photos, folder: folder, embeddedThumbnails: givenHasThumbnails,
                                                       cores: cores)

        // The same first look without EXIF thumbnails to show first, in the photos scene and
        // the quilt, each launch as new to the folder as those above.
        var firstLooks = [given]
        for look in FirstLookCase.withoutThumbnails {
            guard let folderWithoutThumbnails else {
                firstLooks.append(.notMeasured(look))
                continue
            }
            firstLooks.append(try FirstLookMeasurement.measure(look, folder: folderWithoutThumbnails, launches: launches, cores: cores,
                                                               shaderCache: shaderCache, freshCache: freshCache, progress: progress))
        }
        firstLooks.append(try BigFileFirstLook.measure(folder: bigFolder, launches: launches, cores: cores, shaderCache: shaderCache,
                                                       freshCache: freshCache, progress: progress))

        // Second visits: the index and the disk copies of the last first visit.
        var second: [WindowRun] = []
        for i in 0..<launches {
            progress.show("photo library · second visit \(i + 1)/\(launches)")
            second.append(try WindowRun.launch(photos: folder, cacheHome: warmCache, seconds: launchSeconds, shaderCache: shaderCache))
        }

        // The fling, cold, then with every photo decoded before the first frame.
        let script = scratch + "/fling.txt"
        try OutputFile.write(Data(FlingScript.text.utf8), to: script)
        progress.show("photo library · fling")
        let fling = try WindowRun.launch(photos: folder, cacheHome: freshCache(), seconds: FlingScript.seconds, extra: ["--script", script],
                                         shaderCache: shaderCache)
        progress.show("photo library · fling with every photo decoded first")
        let preloaded = try WindowRun.launch(photos: folder, cacheHome: freshCache(), seconds: FlingScript.seconds,
                                            extra: ["--script", script, "--preload-photos", "--cache-mb", "8192", "--disk-cache-mb", "0"],
                                            shaderCache: shaderCache)
        if fling.stats.final_offset_y < FlingScript.requiredDistance {
            FileHandle.standardError.write(Data("note: the fling went \(fling.stats.final_offset_y.clampedInteger(Int.self, rounding: .towardZero)) pt, under \(FlingScript.requiredDistance.written()): the folder is too short\n".utf8))
        }

        // Memory at 100 and 10,000 photos, and the fling's rest to sharp over 2,000:
        // links to the folder's files under new names.
        var rss: [Int: Double] = [:]
        var restToSharp2000: Double?
        for count in [100, 2_000, 10_000] {
            progress.show("photo library · \(count) photos")
            let linked = scratch + "/linked-\(count)"
            try link(photos.map(\.path), count: count, into: linked)
            let cache = freshCache()
            try rememberHeaders(of: linked, cacheHome: cache)
            let run = try WindowRun.launch(photos: linked, cacheHome: cache, seconds: FlingScript.seconds, extra: ["--script", script],
                                           shaderCache: shaderCache)
            rss[count] = run.stats.peak_rss_kb.map { Double($0) / 1024 }
            if count == 2_000 { restToSharp2000 = run.stats.photos?.rest_to_sharp_ms.last }
        }

        let libraryScale = try LibraryScale.measure(sources: photos.map(\.path), launches: min(launches, 3), shaderCache: shaderCache,
                                                    freshCache: freshCache, progress: progress)

        progress.show("photo library · decoding rate against vipsthumbnail")
        // Every core: decoding while no frame needs the CPU may take them all.
        let rate = try DecodeRate.measure(folder: folder, threads: cores)

        let median = FirstLookMeasurement.median
        var result = PhotoLibraryResult(
            folder: folder, photos: photos.count, decode_threads: threads, vipsthumbnail_processes: cores, launches: launches,
            display: ProcessInfo.processInfo.environment["DISPLAY"].map { "X display \($0)" } ?? "SDL dummy driver (no DISPLAY)",
            first_frame_ms: given.first_frame_ms ?? .nan,
            bare_first_frame_ms: median(bare),
            visible_preview_ms: given.visible_preview_ms,
            visible_sharp_ms: given.visible_sharp_ms, vipsthumbnail_visible_ms: given.vipsthumbnail_visible_ms ?? 0,
            visible_sharp_over_vipsthumbnail: given.visible_sharp_over_vipsthumbnail,
            first_frame_indexed_ms: median(second.map { $0.sinceSpawn($0.stats.startup.first_frame_ns) }) ?? .nan,
            visible_sharp_cached_ms: median(second.map { $0.sinceFirstFrame($0.stats.startup.complete_frame_ns) }),
            fling_distance_pt: fling.stats.final_offset_y, fling_rest_to_sharp_ms: fling.stats.photos?.rest_to_sharp_ms.last,
            fling_rest_to_sharp_ms_2000: restToSharp2000,
            frames_over_budget_image_work: fling.stats.moving_frames_over_budget - preloaded.stats.moving_frames_over_budget,
            frames_over_budget_fling: fling.stats.moving_frames_over_budget,
            frames_over_budget_fling_preloaded: preloaded.stats.moving_frames_over_budget,
            peak_rss_mb_100: rss[100], peak_rss_mb_10000: rss[10_000],
            decode_mp_per_s: rate.appMegapixelsPerSecond, vipsthumbnail_mp_per_s: rate.vipsthumbnailMegapixelsPerSecond,
            decode_over_vipsthumbnail: rate.appMegapixelsPerSecond / rate.vipsthumbnailMegapixelsPerSecond,
            first_looks: firstLooks, targets: [], library: libraryScale)
        result.judge()
        return result
    }

    /// `count` names in `folder`, each a hard link (a symbolic link across file systems) to
    /// one of `files` in turn.
    static func link(_ files: [String], count: Int, into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 0..<count {
            let source = files[i % files.count]
            let name = folder + String(format: "/photo-%05d.", i) + (source as NSString).pathExtension
            if Glibc.link(source, name) != 0 { try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: source) }
        }
    }

    /// Reads every header of `folder` into the index under `cacheHome`, as a first visit that
    /// stayed to the end would have.
    static func rememberHeaders(of folder: String, cacheHome: String) throws {
        guard let file = PhotoIndex.defaultFile(environment: ["XDG_CACHE_HOME": cacheHome]) else { return }
        let entries = try PhotoFolder.scan(folder).entries
        let scanner = HeaderScanner(entries: entries)
        scanner.waitUntilReady(count: entries.count, timeout: 3_600)
        try scanner.updatedIndex().save(to: file)
    }
}
