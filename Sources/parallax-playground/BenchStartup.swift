import ArgumentParser
import Foundation
import ParallaxKit
import SDLBackend

/// Milestones of a window start-up, written by `parallax-playground --startup-report FILE`:
/// CLOCK_MONOTONIC timestamps (ns), comparable with the parent's reading taken just before
/// it spawned the window.
struct StartupReport: Codable {
    /// `run()` entered: the runtime is loaded and the arguments are parsed.
    var main: UInt64 = 0
    /// SDL's video, image and font subsystems are up, the window and renderer exist.
    var video: UInt64 = 0
    /// Every bundled image is a texture, the font is open and the playground is built.
    var ready: UInt64 = 0
    /// The first frame's `SDL_RenderPresent` returned.
    var firstFrame: UInt64 = 0
    /// The first frame in which every image command was drawn (none failed for a missing
    /// texture) had been presented.
    var completeFrame: UInt64 = 0
    /// Which frame that was (1 = the first).
    var completeFrameNumber: Int = 0
}

/// Start-up as a user sees it: from spawning the binary to its first frames, over launches.
struct StartupResult {
    struct Launch: Encodable {
        var spawn_to_main_ms: Double
        var spawn_to_video_ms: Double
        var spawn_to_ready_ms: Double
        var first_frame_ms: Double
        var all_images_ms: Double
        var all_images_frame: Int
    }

    var launches: [Launch]

    var firstFrame: Double { median(launches.map(\.first_frame_ms)) }
    var allImages: Double { median(launches.map(\.all_images_ms)) }

    /// Starts the window `count` times; the clock starts just before each spawn.
    static func measure(launches count: Int, resources: String, progress: BenchProgress) throws -> StartupResult {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var launches: [Launch] = []
        for i in 0..<count {
            progress.show("start-up · launch \(i + 1)/\(count)")
            let process = Process()
            process.executableURL = binary
            let reportPath = FileManager.default.temporaryDirectory
                .appendingPathComponent("parallax-startup-\(getpid())-\(i).json").path
            defer { try? FileManager.default.removeItem(atPath: reportPath) }
            // The real window command, on SDL's dummy driver (named explicitly, so the window
            // command accepts it) with the software renderer and vsync off.
            process.arguments = ["--startup-report", reportPath, "--resources", resources, "--no-vsync", "--exit-after", "30"]
            var environment = ProcessInfo.processInfo.environment
            environment["SDL_VIDEODRIVER"] = "dummy"
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            let spawned = monotonicNanoseconds()
            try process.run()
            let output = out.fileHandleForReading.readDataToEndOfFile()
            let errors = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            _ = output
            guard process.terminationStatus == 0,
                  let data = FileManager.default.contents(atPath: reportPath),
                  let report = try? JSONDecoder().decode(StartupReport.self, from: data), report.completeFrame > 0
            else {
                throw BenchFailure(message: "the window's start-up report failed (status \(process.terminationStatus)): \(String(decoding: errors, as: UTF8.self))")
            }
            func ms(_ t: UInt64) -> Double { roundTo(Double(Int64(bitPattern: t &- spawned)) / 1e6) }
            launches.append(Launch(
                spawn_to_main_ms: ms(report.main), spawn_to_video_ms: ms(report.video), spawn_to_ready_ms: ms(report.ready),
                first_frame_ms: ms(report.firstFrame), all_images_ms: ms(report.completeFrame),
                all_images_frame: report.completeFrameNumber))
            progress.advance(by: 1)
        }
        return StartupResult(launches: launches)
    }
}

/// The benchmark could not do what it must (not the user's fault): exit 1 with the reason.
struct BenchFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
