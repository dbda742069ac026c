import DesktopSettings
import Foundation
import ParallaxKit
import Presentation
import Testing

private let everything = Settings(
    scene: .quilt, strategy: .cachedLayout, overlay: .panel,
    windowSize: .init(width: 1024, height: 700), windowPosition: .init(x: -1200, y: 40),
    vsync: false, reduceMotion: true, reducedAmount: 0.2, lastFolder: "/home/someone/Pictures/2026 \"trip\"/ü")

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
        ("{\"version\": 1, \"reduced_amount\": 1.5}", "'reduced_amount': " + Playground.reducedAmountKnob.rangeMessage(got: "1.5")),
        ("{\"version\": 1, \"reduced_amount\": -0.1}", "'reduced_amount': " + Playground.reducedAmountKnob.rangeMessage(got: "-0.1")),
        ("{\"version\": 1, \"reduced_amount\": \"0.2\"}", "'reduced_amount' has a value of the wrong kind"),
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
    @Test func thePhysicsIsRememberedByItsName() throws {
        let settings = Settings(scene: .table, physics: .flutterIOS)
        let text = String(decoding: settings.encoded(), as: UTF8.self)
        #expect(text.contains("\"physics\" : \"flutter-ios\""), "\(text)")
        #expect(try Settings(decoding: settings.encoded()) == settings)
        #expect(throws: SettingsError.self) { try Settings(decoding: Data(#"{"version": 1, "physics": "windows"}"#.utf8)) }
        // A pick of UIKit's after another's is a change the file takes: the field goes.
        let kept = Settings(physics: .android).keepingChanges(from: Settings(physics: .android), to: Settings())
        #expect(kept.physics == nil)
    }

    /// The reduced amount is remembered beside reduce motion, by its fraction.
    @Test func theReducedAmountIsRemembered() throws {
        let settings = Settings(reducedAmount: 0.25)
        let text = String(decoding: settings.encoded(), as: UTF8.self)
        #expect(text.contains("\"reduced_amount\" : 0.25"), "\(text)")
        #expect(try Settings(decoding: settings.encoded()) == settings)
        // Set in the window: the file takes it; back to none: the field goes.
        #expect(Settings().keepingChanges(from: Settings(), to: settings).reducedAmount == 0.25)
        #expect(settings.keepingChanges(from: settings, to: Settings()).reducedAmount == nil)
    }

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
    /// choice. A usable (or absent) file is written when the run changed something in it.
    @Test func whenARunWritesTheFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/settings.json"
        let started = Settings(scene: .photos, overlay: .badge, windowSize: .init(width: 1280, height: 800),
                               windowPosition: .init(x: 0, y: 0), vsync: true)
        var moved = started
        moved.windowPosition = .init(x: 300, y: 200)
        var switched = started
        switched.scene = .table

        let absent = SettingsSession(file: SettingsFile(path: path))
        #expect(absent.settingsToSave(startedWith: started, endedWith: started) == nil, "nothing changed, nothing to remember")
        #expect(absent.settingsToSave(startedWith: started, endedWith: switched) == Settings(scene: .table))

        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        let corrupt = SettingsSession(file: SettingsFile(path: path))
        #expect(corrupt.settingsToSave(startedWith: started, endedWith: started) == nil)
        #expect(corrupt.settingsToSave(startedWith: started, endedWith: moved) == nil)
        #expect(corrupt.settingsToSave(startedWith: started, endedWith: switched) == Settings(scene: .table))

        try SettingsFile(path: path).save(started)
        let usable = SettingsSession(file: SettingsFile(path: path))
        #expect(usable.settingsToSave(startedWith: started, endedWith: started) == nil)
        #expect(usable.settingsToSave(startedWith: started, endedWith: moved) == moved)
        var vsyncOff = started
        vsyncOff.vsync = false
        #expect(usable.settingsToSave(startedWith: started, endedWith: vsyncOff) == vsyncOff)
    }
}

/// The file remembers what the user chose in the window; an option given on the
/// command line is for its run only.
@Suite struct SettingsRememberChoicesTests {
    /// What the file held: the window a person left.
    private let file = Settings(scene: .quilt, strategy: .cachedLayout, overlay: .panel,
                                windowSize: .init(width: 1280, height: 800), windowPosition: .init(x: 40, y: 30),
                                vsync: true, lastFolder: "/home/someone/Pictures")

