import Foundation
import ParallaxKit
import SDLBackend
import SpawnIsolation
import Testing

/// Where the committed golden frames live (copied into the test bundle's resources).
private func goldenPath(_ scene: SceneID) throws -> String {
    try #require(Bundle.module.path(forResource: scene.name, ofType: "png", inDirectory: "Golden"), "no golden frame for \(scene.name)")
}

private func temporaryPNG(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).png").path
}

/// `jpeg` with an EXIF segment holding only an orientation tag, right after its start marker
/// (ImageMagick writes no EXIF for a generated image).
private func withOrientationTag(_ orientation: UInt8, _ jpeg: Data) -> Data {
    let exif: [UInt8] = [
        0xFF, 0xE1, 0x00, 0x22,                          // APP1, 34 bytes
        0x45, 0x78, 0x69, 0x66, 0x00, 0x00,              // "Exif\0\0"
        0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // big-endian TIFF, first IFD at 8
        0x00, 0x01,                                      // one entry
        0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01,  // Orientation, SHORT, count 1
        0x00, orientation, 0x00, 0x00,                   // its value
        0x00, 0x00, 0x00, 0x00,                          // no next IFD
    ]
    return jpeg.prefix(2) + Data(exif) + jpeg.dropFirst(2)
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

@Suite(.onThreadsOfTheirOwn) struct ShotTests {
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

    /// A shot after a script is the replay's last frame as `record` and `shot --at` draw it
    /// (one composer draws all three), scroll indicator included: a fling's last frame still
    /// shows the indicator, which holds for half a second after the list stops.
    @Test func aScriptShotEqualsTheReplaysLastFrameAsRecordDrawsIt() throws {
        let trace = try run(["trace", "--scene", "photos", "--script", "fling", "--viewport", "320x200"])
        try #require(trace.status == 0, "\(trace.stderr)")
        let lastFrame = try #require(trace.stdout.split(separator: "\n").dropFirst().compactMap { Int($0.split(separator: ",")[0]) }.max())
        let (afterScript, atLast) = (temporaryPNG("shot-script-end"), temporaryPNG("shot-at-last"))
        defer { for path in [afterScript, atLast] { try? FileManager.default.removeItem(atPath: path) } }
        let shot = try run(["shot", "--scene", "photos", "--script", "fling", "--size", "320x200", "--out", afterScript])
        try #require(shot.status == 0, "\(shot.stderr)")
        let at = try run(["shot", "--scene", "photos", "--script", "fling", "--size", "320x200",
                          "--at", String(Double(lastFrame) / 60), "--out", atLast])
        try #require(at.status == 0, "\(at.stderr)")
        let (a, b) = (try RGBAImage.load(path: afterScript), try RGBAImage.load(path: atLast))
        #expect(a == b, "differing pixels: \(difference(a, b).share)")
        // The indicator is there: the rightmost columns differ from the same offset's still shot.
        let offset = try #require(trace.stdout.split(separator: "\n").last.map { String($0.split(separator: ",")[3]) })
        let still = temporaryPNG("shot-still")
        defer { try? FileManager.default.removeItem(atPath: still) }
        _ = try run(["shot", "--scene", "photos", "--offset", offset, "--size", "320x200", "--out", still])
        #expect(difference(a, try RGBAImage.load(path: still)).share > 0, "the indicator shows after a script")
    }

    /// `shot --out existing.png` killed while it writes leaves a whole PNG there, the
    /// old one, never a truncated one. The kill comes the moment the writing shows in the
    /// folder: the old file changing size, or a new file appearing beside it.
    @Test(.timeLimit(.minutes(3)))
    func aShotKilledWhileWritingLeavesTheOldPNG() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shot-killed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("existing.png").path
        let first = try run(["shot", "--scene", "photos", "--size", "64x64", "--out", out])
        try #require(first.status == 0, "\(first.stderr)")
        let oldBytes = try Data(contentsOf: URL(fileURLWithPath: out))
        func writingHasBegun() -> Bool {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            let size = (try? FileManager.default.attributesOfItem(atPath: out))?[.size] as? Int
            return names.count > 1 || size != oldBytes.count
        }
        var caught = 0
        for attempt in 0..<3 {
            let process = Isolated.process(try playgroundBinary(),
                                           ["shot", "--scene", "quilt", "--size", "4096x4096", "--offset", "\(attempt * 300)", "--out", out])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            while process.isRunning && !writingHasBegun() { usleep(200) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                caught += 1
            }
            process.waitUntilExit()
            #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == oldBytes, "attempt \(attempt): the old PNG is intact")
            #expect(try RGBAImage.load(path: out).size == PixelSize(width: 64, height: 64))
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name != "existing.png" {
                try FileManager.default.removeItem(atPath: dir.appendingPathComponent(name).path)
            }
        }
        #expect(caught == 3, "every kill landed while the shot was writing")
    }

    /// An unreadable image never stops the app. Each bad photo is named
    /// once with the reason and drawn as a "can't show" tile; a bad cover is skipped and named.
    @Test func unreadableImagesAreNamedAndShownAsTiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bad-images-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = dir.appendingPathComponent("photos"), covers = dir.appendingPathComponent("covers")
        try FileManager.default.createDirectory(at: covers.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let good = temporaryPNG("good")
        defer { try? FileManager.default.removeItem(atPath: good) }
        try #require(try run(["shot", "--size", "64x48", "--out", good]).status == 0)
        let goodBytes = try Data(contentsOf: URL(fileURLWithPath: good))
        try goodBytes.write(to: photos.appendingPathComponent("a.png"))
        try goodBytes.write(to: covers.appendingPathComponent("a.png"))
        try Data("not an image".utf8).write(to: photos.appendingPathComponent("b.jpg"))
        try goodBytes.prefix(200).write(to: photos.appendingPathComponent("c.png"))

        let out = temporaryPNG("skipped")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try run(["shot", "--resources", dir.path, "--size", "320x600", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["photos/b.jpg", "photos/c.png"] {
            let line = "can't show \(dir.path)/\(name): "
            #expect(result.stderr.components(separatedBy: line).count == 2, "\(name) is named once: \(result.stderr)")
        }
        #expect(result.stderr.contains("skipping \(dir.path)/covers/folder.png: a folder, not an image file"), "\(result.stderr)")
        // The tiles are drawn: the photos scene shows items 0–2 (a, b, c) at the top.
        let image = try RGBAImage.load(path: out)
        var tilePixels = 0
        for i in stride(from: 0, to: image.bytes.count, by: 4)
        where image.bytes[i] == 58 && image.bytes[i + 1] == 40 && image.bytes[i + 2] == 44 { tilePixels += 1 }
        #expect(tilePixels > image.width * image.height / 10, "the can't-show tiles cover a good part of the frame (\(tilePixels) pixels)")

        for name in ["a.png", "b.jpg", "c.png"] { try FileManager.default.removeItem(at: photos.appendingPathComponent(name)) }
        let none = try run(["shot", "--resources", dir.path, "--out", out])
        #expect(none.status != 0)
        #expect(none.stderr.contains("no .png, .jpg or .jpeg files"), "\(none.stderr)")
    }

    /// `--photos DIR` shows a folder's photos, each in its own shape
    /// after EXIF orientation, the same in trace (headers only) and shot (decoded).
    @Test func aPhotoFolderLaysOutEachPhotoInItsOwnShape() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("photo-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func convert(_ arguments: [String]) throws {
            let process = Isolated.process(URL(fileURLWithPath: "/usr/bin/convert"), arguments)
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "ImageMagick made \(arguments.last ?? "")")
        }
        try convert(["-size", "600x400", "xc:red", dir.appendingPathComponent("IMG_2.jpg").path])
        try convert(["-size", "400x600", "xc:blue", dir.appendingPathComponent("IMG_10.jpg").path])
        // Stored 600 × 300, tagged orientation 6 ("rotate 90° to show"): shown 300 × 600.
        let rotated = dir.appendingPathComponent("IMG_30.jpg")
        try convert(["-size", "600x300", "xc:green", rotated.path])
        try withOrientationTag(6, Data(contentsOf: rotated)).write(to: rotated)
        try Data("not a photo".utf8).write(to: dir.appendingPathComponent("notes.jpg"))

        let trace = try run(["trace", "--photos", dir.path, "--scene", "photos", "--viewport", "600x3200", "--script", "keys"])
        #expect(trace.status == 0, "\(trace.stderr)")
        #expect(trace.stderr.contains("can't show \(dir.path)/notes.jpg: not an image"), "\(trace.stderr)")
        let firstFrame = trace.stdout.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("0,") }
            .map { $0.split(separator: ",") }
        let sizes = firstFrame.map { (item: Int($0[5])!, width: Double($0[8])!, height: Double($0[9])!) }
        // One item per file, in natural order (IMG_2, IMG_10, IMG_30, notes), each photo its own
        // shape; the file that is not a photo keeps its place as a 3:2 tile.
        #expect(sizes.map(\.item) == [0, 1, 2, 3])
        let ratios = sizes.map { $0.width / $0.height }
        #expect(abs(ratios[0] - 1.5) < 0.01 && abs(ratios[1] - 2.0 / 3) < 0.01 && abs(ratios[2] - 0.5) < 0.01
                && abs(ratios[3] - 1.5) < 0.01, "\(ratios)")

        let out = temporaryPNG("photo-folder")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let shot = try run(["shot", "--photos", dir.path, "--scene", "photos", "--size", "600x2000", "--out", out])
        #expect(shot.status == 0, "\(shot.stderr)")
        let image = try RGBAImage.load(path: out)
        // The first cell is the red photo, the second (below it) the blue one.
        let top = image[300, 100], second = image[300, Int(sizes[1].height / 2 + sizes[0].height + 40)]
        #expect(top.r > 200 && top.b < 60, "\(top)")
        #expect(second.b > 200 && second.r < 60, "\(second)")
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
