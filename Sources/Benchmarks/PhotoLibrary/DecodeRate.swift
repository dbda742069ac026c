import Foundation
import MonotonicTime
import ParallaxKit
import PhotoPipeline

/// Megapixels of source photo decoded per second, by the app's pipeline (`PhotoLoader` with
/// `PhotoDecoder`) and by `vipsthumbnail`, on the same files to the same box with the same
/// number of threads.
enum DecodeRate {
    /// A cell-sized box: what a 1280-point window's two-column photos scene needs.
    static let box = PixelSize(width: 640, height: 640)

    struct Result {
        var files: Int
        var sourceMegapixels: Double
        var appMegapixelsPerSecond: Double
        var vipsthumbnailMegapixelsPerSecond: Double
    }

    static func measure(folder: String, threads: Int) throws -> Result {
        let entries: [PhotoFolder.Entry]
        do { entries = try PhotoFolder.scan(folder).entries } catch { throw BenchFailure(message: "--photos: \(error)") }
        var sourcePixels = 0
        var readable: [String] = []
        for entry in entries {
            guard let header = try? PhotoHeader.read(path: entry.path) else { continue }
            sourcePixels += header.width * header.height
            readable.append(entry.path)
        }
        guard !readable.isEmpty else { throw BenchFailure(message: "no readable photos in \(folder)") }
        let megapixels = Double(sourcePixels) / 1e6

        let start = monotonicNanoseconds()
        let loader = PhotoLoader(workers: threads)
        loader.submit(readable.enumerated().map { PhotoRequest(id: $0.offset, path: $0.element, size: box, fit: .fit) })
        var done = 0
        while done < readable.count {
            let taken = loader.takeFinished(max: 64)
            if taken.isEmpty { usleep(500) }
            done += taken.count
        }
        let appSeconds = Double(monotonicNanoseconds() - start) / 1e9
        loader.shutdown()

        let jobs = readable.map { VipsThumbnailRun.Job(path: $0, width: box.width, height: box.height) }
        let vipsSeconds = try VipsThumbnailRun.milliseconds(jobs, threads: threads) / 1000
        return Result(files: readable.count, sourceMegapixels: megapixels,
                      appMegapixelsPerSecond: megapixels / appSeconds, vipsthumbnailMegapixelsPerSecond: megapixels / vipsSeconds)
    }
}
