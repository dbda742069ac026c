import Foundation
import ParallaxKit
import SDLBackend
import Testing

/// Where the committed golden frames live (copied into the test bundle's resources).
private func goldenPath(_ scene: SceneID) throws -> String {
    try #require(Bundle.module.path(forResource: scene.name, ofType: "png", inDirectory: "Golden"), "no golden frame for \(scene.name)")
}

private func temporaryPNG(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).png").path
}

/// How two frames differ: the mean absolute channel difference and the share of pixels
/// whose largest channel difference exceeds `threshold`.
private func difference(_ a: RGBAImage, _ b: RGBAImage, threshold: Int = 24) -> (mean: Double, share: Double) {
    precondition(a.size == b.size)
    var total = 0, differing = 0
    for i in stride(from: 0, to: a.bytes.count, by: 4) {
        var largest = 0
        for c in 0..<3 {
            let d = abs(Int(a.bytes[i + c]) - Int(b.bytes[i + c]))
            total += d
            largest = max(largest, d)
        }
        if largest > threshold { differing += 1 }
    }
    let pixels = a.bytes.count / 4
    return (Double(total) / Double(pixels * 3), Double(differing) / Double(pixels))
}

@Suite struct ShotTests {
    /// Every scene rendered headless matches its committed frame, with a tolerance for
    /// smoothing and font rasterisation (regenerate with `make golden` after a deliberate change).
    @Test(arguments: SceneID.allCases)
    func headlessFramesMatchTheGoldenOnes(scene: SceneID) throws {
        let out = temporaryPNG("golden-\(scene.name)")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try run(["shot", "--scene", scene.name, "--offset", "300", "--size", "640x400", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        let actual = try RGBAImage.load(path: out)
        let golden = try RGBAImage.load(path: try goldenPath(scene))
        #expect(actual.size == golden.size)
        guard actual.size == golden.size else { return }
        let diff = difference(actual, golden)
        #expect(diff.mean < 1.5, "mean channel difference \(diff.mean)")
        #expect(diff.share < 0.005, "\(diff.share * 100) % of pixels differ noticeably")
    }

    @Test func aDifferentOffsetIsADifferentFrame() throws {
        // The golden comparison must be able to fail: the same scene 40 pt further is far off.
        let out = temporaryPNG("golden-shifted")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try run(["shot", "--scene", "photos", "--offset", "340", "--size", "640x400", "--out", out])
        #expect(result.status == 0)
        let diff = difference(try RGBAImage.load(path: out), try RGBAImage.load(path: try goldenPath(.photos)))
        #expect(diff.share > 0.2)
    }

    @Test func aScriptReplayEndsWhereTheTraceEnds() throws {
        let out = temporaryPNG("shot-script")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try run(["shot", "--scene", "table", "--script", "keys", "--size", "320x240", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try RGBAImage.load(path: out).size == PixelSize(width: 320, height: 240))
    }

    @Test func badShotOptionsExitWith2() throws {
        let missingOut = try run(["shot", "--scene", "photos"])
        #expect(missingOut.status == 2)
        #expect(missingOut.stderr.contains("--out"))
        let badResources = try run(["shot", "--out", "/tmp/x.png", "--resources", "/nonexistent"])
        #expect(badResources.status == 2)
        #expect(badResources.stderr.contains("photos/"))
        let badFont = try run(["shot", "--out", "/tmp/x.png", "--font", "/nonexistent.ttf"])
        #expect(badFont.status == 2)
        #expect(badFont.stderr.contains("fonts-dejavu-core"))
    }

    /// No display, an unreachable one, and an unreachable one with the x11 driver named: SDL
    /// 2.26 would fall back to its invisible "offscreen" driver; the window must refuse instead.
    /// (Run as child processes: changing this process's environment would race other tests.)
    @Test(arguments: [[:], ["DISPLAY": ":4242"], ["DISPLAY": ":4242", "SDL_VIDEODRIVER": "x11"]])
    func theWindowWithoutADisplaySaysSoAndPointsToShot(extra: [String: String]) throws {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-xdg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"] { environment[name] = nil }
        // An empty runtime directory: no Wayland socket to find either.
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment.merge(extra) { $1 }
        let result = try run(["--exit-after", "1"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("no display"))
        #expect(result.stderr.contains("shot"))
    }
}
