import Foundation
import Testing

// The programs some end-to-end tests cannot do without: a private X server (Xvfb), a browser
// (Chromium and its driver), ffmpeg, libheif's encoder, Kotlin's compiler, and TypeScript's
// compiler and esbuild for the React export. `make test` installs them (scripts/install-deps.sh
// test), so CI runs every such test; a plain `swift test` on a machine without one skips the
// tests that need it, saying which program is missing and how to get it, instead of failing
// them half-way with an error that hides the cause.

/// The `names` missing from `path` (a PATH value: folders between colons).
func programsMissing(_ names: [String], path: String?) -> [String] {
    let folders = (path ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
    return names.filter { name in !folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + name) } }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only where every program of `names` is on this process's PATH; otherwise
    /// skips it, naming the missing ones and the Debian `packages` that hold them.
    static func needsPrograms(_ names: [String], packages: String) -> Self {
        let missing = programsMissing(names, path: ProcessInfo.processInfo.environment["PATH"])
        return .enabled(if: missing.isEmpty, Comment(rawValue: """
            \(missing.joined(separator: ", ")) not on PATH: install Debian's \(packages) (make test does)
            """))
    }

    /// A private X server, as `XvfbServer` starts it: Xvfb, and xdpyinfo to ask it whether
    /// it answers.
    static var needsXvfb: Self { needsPrograms(["Xvfb", "xdpyinfo"], packages: "xvfb and x11-utils") }

    /// Headless Chromium driven through Selenium by scripts/browser-probe.py and
    /// scripts/browser-scroll-cost.py.
    static var needsChromium: Self { needsPrograms(["chromium", "chromedriver"], packages: "chromium and chromium-driver") }

    /// TypeScript's compiler, which type-checks the React export against React 18's types (Debian's
    /// node-react ships @types/react; @types/react imports csstype and prop-types).
    static var needsTypeScript: Self {
        needsPrograms(["tsc"], packages: "node-typescript, node-react, node-react-dom, node-csstype and node-prop-types")
    }

    /// esbuild, which bundles the React export's demo with Debian's React at export time.
    static var needsEsbuild: Self { needsPrograms(["esbuild"], packages: "esbuild, node-react and node-react-dom") }

    /// ffmpeg, which encodes every video and GIF the app records, and ffprobe, which the tests
    /// read recordings with.
    static var needsFFmpeg: Self { needsPrograms(["ffmpeg", "ffprobe"], packages: "ffmpeg") }

    /// libheif's `heif-enc` and `heif-convert`, which make the HEIC photos of the HEIC tests.
    static var needsHeifEnc: Self { needsPrograms(["heif-enc", "heif-convert"], packages: "libheif-examples") }

    /// Debian's Kotlin compiler (`kotlinc`) and its runner (`kotlin`), which compile and run the
    /// exported `TunedParallax.kt` on the JDK.
    static var needsKotlin: Self { needsPrograms(["kotlinc", "kotlin"], packages: "kotlin") }
}

@Suite(.onThreadsOfTheirOwn) struct NeededProgramsTests {
    /// A program counts as there only when it is an executable file in a folder of PATH.
    @Test func aProgramIsFoundOnlyInAFolderOfPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = folder.appendingPathComponent("fake-ffmpeg")
        try "#!/bin/sh\n".write(to: program, atomically: true, encoding: .utf8)
        #expect(programsMissing(["fake-ffmpeg"], path: "/nonexistent:" + folder.path) == ["fake-ffmpeg"], "not executable yet")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        #expect(programsMissing(["fake-ffmpeg", "no-such-program-here"], path: "/nonexistent:" + folder.path) == ["no-such-program-here"])
        #expect(programsMissing(["fake-ffmpeg"], path: "/nonexistent") == ["fake-ffmpeg"])
        #expect(programsMissing(["fake-ffmpeg"], path: nil) == ["fake-ffmpeg"])
        #expect(programsMissing(["fake-ffmpeg"], path: folder.path + "/") == [])
    }

    /// The trait skips where a program is missing and runs where all are there.
    @Test func theTraitSkipsOnlyWhereAProgramIsMissing() async throws {
        #expect(try await !ConditionTrait.needsPrograms(["sh", "no-such-program-\(UUID().uuidString)"], packages: "none").evaluate())
        #expect(try await ConditionTrait.needsPrograms(["sh"], packages: "dash").evaluate())
    }
}
