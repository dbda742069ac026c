import Foundation
import ParallaxKit
import Testing

/// `export --format react` as a user meets it: what it writes, what it says without esbuild or
/// when esbuild fails, and its errors for bad input.
@Suite(.onThreadsOfTheirOwn) struct ExportReactCommandTests {
    /// A PATH holding only `programs` (name → shell script), in a folder of its own.
    static func path(with programs: [String: String]) throws -> String {
        let folder = try temporaryFolder().appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, script) in programs {
            let file = folder.appendingPathComponent(name)
            try ("#!/bin/sh\n" + script + "\n").write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        return folder.path
    }

    static func environment(path: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = path
        return environment
    }

    @Test(.needsEsbuild) func itWritesTheComponentTheDemoAndAReadme() throws {
        let (out, export) = try exportReact(scene: .captions, strategy: .scrollCallback, itemCount: 8)
        try #require(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == out.path)
        for file in ["tunedParallax.ts", "layout.ts", "hooks.ts", "ParallaxCell.tsx", "ParallaxList.tsx", "parallax.css", "tsconfig.json",
                     "README.md", "demo/index.html", "demo/main.tsx", "demo/demo.js", "demo/images/photo-00.jpg", "demo/images/photo-00@2x.jpg"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path), "\(file) is written")
        }
        let readme = try String(contentsOf: out.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("The browser's scroll physics cannot be set by code"))
        #expect(readme.contains("Bundled at export time by esbuild 0."))
        #expect(readme.contains("React 18") && readme.contains("tsc --strict --noEmit"))
        let page = try String(contentsOf: out.appendingPathComponent("demo/index.html"), encoding: .utf8)
        #expect(page.contains("<script src=\"demo.js\" defer></script>") && !page.contains("not bundled"))
        let mapping = try String(contentsOf: out.appendingPathComponent("tunedParallax.ts"), encoding: .utf8)
        #expect(mapping.contains("""
              cellMinX: number, cellMinY: number, cellWidth: number, cellHeight: number,
              boundsMinX: number, boundsMinY: number, boundsWidth: number, boundsHeight: number,
            """), "the Swift export's argument order")
    }

    /// Without esbuild the source is still written; the demo says it is not bundled and how to
    /// bundle it, and so do the warning and the README.
    @Test func withoutEsbuildTheDemoIsLeftUnbundledAndSaysHow() throws {
        let (out, export) = try exportReact(scene: .photos, strategy: .cachedLayout, itemCount: 6,
                                            environment: Self.environment(path: try Self.path(with: [:])))
        try #require(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.contains("warning: the demo is not bundled: esbuild is not installed (Debian package esbuild)"), "\(export.stderr)")
        #expect(export.stderr.contains(ReactBundlerCommand.line), "\(export.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("demo/demo.js").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("ParallaxList.tsx").path))
        let page = try String(contentsOf: out.appendingPathComponent("demo/index.html"), encoding: .utf8)
        #expect(page.contains("This demo is not bundled: esbuild is not installed"))
        let readme = try String(contentsOf: out.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("**Not bundled**: esbuild is not installed"))
    }

    /// An esbuild that fails (here a stand-in that cannot resolve React, as on a machine without
    /// node-react) leaves the demo unbundled with esbuild's own first line in the warning.
    @Test func aFailingEsbuildIsReportedWithItsMessage() throws {
        let esbuild = "echo '✘ [ERROR] Could not resolve \"react\"' >&2; exit 1"
        let (out, export) = try exportReact(scene: .albums, strategy: .scrollCallback, itemCount: 6,
                                            environment: Self.environment(path: try Self.path(with: ["esbuild": esbuild])))
        try #require(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.contains("the demo is not bundled: esbuild failed (exit status 1): ✘ [ERROR] Could not resolve \"react\""),
                "\(export.stderr)")
        #expect(export.stderr.contains("node-react"), "\(export.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("demo/demo.js").path))
    }

    @Test func badInputIsRefusedWithAClearError() throws {
        let out = try temporaryFolder().appendingPathComponent("react").path
        let misspelt = try run(["export", "--format", "reakt", "--out", out])
        #expect(misspelt.status == 64 || misspelt.status == 2, "\(misspelt.stderr)")
        #expect(misspelt.stderr.contains("reakt") && misspelt.stderr.contains("react"), "the formats are listed: \(misspelt.stderr)")
        let tooMany = try run(["export", "--format", "react", "--items", "10001", "--out", out])
        #expect(tooMany.status != 0)
        #expect(tooMany.stderr.contains("--items must be at most 10000 for the React demo, got 10001"), "\(tooMany.stderr)")
        let strategy = try run(["export", "--format", "react", "--strategy", "fast", "--out", out])
        #expect(strategy.status != 0 && strategy.stderr.contains("fast"), "\(strategy.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing is written for bad input")
        let help = try run(["export", "--help"])
        #expect(help.stdout.contains("--format react writes") && help.stdout.contains("tsc --strict"), "\(help.stdout)")
        #expect(help.stdout.contains("The browser's scroll physics cannot be set by code"))
    }

    /// `--physics` other than UIKit's: the export says the browser's physics stay the browser's.
    @Test(.needsEsbuild) func anotherPhysicsIsSaidNotToReachTheList() throws {
        let (_, export) = try exportReact(scene: .photos, strategy: .off, itemCount: 4, extra: ["--physics", "android"])
        try #require(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.contains("a React list scrolls with the browser's own physics, which code cannot set"), "\(export.stderr)")
    }
}

/// The bundling command the export prints and writes, as a user types it.
enum ReactBundlerCommand {
    static let line = "NODE_PATH=/usr/share/nodejs esbuild demo/main.tsx --bundle --jsx=automatic --minify "
        + "--define:process.env.NODE_ENV='\"production\"' --target=es2020 --outfile=demo/demo.js"
}
