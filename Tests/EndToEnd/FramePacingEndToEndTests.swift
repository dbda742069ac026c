import Foundation
import ParallaxKit
import RunHarness
import Testing

/// The window waits instead of drawing the same picture again (a window at rest
/// took a core drawing it under llvmpipe); a script's run waits too, as a hand would, and its
/// next event wakes it.
@Suite(.onThreadsOfTheirOwn) struct FramePacingEndToEndTests {
    private func windowStats(_ arguments: [String]) throws -> RunReport {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-pacing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let statsPath = dir.appendingPathComponent("stats.json").path
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["XDG_CACHE_HOME"] = dir.appendingPathComponent("cache").path
        let result = try run(["--no-settings", "--exit-after", "2.5", "--stats-json", statsPath] + arguments, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: statsPath)))
    }

    @Test(.timeLimit(.minutes(1)))
    func aWindowAtRestWaitsAndAScriptWakesItForItsNextEvent() throws {
        let resting = try windowStats(["--scene", "photos"])
        #expect((resting.idle_waits ?? 0) >= 1, "the window at rest drew every frame: \(resting.frames) frames")
        let script = try temporaryFile("end.txt", contents: "wait 1\nkey end\nwait 1\n")
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: script).deletingLastPathComponent().path) }
        let scripted = try windowStats(["--scene", "photos", "--script", script])
        #expect((scripted.idle_waits ?? 0) >= 1, "a script's still second drew every frame: \(scripted.frames) frames")
        #expect(scripted.final_offset_y > 1000, "the End key, due while the window waited, reached it")
    }

    /// The moving frames are those a person watches move: a fling's are nearly all of its
    /// timed frames; with the tuning panel open over a still list every frame is drawn (the
    /// panel is live) but few show motion (the first photos fading in).
    @Test(.timeLimit(.minutes(1)))
    func movingFramesCountWhatMovesNotWhatIsDrawn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-moving-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fling = folder.appendingPathComponent("fling.txt").path, panel = folder.appendingPathComponent("panel.txt").path
        try "wait 0.3\ndrag 600 700 600 100 0.15\nwait 2\n".write(toFile: fling, atomically: true, encoding: .utf8)
        try "wait 0.2\nkey t\nwait 2\n".write(toFile: panel, atomically: true, encoding: .utf8)

        let flung = try windowStats(["--scene", "photos", "--script", fling])
        #expect(flung.moving_frames > 0 && flung.moving_frames <= flung.frames)
        #expect(Double(flung.moving_frames) >= 0.8 * Double(flung.frames),
                "a fling's frames move: \(flung.moving_frames) of \(flung.frames)")
        #expect(flung.moving_frames_over_budget <= min(flung.moving_frames, flung.frames_over_16_7_ms))

        let still = try windowStats(["--scene", "photos", "--script", panel])
        #expect(still.tuning_panel_open == true)
        #expect(still.frames >= 20, "the open panel is drawn every frame: \(still.frames) frames")
        #expect(Double(still.moving_frames) <= 0.5 * Double(still.frames),
                "a still list under the panel counted as moving: \(still.moving_frames) of \(still.frames)")
        #expect(still.moving_frames_over_budget <= min(still.moving_frames, still.frames_over_16_7_ms))
    }
}
