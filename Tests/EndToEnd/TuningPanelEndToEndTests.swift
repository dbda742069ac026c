import Foundation
import ParallaxKit
import Presentation
import RunHarness
import SDLBackend
import SpawnIsolation
import Testing

/// The tuning panel in the real window (SDL's dummy driver, driven by a script's pointer as a
/// person's would be): a slider dragged gives the frame its `set` command gives.
@Suite(.onThreadsOfTheirOwn) struct TuningPanelEndToEndTests {
    /// Runs the window on `script`; returns its P screenshot and its stats.
    private func window(_ script: String, in folder: URL) throws -> (RGBAImage, RunReport) {
        let run = folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        let scriptFile = run.appendingPathComponent("script.txt")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let stats = run.appendingPathComponent("stats.json")
        // No disk copies: the second run would draw the first's JPEG copies, not the files.
        // P comes about 3.2 s in and waits up to 3 s for sharp photos: the run lasts past
        // that, or a loaded machine's window closes first and its last frame is the shot.
        // The photos are small (`writeShadedPhotos`), so they are sharp long before P on any
        // machine and the two runs compared differ only by what the panel set.
        let photos = folder.appendingPathComponent("photos").path
        if !FileManager.default.fileExists(atPath: photos) { try writeShadedPhotos(into: photos) }
        let app = Isolated.process(
            try playgroundBinary(),
            ["--no-settings", "--disk-cache-mb", "0", "--size", "640x480", "--script", scriptFile.path,
             "--exit-after", "6.5", "--stats-json", stats.path, "--photos", photos],
            environment: ProcessInfo.processInfo.environment.merging(["SDL_VIDEODRIVER": "dummy", "HOME": run.path]) { $1 },
            currentDirectory: run)
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        app.waitUntilExit()
        #expect(app.terminationStatus == 0)
        // P's screenshot: in HOME/Pictures.
        let pictures = run.appendingPathComponent("Pictures")
        let shots = try FileManager.default.contentsOfDirectory(atPath: pictures.path).filter { $0.hasPrefix("parallax-") && $0.hasSuffix(".png") }
        let shot = try #require(shots.first, "P saved a screenshot")
        let report = try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: stats))
        return (try RGBAImage.load(path: pictures.appendingPathComponent(shot).path), report)
    }

    /// The script of a hand on the panel: the overlay hidden (F twice), the panel opened, the
    /// slider whose row is at `y` pressed at x 77 and dragged right through `xs`, one frame
    /// between each step as a hand gives, the panel closed, then P once the photos are sharp.
    private func sliderDrag(y: Int, through xs: [Int]) -> String {
        let moves = xs.map { "drag-move \($0) \(y)\nwait 0.05\n" }.joined()
        return "key f\nkey f\nkey t\nwait 0.3\ndrag-begin 77 \(y)\nwait 0.05\n" + moves
            + "drag-end\nwait 0.2\nkey t\nwait 2.5\nkey p\nwait 0.3\n"
    }

    @Test(.timeLimit(.minutes(1)))
    func aDraggedSliderGivesTheFrameOfItsCommand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-tuning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The parallax slider's row is at y 101.
        let (dragged, draggedStats) = try window(sliderDrag(y: 101, through: [120, 180]), in: folder)
        let amount = try #require(draggedStats.final_parallax)
        #expect(amount > 60 && amount < 120, "the slider moved the amount from 30 to \(amount)")
        #expect(draggedStats.final_offset_y == 0, "a drag on the panel never scrolls the list")
        let (set, setStats) = try window("""
            key f
            key f
            wait 0.35
            set parallax \(amount)
            wait 2.85
            key p
            wait 0.3
            """, in: folder)
        #expect(setStats.final_parallax == amount)
        #expect(dragged.width == set.width && dragged.height == set.height)
        let differing = stride(from: 0, to: dragged.bytes.count, by: 4).count { dragged.bytes[$0..<($0 + 4)] != set.bytes[$0..<($0 + 4)] }
        #expect(differing == 0, "\(differing) pixels differ between the dragged slider's frame and `set parallax \(amount)`'s")
    }

    @Test(.timeLimit(.minutes(1)))
    func theCellSpacingSliderDraggedToItsEndGivesTheFrameOfTheOption() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pp-tuning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The cell-spacing slider (its row at y 395) dragged past its right end: the slider's
        // top end.
        let (dragged, draggedStats) = try window(sliderDrag(y: 395, through: [200, 330]), in: folder)
        #expect(draggedStats.final_offset_y == 0, "a drag on the panel never scrolls the list")
        let (set, _) = try window("""
            key f
            key f
            wait 0.35
            set cell-spacing \(Int(TuningPanel.sliderRange(.cellSpacing).upperBound))
            wait 2.85
            key p
            wait 0.3
            """, in: folder)
        let (plain, _) = try window("key f\nkey f\nwait 3.2\nkey p\nwait 0.3\n", in: folder)
        func differing(_ a: RGBAImage, _ b: RGBAImage) -> Int {
            stride(from: 0, to: a.bytes.count, by: 4).count { a.bytes[$0..<($0 + 4)] != b.bytes[$0..<($0 + 4)] }
        }
        #expect(dragged.width == set.width && dragged.height == set.height)
        #expect(differing(dragged, set) == 0, "the dragged slider's frame is `set cell-spacing`'s at that end")
        #expect(differing(dragged, plain) > 1_000, "and the spacing moved the second cell (640 px × 13 rows)")
    }
}
