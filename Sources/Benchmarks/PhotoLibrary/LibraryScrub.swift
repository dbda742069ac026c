import FileOutput
import Foundation
import ParallaxKit
import RunHarness

/// The scrubber on the 100,000-photo library: a first visit (fresh cache) whose script grabs
/// the scroll indicator's thumb, drags it to eight places along the track, a quarter second
/// each, and holds each for `holdSeconds`; the window's `scrub_landings` say how soon every
/// visible photo showed (a preview counts) and turned sharp after each landing.
enum LibraryScrub {
    /// Where each landing leaves the thumb, as a fraction of the track: spread out and out of
    /// order, so no landing is a short step from the one before.
    static let stops = [0.37, 0.81, 0.12, 0.55, 0.93, 0.26, 0.68, 0.45]
    /// How long the hand rests at each landing: longer than any target, so a slow landing is
    /// measured, not cut short.
    static let holdSeconds = 1.5
    /// The window's size, and the thumb's place in it (see docs/scripts-and-trace.md: 5 points
    /// from the right edge; the top of an unscrolled list's thumb 21 points down; the bottom
    /// of the track 10 points above the window's bottom edge).
    static let windowSize = "1280x800"
    static let thumbX = 1275.0, trackTop = 21.0, trackBottom = 790.0

    /// The script: the window settles 3 s (the listing is in), then each landing is fifteen
    /// moves a 60th of a second apart and a rest.
    static var script: String {
        var lines = ["wait 3", "drag-begin \(thumbX) \(trackTop)"]
        var y = trackTop
        for stop in stops {
            let target = trackTop + stop * (trackBottom - trackTop)
            for step in 1...15 {
                lines.append("drag-move \(thumbX) \(String(format: "%.1f", y + (target - y) * Double(step) / 15))")
                lines.append("wait \(String(format: "%.4f", 1.0 / 60))")
            }
            y = target
            lines.append("wait \(holdSeconds)")
        }
        lines.append("drag-end")
        return lines.joined(separator: "\n") + "\n"
    }

    static var launchSeconds: Double { 3 + Double(stops.count) * (0.25 + holdSeconds) + 0.5 }

    /// Every landing of `launches` first visits of `library`.
    static func measure(library: String, launches: Int, shaderCache: String, freshCache: () -> String,
                        progress: BenchProgress) throws -> [RunReport.ScrubLanding] {
        var landings: [RunReport.ScrubLanding] = []
        for i in 0..<launches {
            progress.show("photo library · the scrubber on a first visit to 100,000 photos \(i + 1)/\(launches)")
            let file = freshCache() + "-scrub.txt"
            try OutputFile.write(Data(script.utf8), to: file)
            let run = try WindowRun.launch(photos: library, cacheHome: freshCache(), seconds: launchSeconds,
                                           extra: ["--recursive", "--size", windowSize, "--script", file], shaderCache: shaderCache)
            landings += run.stats.scrub_landings ?? []
        }
        return landings
    }

    /// The median of `values` where a nil (the hand moved on first) counts as slower than any
    /// time, so landings that never got there are not left out; nil when that median is one.
    static func median(_ values: [Double?]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.map { $0 ?? .infinity }.sorted()
        let middle = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        return middle.isFinite ? middle : nil
    }
}