    private func session(holding settings: Settings) throws -> (SettingsSession, String) {
        let folder = try temporaryFolder()
        let path = folder + "/settings.json"
        try SettingsFile(path: path).save(settings)
        return (SettingsSession(file: SettingsFile(path: path)), folder)
    }

    /// `--size 320x200 --no-vsync --scene table --strategy off --reduce-motion` and a folder
    /// given: the run starts so, and a run that changes nothing writes nothing.
    @Test func optionsOnTheCommandLineAreNotRemembered() throws {
        let (session, folder) = try session(holding: file)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var started = file
        started.windowSize = .init(width: 320, height: 200)
        started.vsync = false
        started.scene = .table
        started.strategy = .off
        started.reduceMotion = true
        started.lastFolder = "/tmp/photos"
        #expect(session.settingsToSave(startedWith: started, endedWith: started) == nil)
        // The user presses F (the overlay) and nothing else: only the overlay is new.
        var ended = started
        ended.overlay = .hidden
        var expected = file
        expected.overlay = .hidden
        #expect(session.settingsToSave(startedWith: started, endedWith: ended) == expected)
    }

    /// The user changes what the command line set: that is remembered. V twice after
    /// `--no-vsync` ends where the file already was (nothing to write); V once is vsync off.
    @Test func whatTheUserChangesAfterAnOptionIsRemembered() throws {
        let (session, folder) = try session(holding: file)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var started = file
        started.vsync = false
        started.windowSize = .init(width: 320, height: 200)
        var pressedV = started
        pressedV.vsync = true
        #expect(session.settingsToSave(startedWith: started, endedWith: pressedV) == nil, "the file already says vsync on")
        var fromFile = file
        fromFile.scene = .albums
        var pressedVOnce = fromFile
        pressedVOnce.vsync = false
        var expected = file
        expected.vsync = false
        #expect(session.settingsToSave(startedWith: fromFile, endedWith: pressedVOnce) == expected)
        var resized = started
        resized.windowSize = .init(width: 900, height: 700)
        expected = file
        expected.windowSize = .init(width: 900, height: 700)
        #expect(session.settingsToSave(startedWith: started, endedWith: resized) == expected, "resized by hand after --size")
    }

    /// Every field is taken where it changed, and a field back at "not remembered" (reduce
    /// motion pressed back to the desktop's own setting) is not remembered.
    @Test func everyFieldIsTakenWhereItChanged() {
        #expect(Settings().keepingChanges(from: Settings(), to: everything) == everything)
        #expect(everything.keepingChanges(from: everything, to: Settings()) == Settings())
        #expect(everything.keepingChanges(from: Settings(), to: Settings()) == everything)
    }

    /// The window manager's sizes and places while the window opens are not the user's: the
    /// size asked for, or one of its own (a tiling layout, a smaller screen); a later one is.
    @Test func theWindowManagersPlacementIsNotTheUsers() {
        let asked = Settings.WindowSize(width: 320, height: 200)
        var started = file
        started.windowSize = .init(width: 1, height: 1)   // SDL's size before the manager's
        var placement = WindowPlacement(started: started, requestedSize: asked)
        var ended = started
        ended.windowSize = asked
        #expect(placement.userChanges(ended, started: started) == started, "resized to --size by the manager")
        let tiled = Settings.WindowSize(width: 960, height: 1080)
        placement.note(size: tiled, position: .init(x: 0, y: 0), at: 0.4)
        ended.windowSize = tiled
        ended.windowPosition = .init(x: 0, y: 0)
        #expect(placement.userChanges(ended, started: started) == started, "tiled while it opened")
        let byHand = Settings.WindowSize(width: 700, height: 500)
        placement.note(size: byHand, position: .init(x: 90, y: 90), at: WindowPlacement.settleSeconds + 1)
        ended.windowSize = byHand
        ended.windowPosition = .init(x: 90, y: 90)
        #expect(placement.userChanges(ended, started: started) == ended, "resized and moved by hand later")
    }
}
