import Foundation
import ParallaxKit
import SDLBackend
import Testing

/// The scroll indicator found by the pointer in the real window under Xvfb, moved by xdotool:
/// it shows as the pointer nears the list's right edge, widens over the thumb, and fades when
/// the pointer leaves, with no scroll at all.
@Suite(.onThreadsOfTheirOwn) struct ScrollIndicatorHoverEndToEndTests {
    @Test(.timeLimit(.minutes(2)), .needsXvfb)
    func thePointerNearTheEdgeShowsTheThumbAndOverItWidensIt() throws {
        let size = Size(width: 1280, height: 800)
        // The window's list, to find its thumb.
        let model = Playground(scene: .photos, itemCount: 500, viewportSize: size)
        FrameStep(model).run(at: 0)
        let thumb = try #require(ScrollIndicator.thumb(for: model.scrollView))
        let wide = try #require(ScrollIndicator.thumb(for: model.scrollView, thickness: ScrollIndicator.hoveredThickness))
        let rows = Int(thumb.minY + 2)..<Int(thumb.maxY - 2)
        let narrowBand = (x: Int(thumb.minX + 1)..<Int(thumb.maxX - 1), y: rows)
        let wideOnlyBand = (x: Int(wide.minX + 2)..<Int(thumb.minX - 1), y: rows)
        // Right of the thumb, the photo at the window's edge: what the bands show without it.
        let photoBeside = (x: Int(thumb.maxX + 1)..<1280, y: rows)
        func brightness(_ image: RGBAImage, _ region: (x: Range<Int>, y: Range<Int>)) -> Double {
            var total = 0
            for y in region.y { for x in region.x { let p = image[x, y]; total += Int(p.r) + Int(p.g) + Int(p.b) } }
            return Double(total) / Double(region.x.count * region.y.count)
        }
        // The thumb is white at 59 % over the photo: far brighter than the photo beside it.
        func shows(_ band: (x: Range<Int>, y: Range<Int>), in image: RGBAImage) -> Bool {
            brightness(image, band) > brightness(image, photoBeside) + 60
        }

        let x = try XvfbServer()
        defer { x.stop() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parallax-hover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let windowed = try WindowedApp(["--no-settings", "--scene", "photos", "--items", "500", "--size", "1280x800", "--exit-after", "120"],
                                       on: x, folder: dir)
        defer { windowed.stop() }
        try #require(!windowed.window.isEmpty, "the window never appeared; the app said: \(windowed.said)")
        func screenshot(_ name: String) throws -> RGBAImage {
            let path = dir.appendingPathComponent("\(name).png").path
            try runTool("import", ["-window", "root", path], display: x.display)
            return try RGBAImage.load(path: path)
        }
        try runTool("xdotool", ["mousemove", "600", "400"], display: x.display)
        // The photos in (the sky at the top right), never scrolled: no thumb.
        let start = try picture(within: 20, { try screenshot("start") }, until: { brightness($0, photoBeside) > 300 })
        try #require(brightness(start, photoBeside) > 300, "the photo at the top right never showed")
        #expect(!shows(narrowBand, in: start), "no thumb before any scroll")

        try runTool("xdotool", ["mousemove", "1270", String(Int(thumb.maxY) + 300)], display: x.display)
        let near = try picture(within: 10, { try screenshot("near") }, until: { shows(narrowBand, in: $0) })
        #expect(shows(narrowBand, in: near), "near the edge the thumb shows")
        #expect(!shows(wideOnlyBand, in: near), "at its resting width")

        try runTool("xdotool", ["mousemove", String(Int(thumb.midX)), String(Int(thumb.midY))], display: x.display)
        let over = try picture(within: 10, { try screenshot("over") }, until: { shows(wideOnlyBand, in: $0) })
        #expect(shows(wideOnlyBand, in: over), "over the thumb it widens")

        try runTool("xdotool", ["mousemove", "600", "400"], display: x.display)
        let gone = try picture(within: 10, { try screenshot("gone") }, until: { !shows(narrowBand, in: $0) })
        #expect(!shows(narrowBand, in: gone), "away from the edge it fades")
    }
}
