import DesktopSettings
import Foundation
import ParallaxKit
import Presentation
import Testing

private let everything = Settings(
    scene: .quilt, strategy: .cachedLayout, overlay: .panel,
    windowSize: .init(width: 1024, height: 700), windowPosition: .init(x: -1200, y: 40),
    vsync: false, reduceMotion: true, lastFolder: "/home/someone/Pictures/2026 \"trip\"/ü")

private func decoded(_ json: String) -> Result<Settings, SettingsError> {
    do { return .success(try Settings(decoding: Data(json.utf8))) } catch { return .failure(error) }
}

private func temporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("pp-settings-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite struct SettingsValueTests {
    @Test(arguments: [Settings(), everything, Settings(scene: .albums), Settings(overlay: .hidden, vsync: true)])
    func settingsRoundTripThroughTheirJSON(settings: Settings) throws {
        #expect(try Settings(decoding: settings.encoded()) == settings)
    }

    @Test func theFileIsSortedReadableJSON() throws {
        let text = String(decoding: everything.encoded(), as: UTF8.self)
        #expect(text.contains("\"scene\" : \"quilt\""))
        #expect(text.contains("\"strategy\" : \"cached-layout\""))
        #expect(text.contains("\"window_size\" : {"))
        #expect(text.hasSuffix("}\n"))
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == keys.sorted())
    }

    /// Each of these is refused whole, with a reason naming what is wrong.
    @Test(arguments: [
        ("", "not a settings object"),
        ("[1, 2]", "not a settings object"),
        ("{\"version\": 1, \"scene\": \"photos\"", "not a settings object"),
        ("{\"scene\": \"photos\"}", "'version' is missing"),
        ("{\"version\": 2}", "'version' must be 1"),
        ("{\"version\": 1, \"colour\": \"red\"}", "unknown key 'colour'"),
        ("{\"version\": 1, \"scene\": \"gallery\"}", "'scene' has an unknown value 'gallery'"),
        ("{\"version\": 1, \"strategy\": 3}", "'strategy' has a value of the wrong kind"),
        ("{\"version\": 1, \"overlay\": \"large\"}", "'overlay' has an unknown value 'large'"),
        ("{\"version\": 1, \"vsync\": \"yes\"}", "'vsync' has a value of the wrong kind"),
        ("{\"version\": 1, \"window_size\": {\"width\": 0, \"height\": 600}}", "'window_size' sides must each be 1 to 16384"),
        ("{\"version\": 1, \"window_size\": {\"width\": 800, \"height\": 16385}}", "'window_size' sides must each be 1 to 16384"),
        ("{\"version\": 1, \"window_size\": {\"width\": 800.5, \"height\": 600}}", "not a settings object: "),
        ("{\"version\": 1, \"window_size\": [800, 600]}", "'window_size' has a value of the wrong kind"),
        ("{\"version\": 1, \"window_position\": {\"x\": 70000, \"y\": 0}}", "'window_position' coordinates must each be -65536 to 65536"),
        ("{\"version\": 1, \"last_folder\": \"Pictures\"}", "'last_folder' must be an absolute path of at most 4096 bytes"),
        ("{\"version\": 1, \"reduce_motion\": 1}", "'reduce_motion' has a value of the wrong kind"),
    ])
    func invalidFilesAreRefusedWithAReason(json: String, reason: String) {
        switch decoded(json) {
        case .success(let settings): Issue.record("accepted \(json) as \(settings)")
        case .failure(let error):
            #expect(error.message.hasPrefix(reason), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    /// JSON's null reads as "not remembered", like an absent key.
    @Test func nullIsNotRemembered() throws {
        #expect(try Settings(decoding: Data("{\"version\": 1, \"last_folder\": null, \"scene\": null}".utf8)) == Settings())
    }

    @Test func aLongUnknownValueIsQuotedShort() throws {
        let long = String(repeating: "x", count: 10_000)
        guard case .failure(let error) = decoded("{\"version\": 1, \"scene\": \"\(long)\"}") else {
            Issue.record("accepted")
            return
        }
        #expect(error.message.count < 120, "\(error.message.count) characters")
    }
}

@Suite struct SettingsFileTests {
    @Test func theFileLivesUnderXDGConfigHomeElseHomeConfig() {
        #expect(SettingsFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/a"]) == "/x/config/parallax-playground/settings.json")
        // The specification ignores a relative XDG_CONFIG_HOME, and an empty one.
        #expect(SettingsFile.defaultPath(environment: ["XDG_CONFIG_HOME": "config", "HOME": "/home/a"]) == "/home/a/.config/parallax-playground/settings.json")
        #expect(SettingsFile.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/a"]) == "/home/a/.config/parallax-playground/settings.json")
        #expect(SettingsFile.defaultPath(environment: [:]) == nil)
    }

    @Test func savedSettingsLoadAgainAndTheFolderIsMade() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = SettingsFile(path: folder + "/parallax-playground/settings.json")
        #expect(file.load() == .absent)
        try file.save(everything)
        #expect(file.load() == .loaded(everything))
        // Written whole: nothing but the file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/parallax-playground") == ["settings.json"])
    }

    @Test func aCorruptFileGivesOneWarningAndTheDefaults() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/settings.json"
        try Data("{\"version\": 1, \"scene\": ".utf8).write(to: URL(fileURLWithPath: path))
        let session = SettingsSession(file: SettingsFile(path: path))
        #expect(session.stored == Settings())
        let warning = try #require(session.warning)
        #expect(warning.hasPrefix("ignoring the settings in \(path) (not a settings object"), "\(warning)")
        #expect(warning.hasSuffix("); using the defaults") && !warning.contains("\n"), "\(warning)")
        // A folder where the file should be, and a huge file, are unusable too.
        try FileManager.default.createDirectory(atPath: folder + "/folder.json", withIntermediateDirectories: false)
        #expect(SettingsFile(path: folder + "/folder.json").load() == .unusable("it is a folder"))
        try Data(count: SettingsFile.largestBytes + 1).write(to: URL(fileURLWithPath: folder + "/huge.json"))
        #expect(SettingsFile(path: folder + "/huge.json").load() == .unusable("larger than 64 KB"))
    }

    /// An unusable file is kept until a choice changes; the window's geometry alone is no
    /// choice. A usable (or absent) file is written when the state differs from it.
    @Test func whenARunWritesTheFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/settings.json"
        var started = Settings(scene: .photos, overlay: .badge, windowSize: .init(width: 1280, height: 800),
                               windowPosition: .init(x: 0, y: 0), vsync: true)
        var moved = started
        moved.windowPosition = .init(x: 300, y: 200)
        var switched = started
        switched.scene = .table

        let absent = SettingsSession(file: SettingsFile(path: path))
        #expect(absent.needsSaving(started, startedWith: started))

        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        let corrupt = SettingsSession(file: SettingsFile(path: path))
        #expect(!corrupt.needsSaving(started, startedWith: started))
        #expect(!corrupt.needsSaving(moved, startedWith: started))
        #expect(corrupt.needsSaving(switched, startedWith: started))

        try SettingsFile(path: path).save(started)
        let usable = SettingsSession(file: SettingsFile(path: path))
        #expect(!usable.needsSaving(started, startedWith: started))
        #expect(usable.needsSaving(moved, startedWith: started))
        started.vsync = false
        #expect(usable.needsSaving(started, startedWith: started))
    }
}
