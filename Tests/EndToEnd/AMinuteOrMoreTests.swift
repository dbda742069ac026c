import Foundation
import ParallaxKit
import RunHarness
import SDLBackend
import SpawnIsolation
import Testing

/// The end-to-end tests that take a minute or more on two busy cores: the window bench and
/// the monkey's thirty seconds here, the photo folders under Xvfb in
/// WindowPhotoFolderTests.swift. Swift Testing admits test cases in the order of their source
/// locations (module, file, line), and this file's name sorts first in EndToEnd: these start
/// first, and the short tests fill the cores beside them. Admitted last (they were part of
/// `WindowTests`), they made the run's tail: the window bench ended 60 to 180 s after every
/// other test.
@Suite(.onThreadsOfTheirOwn) struct MinuteLongTests {
    /// `bench --only window` measures every scene in a real window with both render
    /// drivers, vsync on (app and bare loop alone) and off (interleaved), and judges the
    /// targets; without a display it says how to get one.
    /// Its time limit is a guard against a hang: alone it takes about 70 s, beside three other
    /// tests on two cores more than 180 s.
    @Test(.timeLimit(.minutes(6)), .needsXvfb, .needsFFmpeg)
    func theWindowBenchMeasuresEverySceneInARealWindow() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-window-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = nil
        environment["DISPLAY"] = nil
        let refused = try run(["bench", "--quick", "--only", "window"], environment: environment)
        #expect(refused.status != 0 && refused.stderr.contains("needs a display") && refused.stderr.contains("with-display.sh"), "\(refused.stderr)")

        let x = try XvfbServer()
        defer { x.stop() }
        environment["DISPLAY"] = x.display
        let json = dir.appendingPathComponent("bench.json").path
        let result = try run(["bench", "--quick", "--only", "window", "--json", json], environment: environment)
        try #require(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("In a real window"))
        struct Report: Decodable {
            struct Times: Decodable { var p50_ms: Double; var p99_ms: Double }
            struct OffScene: Decodable { var scene: String; var app: Times; var bare: Times; var ratio_p50: Double?; var bare_frame_differing_pixels: Int }
            struct Off: Decodable { var surface: String; var scenes: [OffScene] }
            struct OnScene: Decodable {
                var scene: String; var frames: Int; var frame: Times; var bare_frame: Times; var frames_over_16_7_ms: Double
                var frames_captured: Double?
            }
            struct Renderer: Decodable { var renderer: String; var video_driver: String; var vsync_off: Off; var vsync_on: [OnScene] }
            struct Window: Decodable { var renderers: [Renderer] }
            struct Target: Decodable { var name: String; var met: Bool? }
            var window: Window
            var targets: [Target]
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        #expect(report.window.renderers.map(\.renderer) == ["opengl", "software"], "Xvfb gives Mesa's OpenGL and SDL's software renderer")
        // Every scene, then the photos list as five compared panes.
        let scenes = SceneID.allCases.map(\.name) + ["photos×5", "photos+T", "photos+R"]
        for r in report.window.renderers {
            #expect(r.video_driver == "x11")
            #expect(r.vsync_off.surface == "window")
            #expect(r.vsync_off.scenes.map(\.scene) == scenes && r.vsync_on.map(\.scene) == scenes)
            for s in r.vsync_off.scenes {
                #expect(s.app.p50_ms > 0 && s.bare.p50_ms > 0 && s.ratio_p50 != nil, "\(r.renderer) \(s.scene)")
                #expect(s.bare_frame_differing_pixels == 0, "\(r.renderer) \(s.scene): the bare loop drew the app's frame")
            }
            // The recording row says what share of its frames the recorder captured; no other does.
            #expect(r.vsync_on.map { $0.frames_captured != nil } == scenes.map { $0 == "photos+R" }, "\(r.renderer)")
            if let captured = r.vsync_on.last?.frames_captured { #expect(captured > 0 && captured <= 1) }
            for s in r.vsync_on {
                #expect(s.frames > 1 && s.frame.p99_ms >= s.frame.p50_ms && s.frame.p50_ms > 0 && s.bare_frame.p50_ms > 0, "\(r.renderer) \(s.scene)")
                // Vsync on paces the frames: a median frame far below a refresh means it did not wait.
                #expect(s.frame.p50_ms > 8, "\(r.renderer) \(s.scene): vsync on waits for the refresh (p50 \(s.frame.p50_ms) ms)")
            }
        }
        let windowTargets = report.targets.filter { $0.name.hasPrefix("in a real window") }
        #expect(windowTargets.count == 5 && windowTargets.allSatisfy { $0.met != nil }, "the five window targets judged")
    }

    /// Thirty seconds of seeded random input through the real frame loop (SDL's
    /// dummy driver), every invariant checked after every frame and the strategies compared
    /// against a second model fed the same events. `make soak` runs it for ten minutes.
    @Test(.timeLimit(.minutes(3)))
    func theMonkeyBreaksNoInvariantInThirtySeconds() throws {
        let result = try run(["monkey", "--seconds", "30", "--seed", "7"])
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("no invariant broken"), "\(result.stdout)")
        // It did something worth checking: many frames, many actions, frames compared.
        let numbers = result.stdout.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        try #require(numbers.count >= 4, "\(result.stdout)")
        #expect(numbers[0] > 300, "frames")
        #expect(numbers[1] > 100, "actions")
        #expect(numbers[2] > 100, "frames compared")
    }
}
