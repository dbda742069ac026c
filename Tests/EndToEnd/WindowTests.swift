import Foundation
import MonotonicTime
import ParallaxKit
import RunHarness
import SDLBackend
import SpawnIsolation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The window as a person runs it: xdotool's wheel and keys, keys before the first frame,
/// signals, Esc. Its tests wait for the window on threads of their own (`onThreadsOfTheirOwn`);
/// the minute-long ones (the window bench, the monkey, photo folders) are `MinuteLongTests`.
@Suite(.onThreadsOfTheirOwn) struct WindowTests {
    /// The real binary in a real window: wheel, fling, strategy keys and Tab, as a person would.
    @Test(.timeLimit(.minutes(2)), .needsXvfb)
    func scrollsSwitchesAndExitsCleanlyUnderXdotool() throws {
        let x = try XvfbServer()
        defer { x.stop() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let statsPath = dir.appendingPathComponent("stats.json").path

        let windowed = try WindowedApp(["--no-settings", "--scene", "photos", "--size", "1280x800", "--exit-after", "120", "--stats-json", statsPath],
                                       on: x, folder: dir)
        defer { windowed.stop() }
        let app = windowed.process, window = windowed.window
        let appSaid = { windowed.said }
        try #require(!window.isEmpty, "the window never appeared; the app said: \(appSaid())")
        pause(1)

        func screenshot(_ name: String) throws -> RGBAImage {
            let path = dir.appendingPathComponent("\(name).png").path
            try runTool("import", ["-window", "root", path], display: x.display)
            return try RGBAImage.load(path: path)
        }
        // The left column of photos, away from the fps overlay in the top-right corner.
        let content = (x: 0..<600, y: 0..<800)

        let start = try screenshot("start")
        try runTool("xdotool", ["mousemove", "300", "400", "click", "--repeat", "4", "--delay", "40", "5"], display: x.display)
        let afterWheel = try restingPicture(within: 10, in: content) {
            try picture(within: 10, { try screenshot("wheel") }, until: { changedShare(start, $0, in: content) > 0.2 })
        }
        #expect(changedShare(start, afterWheel, in: content) > 0.2, "the wheel scrolled the photos")

        try runTool("xdotool", [
            // Moves a few frames apart, so each reaches the app with its own timestamp even when
            // the machine is busy.
            "mousemove", "300", "700", "mousedown", "1", "sleep", "0.05",
            "mousemove", "300", "640", "sleep", "0.04", "mousemove", "300", "540", "sleep", "0.04",
            "mousemove", "300", "420", "sleep", "0.04", "mousemove", "300", "300", "mouseup", "1",
        ], display: x.display)
        // F twice after the release (the fps badge, then the full panel, then nothing): the
        // app reads its events in order, so the first picture without the badge's "F" (top
        // right, away from the left column) is of a frame after the release, whatever the
        // machine's load. The letter and the opaque box around it never change while the badge
        // shows; without it, at least the letter's pixels (a twentieth of the square) differ.
        let badgeLetter = (x: 1244..<1266, y: 16..<38)
        try runTool("xdotool", ["key", "f", "f"], display: x.display)
        let coasting = try picture(within: 15, { try screenshot("coasting") }, until: { changedShare(start, $0, in: badgeLetter) > 0.02 })
        try #require(changedShare(start, coasting, in: badgeLetter) > 0.02, "F never took the fps badge away")
        let rested = try restingPicture(within: 15, in: content) { try screenshot("rested") }
        #expect(changedShare(afterWheel, rested, in: content) > 0.2, "the drag moved the photos")
        #expect(changedShare(coasting, rested, in: content) > 0.05, "the photos kept coasting after the release")

        for key in ["1", "3", "2"] {
            try runTool("xdotool", ["key", key], display: x.display)
            pause(0.4)
        }
        try runTool("xdotool", ["key", "Tab"], display: x.display)
        let captions = try picture(within: 10, { try screenshot("captions") }, until: { changedShare(rested, $0, in: content) > 0.2 })
        #expect(changedShare(rested, captions, in: content) > 0.2, "Tab switched to another scene")
        try runTool("xdotool", ["key", "q"], display: x.display)

        let exitDeadline = Date().addingTimeInterval(15)
        while app.isRunning && Date() < exitDeadline { pause(0.1) }
        #expect(!app.isRunning, "Q quits")
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "exited cleanly; the app said: \(appSaid())")

        let stats = try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: statsPath)))
        #expect(stats.frames > 100)
        #expect(stats.frame_ms_p50 > 0)
        #expect(!stats.renderer.isEmpty)
        // Xvfb has no GPU: Mesa's llvmpipe (named by GL_RENDERER) or SDL's software renderer.
        #expect(stats.renderer_draws_on_cpu == true, "renderer \(stats.renderer)")
        let sequence = stats.changes.map { "\($0.scene)/\($0.strategy)" }
        #expect(sequence == [
            "photos/layout-invalidation", "photos/scroll-callback", "photos/cached-layout",
            "photos/layout-invalidation", "captions/layout-invalidation",
        ])
        #expect(zip(stats.changes, stats.changes.dropFirst()).allSatisfy { $0.frame < $1.frame }, "changes carry increasing frame numbers")
    }

    /// Keys typed while the window is still loading its images are kept: they take
    /// effect in the first frame. `--preload-photos` decodes every photo between the window's
    /// appearance and its first frame; large photos make that long enough to type into.
    @Test(.timeLimit(.minutes(2)), .needsXvfb)
    func keysTypedBeforeTheFirstFrameTakeEffect() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-startup-keys-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = dir.appendingPathComponent("photos"), covers = dir.appendingPathComponent("covers")
        for folder in [photos, covers] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        // With --preload-photos the window decodes every photo before its first frame: two
        // 20-megapixel PNGs (no shrink-on-load for PNG) take 2.3 s here, where finding the
        // window and typing take about 0.2. Four took 5 s, and the decoders' nice 10 makes a
        // loaded machine stretch that tenfold (48 s beside two busy loops), past the wait below.
        try runTool("convert", ["-size", "5200x3900", "gradient:orange-navy", photos.appendingPathComponent("a.png").path], display: ":0")
        try FileManager.default.copyItem(at: photos.appendingPathComponent("a.png"), to: photos.appendingPathComponent("b.png"))
        try runTool("convert", ["-size", "64x64", "xc:teal", covers.appendingPathComponent("a.png").path], display: ":0")
        let statsPath = dir.appendingPathComponent("stats.json").path

        let x = try XvfbServer()
        defer { x.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = x.display
        environment["SDL_VIDEODRIVER"] = nil
        // Three seconds after the first frame: time enough to find the window even on a busy machine.
        let app = Isolated.process(try playgroundBinary(),
                                   ["--no-settings", "--scene", "photos", "--resources", dir.path, "--preload-photos", "--exit-after", "3", "--stats-json", statsPath],
                                   environment: environment)
        app.standardOutput = FileHandle.nullDevice
        let errorsPath = dir.appendingPathComponent("stderr.txt").path
        _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
        app.standardError = FileHandle(forWritingAtPath: errorsPath)
        try app.run()
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }

        // Mapped, not only named: keys typed at a window X has not mapped yet go to the root
        // window and are lost (a loaded run's two Tabs were, its later 3 was not).
        var window = ""
        let deadline = Date().addingTimeInterval(20)
        while window.isEmpty && Date() < deadline && app.isRunning {
            window = (try? runTool("xdotool", ["search", "--onlyvisible", "--name", "Parallax Playground"], display: x.display))?
                .split(separator: "\n").first.map(String.init) ?? ""
            if window.isEmpty { pause(0.02) }
        }
        let appSaid = { (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "" }
        try #require(!window.isEmpty, "the window never appeared (running: \(app.isRunning)); the app said: \(appSaid())")
        try runTool("xdotool", ["key", "Tab", "key", "Tab", "key", "3"], display: x.display)
        let keysSent = monotonicNanoseconds()

        let exitDeadline = Date().addingTimeInterval(60)
        while app.isRunning && Date() < exitDeadline { pause(0.1) }
        try #require(!app.isRunning, "the app did not quit")
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "the app said: \(appSaid())")
        let stats = try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: statsPath)))
        let firstFrame = try #require(stats.startup.first_frame_ns)
        #expect(keysSent < firstFrame, "the keys went in before the first frame (else this test proves nothing)")
        let first = try #require(stats.changes.first)
        #expect(first.frame == 0 && first.scene == "table" && first.strategy == "cached-layout", "the first frame already shows both Tabs and the 3: \(stats.changes)")
    }

    /// SIGHUP (a closed terminal) ends the window as SIGTERM and SIGINT do: cleanly,
    /// with the statistics written.
    @Test(.timeLimit(.minutes(1)), arguments: [SIGHUP, SIGTERM, SIGINT])
    func hangUpTerminateAndInterruptEndTheWindowCleanly(signal: Int32) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let statsPath = dir.appendingPathComponent("stats.json").path
        // P two seconds into the run (the window's own time): its screenshot in the home's
        // Pictures says the frame loop has run that long, its signals handled by then.
        let scriptPath = dir.appendingPathComponent("screenshot.script").path
        try "wait 2\nkey p\nwait 60\n".write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let home = dir.appendingPathComponent("home").path
        let environment = ProcessInfo.processInfo.environment.merging([
            "SDL_VIDEODRIVER": "dummy", "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
            "XDG_DATA_HOME": home + "/data",
        ]) { $1 }
        // A shell starts a background job (`make test &`, nohup) with SIGINT ignored, and a
        // child inherits that; SDL then leaves SIGINT alone, as a program started so should,
        // and this test's window ran its 60 s. The test is about the signal's handling, so its
        // window starts with SIGINT's default however the tests were started.
        if signal == SIGINT { _ = Glibc.signal(SIGINT, SIG_DFL) }
        let app = Isolated.process(try playgroundBinary(), ["--no-settings", "--script", scriptPath, "--exit-after", "60", "--stats-json", statsPath],
                                   environment: environment)
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        func screenshots() -> [String] {
            (FileManager.default.enumerator(atPath: home)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".png") && !($0 as NSString).lastPathComponent.hasPrefix(".") }
        }
        let started = Date().addingTimeInterval(40)
        while screenshots().isEmpty && app.isRunning && Date() < started { pause(0.05) }
        try #require(!screenshots().isEmpty, "the window never saved the screenshot of its second second (running: \(app.isRunning))")
        try #require(app.isRunning, "the window is running")
        kill(app.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(20)
        while app.isRunning && Date() < deadline { pause(0.05) }
        try #require(!app.isRunning, "signal \(signal) ended the window")
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "signal \(signal) ended it cleanly")
        let stats = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: statsPath))) as? [String: Any]
        // At rest the window draws at least 4 frames a second, most of them after a wait
        // (frame pacing), which the frame times leave out: the frames drawn are both counts.
        let drawn = (stats?["frames"] as? Int ?? 0) + (stats?["idle_waits"] as? Int ?? 0)
        #expect(drawn >= 5, "the statistics were written, of the 2 s and more the window ran (\(drawn) frames)")
    }

    /// P pressed just before the window closes is not lost. P waits for the visible photos to
    /// be sharp (at most 3 s), and a window quitting meanwhile once dropped the screenshot
    /// (seen as a recording test's missing PNG on a loaded machine); now its last frame takes
    /// it, as shown. A 20-megapixel PNG (no shrink-on-load for PNG) is not sharp 0.1 s after
    /// the window opens, so the screenshot is still waiting when Q arrives.
    @Test(.timeLimit(.minutes(2)))
    func pJustBeforeQuittingStillSavesTheScreenshot() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-p-then-q-\(UUID().uuidString)")
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try runTool("convert", ["-size", "5200x3900", "gradient:teal-orange", photos.appendingPathComponent("big.png").path], display: ":0")
        let script = dir.appendingPathComponent("keys.txt")
        try "key p\nwait 0.1\nkey q\n".write(to: script, atomically: true, encoding: .utf8)
        let app = Isolated.process(try playgroundBinary(),
                                   ["--no-settings", "--photos", photos.path, "--size", "320x200", "--script", script.path, "--exit-after", "30"],
                                   environment: ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy", "HOME": dir.path]) { $1 },
                                   currentDirectory: dir)
        let errorsPath = dir.appendingPathComponent("stderr.txt").path
        _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle(forWritingAtPath: errorsPath)
        try app.run()
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        app.waitUntilExit()
        let said = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        #expect(app.terminationReason == .exit && app.terminationStatus == 0, "\(said)")
        let pictures = dir.appendingPathComponent("Pictures").path
        let saved = ((try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []).filter { $0.hasSuffix(".png") }
        #expect(saved.count == 1, "P's screenshot, taken as the window quit: \(saved); it said: \(said)")
    }

    /// Esc closes the help rather than quitting (what a person presses it for); with no help
    /// open it quits. P names its file by date and time, like R's videos. Told by the script's
    /// own P: it saves a file only if the window is still there to press it.
    @Test(.timeLimit(.minutes(2)))
    func escapeClosesTheHelpFirstAndPNamesItsFileByTheTime() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-escape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func screenshots(after script: String) throws -> [String] {
            let folder = dir.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let scriptFile = folder.appendingPathComponent("keys.txt")
            try script.write(to: scriptFile, atomically: true, encoding: .utf8)
            // A home of its own: this run's --size is no one's next window.
            let app = Isolated.process(try playgroundBinary(), ["--size", "320x200", "--script", scriptFile.path, "--exit-after", "3"],
                                       environment: ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy", "HOME": folder.path]) { $1 },
                                       currentDirectory: folder)
            app.standardOutput = FileHandle.nullDevice
            app.standardError = FileHandle.nullDevice
            try app.run()
            app.waitUntilExit()
            #expect(app.terminationStatus == 0)
            // P saves into HOME/Pictures (made for the first screenshot).
            let pictures = folder.appendingPathComponent("Pictures").path
            return ((try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []).filter { $0.hasSuffix(".png") }
        }
        let withHelp = try screenshots(after: "key h\nwait 0.3\nkey escape\nwait 0.3\nkey p\nwait 0.3\n")
        #expect(withHelp.count == 1, "Esc closed the help and the window stayed to press P: \(withHelp)")
        let name = try #require(withHelp.first)
        #expect(name.wholeMatch(of: /parallax-photos-layout-invalidation-\d{8}-\d{6}\.png/) != nil, "\(name)")
        let withoutHelp = try screenshots(after: "key escape\nwait 0.5\nkey p\nwait 0.3\n")
        #expect(withoutHelp.isEmpty, "Esc with no help open quit before P: \(withoutHelp)")
    }
}
