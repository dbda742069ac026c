import Foundation
import ParallaxKit
import Testing

/// The window waits instead of drawing the same picture again (a window at rest
/// took a core drawing it under llvmpipe); a script's run waits too, as a hand would, and its
/// next event wakes it.
@Suite struct FramePacingEndToEndTests {
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
}
