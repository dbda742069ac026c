import Foundation
import Testing

/// A home of its own for one test: settings, caches and a copy of the bundled photos as a
/// photo folder, removed at the end.
private struct TestHome {
    let path: String
    var settingsFile: String { path + "/config/parallax-playground/settings.json" }
    var photos: String { path + "/Pictures" }

    init() throws {
        path = try recordingFolder("desktop")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/photos").path
        for name in try FileManager.default.contentsOfDirectory(atPath: bundled) where name.hasSuffix(".png") {
            try FileManager.default.copyItem(atPath: bundled + "/" + name, toPath: photos + "/" + name)
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// The window under SDL's invisible driver, quitting at its first complete frame, with
    /// this home's settings; returns the result and the run's statistics.
    func window(_ arguments: [String], script: String? = nil) throws -> (RunResult, Stats?) {
        let stats = path + "/stats-\(UUID().uuidString).json"
        var extra: [String] = []
        if let script {
            let scriptPath = path + "/keys-\(UUID().uuidString).script"
            try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
            extra = ["--script", scriptPath, "--exit-after", "1.5"]
        } else {
            extra = ["--exit-when-sharp", "--exit-after", "30"]
        }
        let result = try run(arguments + extra + ["--size", "640x400", "--disk-cache-mb", "0", "--stats-json", stats], environment: environment)
        let data = FileManager.default.contents(atPath: stats)
        return (result, try data.map { try JSONDecoder().decode(Stats.self, from: $0) })
    }

    /// SDL's invisible driver, and this home's settings and caches.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["HOME"] = path
        environment["XDG_CONFIG_HOME"] = path + "/config"
        environment["XDG_CACHE_HOME"] = path + "/cache"
        return environment
    }

    /// Writes `json` as the settings file, as a person's earlier runs left it.
    func writeSettings(_ json: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/config/parallax-playground", withIntermediateDirectories: true)
        try json.write(toFile: settingsFile, atomically: true, encoding: .utf8)
    }

    var settingsText: String? {
        FileManager.default.contents(atPath: settingsFile).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// `WindowPlacement.settleSeconds` (DesktopSettings): how long after it opens the window's
/// size and position are taken as the window manager's.
private enum WindowPlacementSettle {
    static let seconds = 2.0
}

private struct Stats: Decodable {
    struct Change: Decodable { var scene: String; var strategy: String }
    struct Photos: Decodable {
        struct ScreenPhoto: Decodable { var path: String }
        var first_screen: [ScreenPhoto]
    }
    struct Motion: Decodable { var peak_pt_per_s: Double }
    var changes: [Change]
    var photos: Photos?
    var motion: Motion?
    var final_offset_y: Double

    var firstScreenNames: [String] { (photos?.first_screen ?? []).map { URL(fileURLWithPath: $0.path).lastPathComponent } }
}

/// Folders opened as people open them, and settings remembered.
@Suite(.onThreadsOfTheirOwn) struct DesktopTests {
    @Test func aFolderAsTheFirstArgumentIsShownAsWithPhotos() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (result, stats) = try home.window(["--no-settings", home.photos])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try #require(stats).firstScreenNames
        #expect(names.first == "photo-00.png", "\(names)")
        #expect(try #require(stats).photos?.first_screen.allSatisfy { $0.path.hasPrefix(home.photos) } == true)
    }

    /// A photo given opens its folder with the list started at that photo.
    @Test func aPhotoOpensItsFolderAtIt() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (result, stats) = try home.window(["--no-settings", home.photos + "/photo-08.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try #require(stats).firstScreenNames
        #expect(names.first == "photo-08.png", "\(names)")
        #expect(!names.contains("photo-00.png"))
        #expect(try #require(stats).final_offset_y > 0)
    }

    @Test(arguments: [
        (["/nonexistent/Pictures"], "no such folder or photo: '/nonexistent/Pictures'"),
        (["/tmp", "--photos", "/tmp"], "either as the first argument or with --photos"),
    ])
    func aBadFolderArgumentIsAnInputError(arguments: [String], message: String) throws {
        let home = try TestHome()
        defer { home.remove() }
        let (result, _) = try home.window(["--no-settings"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// What a run's keys changed (scene, strategy, overlay, vsync) is how the next starts; the
    /// folder and the size given on its command line are not remembered. A folder remembered
    /// (dropped onto an earlier window) is shown again.
    @Test func theNextRunStartsAsTheLastOneEnded() throws {
        let home = try TestHome()
        defer { home.remove() }
        // Tab: the captions scene; 3: cached layout; F: the full panel; V: vsync off.
        let (first, _) = try home.window([home.photos], script: "key tab\nkey 3\nkey f\nkey v\nwait 0.2\n")
        #expect(first.status == 0, "\(first.stderr)")
        let text = try #require(home.settingsText)
        for expected in ["\"scene\" : \"captions\"", "\"strategy\" : \"cached-layout\"", "\"overlay\" : \"panel\"", "\"vsync\" : false"] {
            #expect(text.contains(expected), "\(expected) in \(text)")
        }
        for optionOnly in ["last_folder", "window_size"] {
            #expect(!text.contains(optionOnly), "\(optionOnly) came from the command line: \(text)")
        }
        let (second, stats) = try home.window([])
        #expect(second.status == 0, "\(second.stderr)")
        let change = try #require(stats?.changes.first)
        #expect(change.scene == "captions" && change.strategy == "cached-layout")
        #expect(stats?.photos?.first_screen.contains { $0.path.hasPrefix(home.photos) } != true, "the bundled photos: the folder was the first run's option")
        // The command line wins over what is remembered.
        let (third, overridden) = try home.window(["--scene", "table"])
        #expect(third.status == 0)
        #expect(overridden?.changes.first?.scene == "table")
        // A remembered folder is shown.
        try home.writeSettings("{\"version\": 1, \"last_folder\": \"\(home.photos)\"}")
        let (fourth, shown) = try home.window([])
        #expect(fourth.status == 0)
        #expect(try #require(shown).photos?.first_screen.allSatisfy { $0.path.hasPrefix(home.photos) } == true)
    }

    /// The reduced amount set in one run is the next run's: with reduce motion on, its images
    /// still move (at none, the default, they would stay centred and the meter read 0).
    @Test func theReducedAmountIsRemembered() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (first, _) = try home.window([], script: "set reduced-amount 0.3\nwait 0.2\n")
        #expect(first.status == 0, "\(first.stderr)")
        let text = try #require(home.settingsText)
        #expect(text.contains("\"reduced_amount\" : 0.3"), "\(text)")
        let reducedFling = "set reduce-motion on\nwait 0.1\nfling 2000\nwait 0.5\n"
        let (second, stats) = try home.window(["--scene", "table"], script: reducedFling)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try #require(stats?.motion).peak_pt_per_s > 10, "the remembered 0.3 of the amount moved the images")
        // The option wins for its run: none, the images centred.
        let (third, none) = try home.window(["--scene", "table", "--reduced-amount", "0"], script: reducedFling)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(try #require(none?.motion).peak_pt_per_s == 0)
    }

    /// Options on the command line are for their run only. A file a person's runs
    /// left stays byte for byte through runs with `--size 320x200 --no-vsync` and with other
    /// options; a run whose script presses V remembers vsync, and only that.
    @Test func commandLineOptionsAreForTheirRunOnly() throws {
        let home = try TestHome()
        defer { home.remove() }
        let remembered = """
            {
              "overlay" : "badge",
              "scene" : "quilt",
              "version" : 1,
              "vsync" : true,
              "window_size" : {
                "height" : 700,
                "width" : 1024
              }
            }

            """
        try home.writeSettings(remembered)
        let sized = try run(["--size", "320x200", "--no-vsync", "--exit-after", "1"], environment: home.environment)
        #expect(sized.status == 0, "\(sized.stderr)")
        #expect(home.settingsText == remembered, "\(home.settingsText ?? "no file")")
        let others = try run(["--scene", "table", "--strategy", "off", "--reduce-motion", "--cell-spacing", "10", "--items", "7",
                              "--deceleration-rate", "fast", "--photos", home.photos, "--size", "500x300", "--exit-after", "1"],
                             environment: home.environment)
        #expect(others.status == 0, "\(others.stderr)")
        #expect(home.settingsText == remembered, "\(home.settingsText ?? "no file")")

        // V, in a run with --size 640x400: vsync off is the user's; the size is not.
        let (pressed, _) = try home.window([], script: "key v\nwait 0.2\n")
        #expect(pressed.status == 0, "\(pressed.stderr)")
        let text = try #require(home.settingsText)
        #expect(text == remembered.replacingOccurrences(of: "\"vsync\" : true", with: "\"vsync\" : false"), "\(text)")
    }

    /// A window resized by hand is remembered at its new size; the size it opened at
    /// (`--size`) is not. Under Xvfb, with no window manager: xdotool resizes the window as a
    /// hand would, after the first seconds in which a manager's own placement is ignored.
    /// Those seconds are the window's own (its frames' time): a script presses 1 half a second
    /// after them, and the resize waits for the title to name that strategy; Q then ends the
    /// run, its key reaching the window after the resize.
    @Test(.timeLimit(.minutes(2)), .needsXvfb)
    func aWindowResizedByHandIsRemembered() throws {
        let home = try TestHome()
        defer { home.remove() }
        let x = try XvfbServer()
        defer { x.stop() }
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "XDG_CACHE_HOME": home.path + "/cache"]
        let settled = home.path + "/settled.script"
        try "wait \(WindowPlacementSettle.seconds + 0.5)\nkey 1\nwait 100\n".write(toFile: settled, atomically: true, encoding: .utf8)
        func window(resizingTo size: (Int, Int)?) throws -> String? {
            let ending = size == nil ? ["--exit-after", "8"] : ["--script", settled, "--exit-after", "90"]
            let app = try WindowedApp(["--size", "640x400", "--disk-cache-mb", "0"] + ending, on: x,
                                      folder: URL(fileURLWithPath: home.path), environment: environment)
            defer { app.stop() }
            try #require(!app.window.isEmpty, "the window never appeared: \(app.said)")
            if let size {
                var title = ""
                let deadline = Date().addingTimeInterval(40)
                while !title.contains("scroll callback") && app.process.isRunning && Date() < deadline {
                    title = (try? runTool("xdotool", ["getwindowname", app.window], display: x.display)) ?? ""
                    if !title.contains("scroll callback") { pause(0.05) }
                }
                try #require(title.contains("scroll callback"), "the script's 1 never reached the title: '\(title)'; \(app.said)")
                try runTool("xdotool", ["windowsize", app.window, "\(size.0)", "\(size.1)"], display: x.display)
                try runTool("xdotool", ["mousemove", "--window", app.window, "20", "20", "key", "q"], display: x.display)
            }
            try #require(app.waitForExit(seconds: 30), "the window quit")
            #expect(app.process.terminationStatus == 0, "\(app.said)")
            return home.settingsText
        }
        #expect(try window(resizingTo: nil) == nil, "opened at --size and left alone: nothing to remember")
        let text = try #require(try window(resizingTo: (900, 700)))
        #expect(text.contains("\"width\" : 900") && text.contains("\"height\" : 700"), "\(text)")
    }

    /// A corrupt file: one warning, the defaults, and the file left as it was until the user
    /// changes something.
    @Test func aCorruptSettingsFileGivesOneWarningAndTheDefaults() throws {
        let home = try TestHome()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.path + "/config/parallax-playground", withIntermediateDirectories: true)
        let corrupt = "{\"version\": 1, \"scene\": \"tab"
        try corrupt.write(toFile: home.settingsFile, atomically: true, encoding: .utf8)
        let (result, stats) = try home.window([])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("settings") }
        #expect(warnings.count == 1 && warnings[0].hasPrefix("warning: ignoring the settings in \(home.settingsFile)"), "\(result.stderr)")
        #expect(stats?.changes.first?.scene == "photos")
        #expect(home.settingsText == corrupt, "untouched while nothing changed")
        let (changed, _) = try home.window([], script: "key tab\nwait 0.2\n")
        #expect(changed.status == 0)
        #expect(home.settingsText?.contains("\"scene\" : \"captions\"") == true, "\(home.settingsText ?? "")")
    }

    /// `--no-settings` neither reads nor writes the file.
    @Test func noSettingsNeitherReadsNorWrites() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (fresh, _) = try home.window(["--no-settings"], script: "key tab\nwait 0.2\n")
        #expect(fresh.status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.settingsFile))
        _ = try home.window([], script: "key tab\nkey tab\nwait 0.2\n")
        let remembered = try #require(home.settingsText)
        #expect(remembered.contains("\"scene\" : \"table\""))
        let (ignoring, stats) = try home.window(["--no-settings"])
        #expect(ignoring.status == 0)
        #expect(stats?.changes.first?.scene == "photos")
        #expect(home.settingsText == remembered)
    }
}
