import Foundation
import ParallaxKit
import RunHarness
import SpawnIsolation
import Testing

/// libvips is loaded with dlopen on the first photo decode: the executable does not
/// link it, and a machine without it still opens the window. `PARALLAX_PLAYGROUND_LIBVIPS`
/// names the library to load; pointing it at a file that does not exist plays that machine.
@Suite(.onThreadsOfTheirOwn) struct MissingLibvipsTests {
    /// A library name the dynamic loader cannot find.
    static let missingLibrary = "/nonexistent/parallax-test/libvips.so.42"

    /// A home of its own (settings, caches: no index of headers from an earlier run) and a
    /// folder of copies of the bundled photos.
    private struct Home {
        let path: String
        var photos: String { path + "/Pictures" }

        init() throws {
            path = try recordingFolder("no-libvips")
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: MissingLibvipsTests.bundledPhotos) where name.hasSuffix(".png") {
                try FileManager.default.copyItem(atPath: MissingLibvipsTests.bundledPhotos + "/" + name, toPath: photos + "/" + name)
            }
        }

        /// The window under SDL's invisible driver without libvips, quitting once every
        /// visible photo is sharp or its tile; its result and statistics.
        func windowWithoutLibvips(_ arguments: [String]) throws -> (RunResult, RunReport) {
            let stats = path + "/stats-\(UUID().uuidString).json"
            var environment = ProcessInfo.processInfo.environment
            environment["SDL_VIDEODRIVER"] = "dummy"
            environment["HOME"] = path
            environment["XDG_CONFIG_HOME"] = path + "/config"
            environment["XDG_CACHE_HOME"] = path + "/cache"
            environment["PARALLAX_PLAYGROUND_LIBVIPS"] = MissingLibvipsTests.missingLibrary
            let result = try run(arguments + ["--no-settings", "--exit-when-sharp", "--exit-after", "30", "--size", "640x400",
                                              "--disk-cache-mb", "0", "--stats-json", stats], environment: environment)
            let data = try #require(FileManager.default.contents(atPath: stats), "no statistics: \(result.stderr)")
            return (result, try JSONDecoder().decode(RunReport.self, from: data))
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    static var bundledPhotos: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/photos").path
    }

    @Test func theBundledImagesStillDrawThroughSDLImage() throws {
        let home = try Home()
        defer { home.remove() }
        let (result, report) = try home.windowWithoutLibvips(["--scene", "photos"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let photos = try #require(report.photos)
        #expect(photos.failures == 0)
        #expect(photos.textures_held > 0)
    }

    @Test func aPhotoFolderOpensWithTilesThatNameLibvipsOnce() throws {
        let home = try Home()
        defer { home.remove() }
        let (result, report) = try home.windowWithoutLibvips(["--photos", home.photos])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("libvips could not be loaded"), "\(result.stderr)")
        #expect(result.stderr.contains(Self.missingLibrary), "\(result.stderr)")
        // The headers are read in Swift (QuickHeader), so the folder is laid out whole; each
        // photo the window asked for is a tile naming libvips, said once on standard error.
        let photos = try #require(report.photos)
        #expect(photos.failures > 0)
        #expect(photos.textures_held == 0)
    }

    @Test func shotDrawsTheBundledImagesWithoutLibvips() throws {
        let out = try recordingFolder("no-libvips-shot") + "/frame.png"
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: out).deletingLastPathComponent().path) }
        var environment = ProcessInfo.processInfo.environment
        environment["PARALLAX_PLAYGROUND_LIBVIPS"] = Self.missingLibrary
        let result = try run(["shot", "--scene", "albums", "--size", "640x400", "--out", out], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    /// The executable names no libvips, GLib object system or other piece of libvips'
    /// closure among the libraries loaded before `main` (SDL2_ttf's HarfBuzz still brings
    /// GLib itself).
    @Test func theExecutableLinksNoLibvips() throws {
        let ldd = Isolated.process(URL(fileURLWithPath: "/usr/bin/ldd"), [try playgroundBinary().path])
        let out = Pipe()
        ldd.standardOutput = out
        try ldd.run()
        let linked = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        #expect(ldd.terminationStatus == 0)
        #expect(linked.contains("libSDL2"), "\(linked)")
        for closure in ["libvips", "libgobject", "libgio", "libheif", "libMagick", "libpoppler", "libexif"] {
            #expect(!linked.contains(closure), "\(closure) is linked: \(linked)")
        }
    }
}
