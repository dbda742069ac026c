import Foundation
import Testing

/// The window and the thumbnails file managers share: photos decoded at 256 px or more leave
/// a `large` thumbnail under $XDG_CACHE_HOME/thumbnails; `--no-shared-thumbnails` and
/// `--disk-cache-mb 0` leave none.
@Suite(.onThreadsOfTheirOwn) struct SharedThumbnailsEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func theWindowWritesLargeThumbnailsUnlessTurnedOff() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-shared-thumbs-\(UUID().uuidString)")
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tools/make-photos.py")
        try runTool("python3", [generator.path, photos.path, "--count", "6", "--small", "--seed", "23"], display: ":0")

        func window(_ extra: [String], cache: String) throws -> [String] {
            var environment = ProcessInfo.processInfo.environment
            environment["SDL_VIDEODRIVER"] = "dummy"
            environment["XDG_CACHE_HOME"] = cache
            let result = try run(["--no-settings", "--photos", photos.path, "--size", "640x480", "--exit-when-sharp", "--exit-after", "60"] + extra,
                                 environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let large = cache + "/thumbnails/large"
            return ((try? FileManager.default.contentsOfDirectory(atPath: large)) ?? []).map { large + "/" + $0 }
        }
        let written = try window([], cache: dir.appendingPathComponent("cache-on").path)
        #expect(!written.isEmpty, "the visible photos' thumbnails were written")
        for file in written {
            #expect(file.hasSuffix(".png"))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            let text = String(decoding: bytes.prefix(400), as: UTF8.self)
            #expect(text.contains("Thumb::URI") && text.contains("file://" + photos.path), "\(file) names its photo")
        }
        #expect(try window(["--no-shared-thumbnails"], cache: dir.appendingPathComponent("cache-off").path).isEmpty)
        #expect(try window(["--disk-cache-mb", "0"], cache: dir.appendingPathComponent("cache-zero").path).isEmpty)
    }
}
