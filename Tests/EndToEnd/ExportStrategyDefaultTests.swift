import DesktopSettings
import Foundation
import ParallaxKit
import Testing

/// Which strategy `export` writes when `--strategy` names none: the one last chosen in the
/// window (the remembered settings), else the scene's own; and the line saying which and why.
@Suite(.onThreadsOfTheirOwn) struct ExportStrategyDefaultTests {
    /// A home whose settings file remembers `strategy` (none: no file), as the window leaves it.
    struct Home {
        let path: String

        init(remembering strategy: ParallaxStrategy?) throws {
            path = try temporaryFolder().path
            guard let strategy else { return }
            let file = SettingsFile(path: path + "/config/parallax-playground/settings.json")
            try file.save(Settings(scene: .quilt, strategy: strategy))
        }

        var environment: [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = path
            environment["XDG_CONFIG_HOME"] = path + "/config"
            return environment
        }

        /// `export --format FORMAT` with `arguments`, which succeeds: the run, and the UIKit
        /// glue's first line (it names the strategy whose shape was written) when the format is UIKit.
        func export(_ format: String, _ arguments: [String] = []) throws -> (result: RunResult, header: String?) {
            let out = path + "/out-\(UUID().uuidString)"
            let result = try run(["export", "--format", format, "--scene", "photos", "--out", out] + arguments, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let glue = try? String(contentsOfFile: out + "/ParallaxUIKit.swift", encoding: .utf8)
            return (result, glue.map { String($0.prefix { $0 != "\n" }) })
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    static func notes(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.hasPrefix("note: ") }
    }

    @Test func theWindowsLastStrategyIsWrittenAndSaidWithItsFile() throws {
        let home = try Home(remembering: .scrollCallback)
        defer { home.remove() }
        let (result, header) = try home.export("uikit")
        #expect(header?.contains("--strategy scroll-callback") == true, "\(header ?? "no glue")")
        let notes = Self.notes(result.stderr)
        #expect(notes.count == 1, "\(result.stderr)")
        // The home is written "~", as the window's toasts write it.
        #expect(notes.first?.contains("wrote the scroll-callback shape, the strategy last chosen in the window (~/config/parallax-playground/settings.json)") == true,
                "\(result.stderr)")
        #expect(notes.first?.contains("costly") == false, "\(result.stderr)")
        // Standard output is still the folder and nothing else.
        #expect(result.stdout.split(separator: "\n").count == 1, "\(result.stdout)")
    }

    @Test func noSettingsWritesTheScenesOwnAndNamesTheCheaperShape() throws {
        let home = try Home(remembering: .scrollCallback)
        defer { home.remove() }
        let (result, header) = try home.export("uikit", ["--no-settings"])
        #expect(header?.contains("--strategy layout-invalidation") == true, "\(header ?? "no glue")")
        let note = try #require(Self.notes(result.stderr).first, "\(result.stderr)")
        #expect(note.contains("wrote the layout-invalidation shape, the photos scene's own strategy (--no-settings)"), "\(note)")
        #expect(note.contains("layout-invalidation is the costly shape") && note.contains("--strategy cached-layout writes the cheaper one"), "\(note)")
    }

    @Test func withNothingRememberedTheScenesOwnIsWrittenAndSaid() throws {
        let home = try Home(remembering: nil)
        defer { home.remove() }
        let (result, header) = try home.export("uikit")
        #expect(header?.contains("--strategy layout-invalidation") == true, "\(header ?? "no glue")")
        let note = try #require(Self.notes(result.stderr).first, "\(result.stderr)")
        #expect(note.contains("the photos scene's own strategy (none chosen in the window yet)"), "\(note)")
        // Compose's cheaper shape is the scroll callback's (it has no cached one of its own).
        let compose = try home.export("compose")
        #expect(Self.notes(compose.result.stderr).first?.contains("--strategy scroll-callback writes the cheaper one") == true, "\(compose.result.stderr)")
    }

    /// `off` has no source: a default export passes the window's `off` over rather than fail.
    @Test func theWindowsOffIsPassedOverAndSaid() throws {
        let home = try Home(remembering: .off)
        defer { home.remove() }
        let (result, header) = try home.export("uikit")
        #expect(header?.contains("--strategy layout-invalidation") == true, "\(header ?? "no glue")")
        #expect(Self.notes(result.stderr).first?.contains("the window was last on off") == true, "\(result.stderr)")
        // The web page moves, and says how to write a still one.
        let web = try home.export("web", ["--items", "3"])
        #expect(Self.notes(web.result.stderr).first?.contains("--strategy off writes a still page") == true, "\(web.result.stderr)")
    }

    @Test func aStrategyGivenBeatsTheWindowsAndNeedsNoNote() throws {
        let home = try Home(remembering: .scrollCallback)
        defer { home.remove() }
        let (result, header) = try home.export("uikit", ["--strategy", "cached-layout"])
        #expect(header?.contains("--strategy cached-layout") == true, "\(header ?? "no glue")")
        #expect(Self.notes(result.stderr).isEmpty, "\(result.stderr)")
    }
}
