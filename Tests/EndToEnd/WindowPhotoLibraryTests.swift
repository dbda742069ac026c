import Foundation
import ParallaxKit
import RunHarness
import SDLBackend
import SpawnIsolation
import Testing

/// A large library in the real window (headless): every photo has a place from the start, so
/// End pressed at once lands on the last photo, and the index of headers left by one visit
/// answers for every photo at the next.
extension WindowTests {
    /// `count` symbolic links in `months` year/month folders to five small PNGs of five shapes.
    static func makeLibrary(at root: URL, count: Int, months: Int) throws {
        let sources = root.appendingPathComponent("sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let shapes = [(30, 20), (20, 30), (40, 30), (32, 18), (20, 20)]
        for (i, shape) in shapes.enumerated() {
            try RGBAImage(width: shape.0, height: shape.1, color: Color(r: UInt8(40 * i), g: 90, b: 160))
                .savePNG(path: sources.appendingPathComponent("s\(i).png").path)
        }
        for n in 0..<count {
            let month = n * months / count
            let folder = root.appendingPathComponent(String(format: "library/%d/%02d", 2015 + month / 12, month % 12 + 1))
            if n == 0 || (n - 1) * months / count != month {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(String(format: "IMG_%05d.png", n)).path,
                                                       withDestinationPath: sources.appendingPathComponent("s\(n % 5).png").path)
        }
    }

    /// End pressed as the window opens, on 20,000 photos in 24 month folders (read with
    /// `--recursive`) on a first visit: the last frame shows the last photo. The visit, cut
    /// short, leaves the headers it read in the index for the next.
    @Test(.timeLimit(.minutes(3)))
    func endAtOnceReachesTheLastPhotoOfALargeLibrary() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pp-library-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.makeLibrary(at: dir, count: 20_000, months: 24)
        let home = dir.appendingPathComponent("home").path
        func visit(_ name: String, script: String, seconds: String) throws -> RunReport {
            let stats = dir.appendingPathComponent("\(name).json").path
            try runHeadlessWindow(home: home, run: dir.appendingPathComponent(name).path, script: script,
                                  arguments: ["--photos", dir.appendingPathComponent("library").path, "--recursive",
                                              "--exit-after", seconds, "--stats-json", stats])
            return try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: stats)))
        }
        // End once, as the window opens: before the folder is listed (a large folder's first
        // frame waits for no listing), so the press is kept for the listing.
        let presses = "wait 0.05\nkey end\nwait 6\n"
        let first = try visit("first", script: presses, seconds: "7")
        let visible = try #require(first.visible_items)
        #expect(visible.contains(19_999), "the last frame shows the last photo: \(visible)")
        #expect(first.final_items == 20_000)
        let listed = try #require(first.startup.folder_listed_ns), firstFrame = try #require(first.startup.first_frame_ns)
        #expect(listed > firstFrame + 50_000_000, "End came before the listing (else this test proves nothing)")

        // The visit was cut short (7 s): what it read is in the index all the same.
        let indexFile = home + "/cache/parallax-playground/photo-index"
        let saved = try String(contentsOfFile: indexFile, encoding: .utf8).split(separator: "\n").count - 1
        #expect(saved >= 32, "at least the first screen's headers were saved: \(saved)")
        let second = try visit("second", script: presses, seconds: "7")
        #expect(try #require(second.visible_items).contains(19_999))
        let resaved = try String(contentsOfFile: indexFile, encoding: .utf8).split(separator: "\n").count - 1
        #expect(resaved >= saved, "the second visit keeps what the first saved")
    }
}
