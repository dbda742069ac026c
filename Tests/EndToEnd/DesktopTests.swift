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
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["HOME"] = path
        environment["XDG_CONFIG_HOME"] = path + "/config"
        environment["XDG_CACHE_HOME"] = path + "/cache"
        let result = try run(arguments + extra + ["--size", "640x400", "--disk-cache-mb", "0", "--stats-json", stats], environment: environment)
        let data = FileManager.default.contents(atPath: stats)
        return (result, try data.map { try JSONDecoder().decode(Stats.self, from: $0) })
    }

    var settingsText: String? {
        FileManager.default.contents(atPath: settingsFile).map { String(decoding: $0, as: UTF8.self) }
    }
}

private struct Stats: Decodable {
    struct Change: Decodable { var scene: String; var strategy: String }
    struct Photos: Decodable {
        struct ScreenPhoto: Decodable { var path: String }
        var first_screen: [ScreenPhoto]
    }
    var changes: [Change]
    var photos: Photos?
    var final_offset_y: Double

    var firstScreenNames: [String] { (photos?.first_screen ?? []).map { URL(fileURLWithPath: $0.path).lastPathComponent } }
}

/// Issue 22: folders opened as people open them, and settings remembered.
@Suite struct DesktopTests {
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

    /// What a run leaves (scene, strategy, overlay, vsync, the folder) is how the next starts.
    @Test func theNextRunStartsAsTheLastOneEnded() throws {
        let home = try TestHome()
        defer { home.remove() }
        // Tab: the captions scene; 3: cached layout; F: the full panel; V: vsync off.
        let (first, _) = try home.window([home.photos], script: "key tab\nkey 3\nkey f\nkey v\nwait 0.2\n")
        #expect(first.status == 0, "\(first.stderr)")
        let text = try #require(home.settingsText)
        for expected in ["\"scene\" : \"captions\"", "\"strategy\" : \"cached-layout\"", "\"overlay\" : \"panel\"", "\"vsync\" : false",
                         "\"last_folder\" : \"\(home.photos)\"", "\"width\" : 640"] {
            #expect(text.contains(expected), "\(expected) in \(text)")
        }
        let (second, stats) = try home.window([])
        #expect(second.status == 0, "\(second.stderr)")
        let change = try #require(stats?.changes.first)
        #expect(change.scene == "captions" && change.strategy == "cached-layout")
        #expect(try #require(stats).photos?.first_screen.allSatisfy { $0.path.hasPrefix(home.photos) } == true)
        // The command line wins over what is remembered.
        let (third, overridden) = try home.window(["--scene", "table"])
        #expect(third.status == 0)
        #expect(overridden?.changes.first?.scene == "table")
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
