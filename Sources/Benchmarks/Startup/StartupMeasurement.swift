import Foundation
import MonotonicTime
import ParallaxKit
import RunHarness

/// Start-up as a user sees it: the window command spawned as a user would start it, from the
/// spawn to its first frames, read from the `startup` block of its `--stats-json` file.
enum StartupMeasurement {
    /// The window quits at its first complete frame (`--exit-when-sharp`), or after this
    /// many seconds if its images never all arrive (a machine so loaded that they take
    /// longer measures nothing useful anyway).
    static let exitAfterSeconds = "30"

    /// Starts the window `count` times; the clock starts just before each spawn.
    static func measure(launches count: Int, resources: String, progress: BenchProgress) throws -> StartupResult {
        let binary = try BesideThisProgram.playground()
        var launches: [StartupLaunch] = []
        for i in 0..<count {
            progress.show("start-up · launch \(i + 1)/\(count)")
            let statsPath = FileManager.default.temporaryDirectory
                .appendingPathComponent("parallax-startup-\(ProcessInfo.processInfo.processIdentifier)-\(i).json").path
            defer { try? FileManager.default.removeItem(atPath: statsPath) }
            var environment = ProcessInfo.processInfo.environment
            // SDL's dummy driver: no display needed, the software renderer, as in CI.
            environment["SDL_VIDEODRIVER"] = "dummy"
            let child = ChildProcess(
                executable: binary,
                arguments: ["--no-settings", "--exit-when-sharp", "--exit-after", exitAfterSeconds, "--stats-json", statsPath, "--resources", resources, "--no-vsync"],
                environment: environment)
            var spawned: UInt64 = 0
            let result = try child.run { spawned = monotonicNanoseconds() }
            guard result.status == 0 else {
                throw BenchFailure(message: "the window command failed (status \(result.status)): \(result.standardError)")
            }
            let report: RunReport
            do {
                report = try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: statsPath)))
            } catch {
                throw BenchFailure(message: "the window's --stats-json file cannot be read: \(error)")
            }
            guard let stamps = WindowStartupStamps(report.startup) else {
                throw BenchFailure(message: "the window's --stats-json file has no first frame")
            }
            launches.append(StartupLaunch(stamps: stamps, spawnedAt: spawned))
            progress.advance(by: 1)
        }
        return StartupResult(launches: launches)
    }
}
