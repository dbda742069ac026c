import Foundation
import SpawnIsolation
import Testing

/// No test reads or writes the user's own settings, caches, thumbnails, presets,
/// Pictures or Videos. Every program a test starts goes through `Isolated` (folders of its
/// own), and `make test` checks with scripts/user-files.py that a whole run left the user's
/// folders as they were.
@Suite(.onThreadsOfTheirOwn) struct IsolationTests {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What starts a program or reads the user's folders from this process's environment,
    /// spelled in pieces so that this file does not name them itself.
    private static let forbidden = [
        "Process" + "()", ".executable" + "URL", "posix" + "_spawn", "Child" + "Process(", "Spawned" + "Process(",
        "Spawned" + "Process.output(", "pop" + "en(", "system" + "(\"",
        // The default-environment forms; tests pass an environment of their own.
        ".stand" + "ard()", "default" + "Path()", "default" + "Folder()", "default" + "Root()", "default" + "File()",
        "pictures" + ".folder()", "videos" + ".folder()",
    ]

    /// Files allowed a token, and why: the helper itself; SpawnedProcess' own tests start
    /// /bin/sh, cat, sleep and wc (the module under test spawns with this process's environment,
    /// and none of them touches a file of the user's).
    private static let allowed: [String: [String]] = [
        "Tests/ChildProcessesTests/SpawnedProcessTests.swift": ["Spawned" + "Process(", "Spawned" + "Process.output("],
    ]

