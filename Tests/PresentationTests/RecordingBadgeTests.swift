import ParallaxKit
import Testing
@testable import Presentation

/// The window's recording badge: its clock and its place.
@Suite struct RecordingBadgeTests {
    @Test func theClockReadsMinutesAndSeconds() {
        #expect(RecordingBadge.elapsed(0) == "0:00")
        #expect(RecordingBadge.elapsed(7.9) == "0:07")
        #expect(RecordingBadge.elapsed(60) == "1:00")
        #expect(RecordingBadge.elapsed(750) == "12:30")
        #expect(RecordingBadge.elapsed(-3) == "0:00")
        #expect(RecordingBadge.elapsed(.nan) == "0:00")
    }

    /// Bottom-left, inside the window, clear of the overlay in every mode (in windows large
    /// enough for the cost panel, which alone would fill a tiny one).
    @Test(arguments: [Size(width: 1280, height: 800), Size(width: 800, height: 600), Size(width: 1920, height: 1080)])
    func theBadgeSitsBottomLeftClearOfTheOverlay(viewport: Size) {
        let badge = RecordingBadge.frame(viewportSize: viewport)
        #expect(badge.minX >= 0 && badge.minY >= 0 && badge.maxY <= viewport.height && badge.maxX < viewport.width / 2)
        #expect(badge.maxY > viewport.height - 60, "at the bottom")
        for mode in OverlayMode.allCases {
            if let overlay = OverlayRenderer.frame(of: mode, viewportSize: viewport) {
                #expect(!badge.intersects(overlay), "\(mode) in \(viewport)")
            }
        }
        var list = DrawList()
        RecordingBadge.draw(elapsedSeconds: 65, viewportSize: viewport, into: &list)
        let texts = list.commands.compactMap { command -> String? in
            if case let .text(text, _, _, _, _) = command { return text }
            return nil
        }
        #expect(texts == ["●", "REC 1:05"])
    }
}
