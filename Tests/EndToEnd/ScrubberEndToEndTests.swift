import Foundation
import ParallaxKit
import RunHarness
import Testing

/// The scroll indicator dragged by a script in the real window (SDL's dummy driver): a press
/// on its thumb and a drag to the bottom of the window take the list to its end, where a
/// drag of the content the same way would have gone nowhere (it was at the top).
@Suite(.onThreadsOfTheirOwn) struct ScrubberEndToEndTests {
    static let size = Size(width: 640, height: 400)
    static let items = 500

    @Test(.timeLimit(.minutes(1)))
    func draggingTheIndicatorToTheBottomReachesTheEnd() throws {
        // The same list as the window's, to find its thumb and its last offset.
        let model = Playground(scene: .photos, itemCount: Self.items, viewportSize: Self.size)
        FrameStep(model).run(at: 0)
        let thumb = try #require(ScrollIndicator.thumb(for: model.scrollView))
        let end = model.scrollView.offsetRange.upperBound
        let x = Int(thumb.midX), y = Int(thumb.midY)
        let script = """
        wait 0.5
        drag-begin \(x) \(y)
        wait 0.1
        drag-move \(x) 150
        wait 0.1
        drag-move \(x) 300
        wait 0.1
        drag-end \(x) 399
        wait 2
        """
        let home = try recordingFolder("scrubber")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let stats = home + "/stats.json"
        try runHeadlessWindow(home: home, run: home + "/run", script: script,
                              arguments: ["--scene", "photos", "--items", String(Self.items), "--size", "640x400",
                                          "--disk-cache-mb", "0", "--exit-after", "3.5", "--stats-json", stats])
        let report = try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: stats)))
        #expect(report.final_offset_y == end, "the list ended at its last offset \(end), not \(report.final_offset_y)")
        // The landing was timed: its twelve bundled photos are sharp well within the 2 s left.
        let landings = try #require(report.scrub_landings)
        #expect(!landings.isEmpty, "the stats time the landing")
        let sharp = try #require(landings.last?.sharp_ms, "the last landing was sharp before the run ended")
        #expect(try #require(landings.last?.preview_ms) <= sharp)
    }

    @Test(.timeLimit(.minutes(1)))
    func theSameDragBesideTheIndicatorDragsTheContent() throws {
        // Control: 60 points in from the edge the same drag pulls the content down from the
        // top, and it springs back to the start.
        let script = "wait 0.5\ndrag 580 20 580 399 0.3\nwait 2\n"
        let home = try recordingFolder("scrubber-control")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let stats = home + "/stats.json"
        try runHeadlessWindow(home: home, run: home + "/run", script: script,
                              arguments: ["--scene", "photos", "--items", String(Self.items), "--size", "640x400",
                                          "--disk-cache-mb", "0", "--exit-after", "3.5", "--stats-json", stats])
        let report = try JSONDecoder().decode(RunReport.self, from: Data(contentsOf: URL(fileURLWithPath: stats)))
        #expect(report.final_offset_y == 0)
    }
}