    /// Each line of `text` (a file at `path` under the repository) that uses a forbidden token.
    static func leaks(in text: String, path: String) -> [String] {
        guard !path.hasPrefix("Tests/SpawnIsolation/") else { return [] }
        let exempt = allowed[path] ?? []
        var found: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            // A call given `Isolated.environment(…)` within its next few lines is isolated
            // (the benchmark's own ChildProcess, say).
            let call = lines[number..<min(lines.count, number + 4)].joined(separator: "\n")
            for token in forbidden where !exempt.contains(token) && line.contains(token) && !call.contains("Isolated.environment(") {
                found.append("\(path):\(number + 1): \(token)")
            }
        }
        return found
    }

    @Test func theGuardFindsASpawnOutsideTheHelper() {
        let leaky = "let app = " + "Process" + "()\napp.executable" + "URL = binary\nlet store = PresetStore.stand" + "ard()\n"
        #expect(Self.leaks(in: leaky, path: "Tests/EndToEnd/New.swift").count == 3)
        #expect(Self.leaks(in: leaky, path: "Tests/SpawnIsolation/Isolated.swift").isEmpty)
        #expect(Self.leaks(in: "// a " + "Process" + "() in a comment", path: "Tests/EndToEnd/New.swift").isEmpty)
        let isolated = "let child = Child" + "Process(\n    executable: sh,\n    environment: Isolated.environment([:]))"
        #expect(Self.leaks(in: isolated, path: "Tests/EndToEnd/New.swift").isEmpty)
    }

    /// Every test source starts programs through `Isolated` and reads no user folder from
    /// this process's environment.
    @Test func noTestStartsAProgramOutsideTheHelper() throws {
        let tests = Self.repository.appendingPathComponent("Tests")
        let enumerator = try #require(FileManager.default.enumerator(atPath: tests.path))
        var leaks: [String] = [], files = 0
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: tests.appendingPathComponent(relative), encoding: .utf8)
            leaks += Self.leaks(in: text, path: "Tests/" + relative)
            files += 1
        }
        #expect(files > 50, "the sources were found (\(files) files)")
        #expect(leaks.isEmpty, "start programs with Isolated.process or Isolated.run (Tests/SpawnIsolation): \(leaks)")
    }

    /// A variable the caller set is kept; the ones it left as inherited get folders of their own.
    @Test func theCallersOwnFoldersAreKeptAndTheRestAreFresh() {
        var given = ProcessInfo.processInfo.environment
        given["HOME"] = "/tmp/a-home-of-its-own"
        given["XDG_VIDEOS_DIR"] = "/tmp/clips"
        let environment = Isolated.environment(given)
        #expect(environment["HOME"] == "/tmp/a-home-of-its-own")
        #expect(environment["XDG_VIDEOS_DIR"] == "/tmp/clips")
        for name in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"] {
            let folder = environment[name] ?? ""
            #expect(folder.hasPrefix(Isolated.root + "/"), "\(name) = \(folder)")
            #expect(FileManager.default.fileExists(atPath: folder), "\(name) exists")
        }
        let fresh = Isolated.environment()
        #expect(fresh["HOME"]?.hasPrefix(Isolated.root + "/") == true)
        #expect(fresh["XDG_CONFIG_HOME"] != environment["XDG_CONFIG_HOME"], "each spawn its own")
        #expect(fresh.keys.filter(Isolated.isUserFolderVariable).isEmpty, "no inherited XDG_PICTURES_DIR or XDG_VIDEOS_DIR")
    }

    /// The app started plainly by a test (no --no-settings) keeps its settings in the folder
    /// it was given, and the user's own settings file is as it was.
    @Test func theAppsSettingsGoToItsOwnFolder() throws {
        let userFile = (ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? NSHomeDirectory() + "/.config") + "/parallax-playground/settings.json"
        let before = try? FileManager.default.attributesOfItem(atPath: userFile)
        let script = try temporaryFile("keys.script", contents: "key tab\nkey v\nwait 0.2\n")
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: script).deletingLastPathComponent().path) }
        let app = Isolated.process(try playgroundBinary(), ["--size", "320x200", "--script", script, "--exit-after", "1", "--disk-cache-mb", "0"],
                                   environment: ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy"]) { $1 })
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        app.waitUntilExit()
        defer { Isolated.removeFolder(of: app) }
        #expect(app.terminationStatus == 0)
        let config = try #require(app.environment?["XDG_CONFIG_HOME"])
        let text = try String(contentsOfFile: config + "/parallax-playground/settings.json", encoding: .utf8)
        #expect(text.contains("\"scene\" : \"captions\""), "\(text)")
        let after = try? FileManager.default.attributesOfItem(atPath: userFile)
        #expect(before?[.modificationDate] as? Date == after?[.modificationDate] as? Date, "the user's \(userFile) untouched")
        #expect(before?[.size] as? Int == after?[.size] as? Int)
    }

    /// scripts/user-files.py, which `make test` runs around `swift test`: nothing changed is
    /// status 0; a changed settings file, a new picture and a folder made are each named.
    @Test func theWholeRunCheckNamesWhatChanged() throws {
        let home = try recordingFolder("user-files-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let settings = home + "/.config/parallax-playground/settings.json"
        try FileManager.default.createDirectory(atPath: home + "/.config/parallax-playground", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/Pictures", withIntermediateDirectories: true)
        try "{\"version\": 1}\n".write(toFile: settings, atomically: false, encoding: .utf8)
        let listing = home + "/before.txt"
        let script = Self.repository.appendingPathComponent("scripts/user-files.py").path
        // The fake home's own XDG folders: the script must find the app's folders under HOME.
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        for name in ["XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME"] { environment[name] = home + "/unused-" + name }
        func userFiles(_ command: String) throws -> (status: Int32, said: String) {
            let result = try Isolated.run(URL(fileURLWithPath: "/usr/bin/python3"), [script, command, listing], environment: environment)
            return (result.status, result.stderr)
        }
        #expect(try userFiles("snapshot").status == 0)
        let unchanged = try userFiles("check")
        #expect(unchanged.status == 0, "\(unchanged.said)")

        try "{\"version\": 1, \"vsync\": false}\n".write(toFile: settings, atomically: false, encoding: .utf8)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: home + "/Pictures/parallax-photos.png"))
        try FileManager.default.createDirectory(atPath: home + "/Videos", withIntermediateDirectories: true)
        let changed = try userFiles("check")
        #expect(changed.status == 1)
        #expect(changed.said.contains("changed: \(settings)"), "\(changed.said)")
        #expect(changed.said.contains("made: \(home)/Pictures/parallax-photos.png"), "\(changed.said)")
        #expect(changed.said.contains("made: \(home)/Videos"), "\(changed.said)")
        #expect(!changed.said.contains(".cache/thumbnails"), "what stayed absent is not named: \(changed.said)")
    }
}
