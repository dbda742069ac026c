import Panes
import ParallaxKit
import Presentation
import Testing

/// Numbers from outside (a slider, a clock, a stats file) that are not numbers, or are far
/// out of range, never trap: every Double becomes an integer through `clampedInteger`.
@Suite struct ExtremeNumberTests {
    static let extremes: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300]

    @Test(arguments: extremes)
    func theRecordingBadgeShowsAnyElapsedTime(seconds: Double) {
        var list = DrawList()
        RecordingBadge.draw(elapsedSeconds: seconds, viewportSize: Size(width: 640, height: 400), into: &list)
        #expect(!list.isEmpty)
    }

    @Test(arguments: extremes)
    func aSliderAtAnyValueGivesAnItemCountInRange(items: Double) {
        let panel = TuningPanel(Playground(scene: .photos, viewportSize: Size(width: 800, height: 600)))
        var edited = panel
        edited.items = items
        for case .setItemCount(let n) in panel.commands(to: edited) {
            #expect(Playground.itemCountRange.contains(n), "\(items) gave \(n)")
        }
    }

    @Test(arguments: extremes)
    func theCompareStripWritesAnyWork(work: Double) {
        #expect(!CompareStrip.figures(shift: work, workPerFrame: work, imageMotion: work).isEmpty)
    }
}
