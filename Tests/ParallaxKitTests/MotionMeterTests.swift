import Foundation
import ParallaxKit
import RunHarness
import Testing

/// The motion meter against a fling worked by hand: Patel's table rows, where every visible
/// image moves at one speed, a fixed share of the list's.
@Suite struct MotionMeterTests {
    static let viewport = Size(width: 800, height: 600)
    static let start = 50_000.0

    /// `fling 2000` at 0.1 s from mid-list at 60 fps, the meter measuring every frame; the
    /// offsets by frame, and the meter at the end.
    private func flung(amount: Double? = nil, reduceMotion: Bool = false) throws -> (meter: MotionMeter, offsets: [Double], peakShare: Double) {
        let playground = Playground(PlaygroundSettings(scene: .table, itemCount: 500), viewportSize: Self.viewport)
        if let amount { playground.setParallaxAmount(amount) }
        playground.setReduceMotion(reduceMotion)
        playground.scroll(to: Self.start)
        var meter = MotionMeter()
        var offsets: [Double] = []
        var peakShare = 0.0
        let script = try Script.parse("wait 0.1\nfling 2000\nwait 4\n", file: "fling-2000")
        Replay(script: script, framesPerSecond: 60, settleLimit: 1).run(on: playground) { report, playground in
            meter.measure(playground, at: report.time)
            offsets.append(playground.scrollView.contentOffset.y)
            peakShare = max(peakShare, meter.last.movingShare)
        }
        return (meter, offsets, peakShare)
    }

    @Test func aFlingOfPatelsRowsMovesEveryImageAtTheWorkedSpeed() throws {
        let (meter, offsets, _) = try flung()
        // Patel: the image moves (1 − f)·2·70 with f = (cellY + 250)/(600 + 250), and a visible
        // row's f is never clamped, so every image moves 140/850 of the list's speed.
        let ratio = 2 * 70.0 / (600 + 250)
        // UIKit's first frame after the release (the fling lands on frame 6, at 0.1 s): the list
        // moves 2000·(0.998^(1000/60) − 1)/(1000·ln 0.998) = 32.784 pt in 1/60 s, 1967.0 pt/s;
        // the images 324.0 pt/s.
        let firstFrame = 2000 * (pow(0.998, 1000.0 / 60) - 1) / (1000 * log(0.998))
        #expect(abs(firstFrame - 32.784) < 0.001)
        let expectedPeak = ratio * firstFrame * 60
        #expect(abs(expectedPeak - 323.98) < 0.01)
        #expect(abs(meter.peakPointsPerSecond - expectedPeak) < 1e-6 * expectedPeak, "peak \(meter.peakPointsPerSecond)")

        // The mean of the per-frame peaks over the frames the list moved: the ratio times the
        // distance over those frames' time.
        let moves = zip(offsets.dropFirst(), offsets).map { $0 - $1 }.filter { $0 != 0 }
        let distance = moves.reduce(0, +)
        #expect(abs(distance - 2000 / (1000 * -log(0.998))) < 1, "coasted \(distance)")
        let expectedMean = ratio * distance * 60 / Double(moves.count)
        #expect(abs(meter.meanPointsPerSecond - expectedMean) < 1e-6 * expectedMean, "mean \(meter.meanPointsPerSecond)")

        // Degrees for a 14-inch laptop at 50 cm: 324 pt is 7.63 cm, 8.73°.
        let summary = meter.summary()
        let centimetres = expectedPeak / ViewingGeometry.laptop.pixelsPerInch * 2.54
        #expect(abs(summary.peak_deg_per_s - 2 * atan(centimetres / 100) * 180 / .pi) < 1e-9)
        #expect(abs(summary.peak_deg_per_s - 8.73) < 0.01, "\(summary.peak_deg_per_s)°/s")
        // Rows touch: images moving cover the whole viewport.
        #expect(abs(summary.moving_share_peak - 1) < 1e-9)
    }

    @Test func itGrowsLinearlyWithTheAmountAndIsZeroWithReduceMotion() throws {
        let single = try flung(amount: 70).meter, double = try flung(amount: 140).meter
        #expect(single.peakPointsPerSecond > 100)
        #expect(abs(double.peakPointsPerSecond - 2 * single.peakPointsPerSecond) < 1e-9 * single.peakPointsPerSecond)
        #expect(abs(double.meanPointsPerSecond - 2 * single.meanPointsPerSecond) < 1e-9 * single.meanPointsPerSecond)

        let reduced = try flung(reduceMotion: true)
        let summary = reduced.meter.summary()
        #expect(summary.peak_pt_per_s == 0 && summary.mean_pt_per_s == 0 && summary.peak_deg_per_s == 0)
        #expect(summary.moving_share_peak == 0 && reduced.peakShare == 0)
        #expect(reduced.offsets.last! > Self.start + 900, "the list itself still coasted")
    }

    @Test func aChangeOfSettingIsNotMotion() {
        let playground = Playground(PlaygroundSettings(scene: .table, itemCount: 500), viewportSize: Self.viewport)
        playground.scroll(to: Self.start)
        var meter = MotionMeter()
        meter.measure(playground, at: 0)
        // Reduce motion centres every image at once: a jump of the setting, not the scroll's.
        playground.setReduceMotion(true)
        meter.measure(playground, at: 1.0 / 60)
        #expect(meter.last == MotionMeter.Reading())
        #expect(meter.peakPointsPerSecond == 0)
        // A list that moves without parallax shows its own speed and no image motion.
        playground.scroll(to: Self.start + 10)
        meter.measure(playground, at: 2.0 / 60)
        #expect(abs(meter.last.scrollPointsPerSecond - 600) < 1e-6)
        #expect(meter.last.peakPointsPerSecond == 0)
    }

    /// Degrees follow the geometry as 2·atan(s / 2D) says, worked by hand: at 254 pixels per
    /// inch a pixel is 0.01 cm, so 5,000 pt is 50 cm on the screen. Seen from 25 cm that is
    /// 2·atan(1) = 90°; from 50 cm 2·atan(1/2) = 53.130102°; at two pixels a point, 2,500 pt
    /// cover the same 50 cm. The settings carry the geometry into the playground, and a `set`
    /// line changes it, clamped to the knob's range.
    @Test func degreesFollowTheViewingGeometry() throws {
        let close = ViewingGeometry(distanceCentimetres: 25, pixelsPerInch: 254)
        #expect(abs(close.degrees(points: 5000) - 90) < 1e-9)
        #expect(abs(close.degrees(points: 2500, pixelsPerPoint: 2) - 90) < 1e-9)
        let far = ViewingGeometry(distanceCentimetres: 50, pixelsPerInch: 254)
        #expect(abs(far.degrees(points: 5000) - 53.130102354) < 1e-8)
        // The laptop: 107.83 pixels per inch, so the same 5,000 pt are 117.79 cm, 99.34° at 50 cm.
        #expect(abs(ViewingGeometry.laptop.degrees(points: 5000) - 99.3407) < 1e-3, "\(ViewingGeometry.laptop.degrees(points: 5000))")

        var settings = PlaygroundSettings(scene: .table, itemCount: 500)
        settings.viewingGeometry = close
        let playground = Playground(settings, viewportSize: Self.viewport)
        #expect(playground.viewingGeometry == close && playground.settings.viewingGeometry == close)
        try playground.apply(ScriptSetting.command("viewing-distance", "50"))
        #expect(playground.viewingGeometry == far)
        playground.apply(.setDisplayDensity(5000))
        #expect(playground.viewingGeometry.pixelsPerInch == ViewingGeometry.densityKnob.range.upperBound)
        playground.setScene(.photos)
        #expect(playground.viewingGeometry.distanceCentimetres == 50, "the viewer's desk stays through a scene change")

        // The summary states the geometry it used.
        let summary = MotionMeter().summary(geometry: far, pixelsPerPoint: 2)
        #expect(summary.viewing_distance_cm == 50 && summary.display_density_ppi == 254 && summary.pixels_per_point == 2)
    }
}
