import Foundation
import ParallaxKit
import Presentation
import RunHarness
import Testing

@Suite struct CompactNumberTests {
    @Test(arguments: [
        (0.0, "0.0"), (999.9, "999.9"), (999.96, "1.0k"), (9_499.0, "9.5k"), (9_999.4, "10.0k"), (9_999.6, "10k"),
        (900_003.6, "900k"), (999_499.0, "999k"), (999_500.0, "1.0M"), (1_000_000.0, "1.0M"), (2.5e9, "3G"), (-12.0, "-12.0"),
    ])
    func aCountPerFrameIsWrittenInSixCharactersAtMost(value: Double, text: String) {
        #expect(NumberFormat.compact(value) == text)
        #expect(text.count <= 6)
    }

    @Test func notANumberIsADash() {
        #expect(NumberFormat.compact(.nan) == "–" && NumberFormat.compact(.infinity) == "–")
    }
}

@Suite struct OverlayTests {
    @Test func theOverlayListsTheStrategysWork() {
        var stats = FrameStatistics()
        stats.record(FrameSample(frameMilliseconds: 20))
        let info = OverlayInfo(
            sceneTitle: "Quilt", strategy: .cachedLayout, reduceMotion: false, itemCount: 1_000_000, parallaxAmount: 30,
            rendererName: "software", vsync: false, work: StrategyWork(invalidations: 1, attributesComputed: 17, cellsUpdated: 17), willDisplay: true)
        var list = DrawList()
        OverlayRenderer().drawStats(stats, info: info, viewportSize: Size(width: 1280, height: 800), into: &list)
        let texts = list.commands.compactMap { if case .text(let s, _, _, _, _) = $0 { return s } else { return nil } }
        #expect(texts.contains("50.0 fps"))
        #expect(texts.contains("1 · 17 · 17"))
        #expect(texts.contains("1,000,000 · 30.0 pt"))
        #expect(texts.contains("cached layout"))
        #expect(texts.contains("software · no vsync"))
        // The one 20 ms frame is over the 16.7 ms budget: its bar is red.
        #expect(list.commands.contains { if case .fill(_, let c) = $0 { return c == Color(r: 240, g: 80, b: 70) } else { return false } })
    }

    /// The parts of the frame the panel lists add up to the frame time it shows.
    @Test(arguments: [false, true])
    func theFramesPartsAddUpToTheFrameTime(vsync: Bool) throws {
        var stats = FrameStatistics()
        for i in 0..<50 {
            let d = Double(i)
            stats.record(FrameSample(
                frameMilliseconds: 16.7 + d * 0.01, inputAndPhysicsMilliseconds: 0.113 + d * 0.001, strategyMilliseconds: 0.0427,
                drawingMilliseconds: 3.9 + d * 0.02, presentMilliseconds: 11.3))
        }
        let info = OverlayInfo(
            sceneTitle: "Photos", strategy: .scrollCallback, reduceMotion: false, itemCount: 36, parallaxAmount: 30,
            rendererName: "opengl", vsync: vsync, work: StrategyWork(), willDisplay: true)
        var list = DrawList()
        OverlayRenderer().drawStats(stats, info: info, viewportSize: Size(width: 1280, height: 800), into: &list)
        let texts = list.commands.compactMap { if case .text(let s, _, _, _, _) = $0 { return s } else { return nil } }
        func value(after label: String) throws -> Double {
            let i = try #require(texts.firstIndex(of: label), "no row \(label)")
            return try #require(Double(texts[i + 1].replacingOccurrences(of: " ms", with: "")))
        }
        let parts = try ["input + physics", "strategy / layout", "drawing", vsync ? "present (vsync wait)" : "present", "other"].map(value(after:))
        let mean = stats.meanFrameMilliseconds
        #expect(parts[4] > 0, "some of the frame is other work")
        // Five rows, each rounded to 0.0005 ms at most.
        #expect(abs(parts.reduce(0, +) - mean) <= 5 * 0.0005, "rows \(parts) add to \(parts.reduce(0, +)), frame \(mean)")
    }

    @Test func fStepsFromTheBadgeToThePanelToNothing() {
        #expect(OverlayMode.badge.next == .panel)
        #expect(OverlayMode.panel.next == .hidden)
        #expect(OverlayMode.hidden.next == .badge)
        let viewport = Size(width: 1280, height: 800)
        let badge = OverlayRenderer.frame(of: .badge, viewportSize: viewport)!
        let panel = OverlayRenderer.frame(of: .panel, viewportSize: viewport)!
        #expect(badge.width * badge.height < panel.width * panel.height / 10, "the default badge is small")
        #expect(badge.maxX <= viewport.width && badge.minY >= 0 && badge.maxY < 60, "in the top-right corner")
        var list = DrawList()
        OverlayRenderer().draw(.hidden, stats: FrameStatistics(), info: OverlayInfo(
            sceneTitle: "", strategy: .off, reduceMotion: false, itemCount: 0, parallaxAmount: 0, rendererName: "",
            vsync: false, work: StrategyWork(), willDisplay: true), viewportSize: viewport, into: &list)
        #expect(list.isEmpty)
    }

    /// The help panel and the overlay never overlap.
    @Test(arguments: [Size(width: 1280, height: 800), Size(width: 1024, height: 768), Size(width: 800, height: 900), Size(width: 1920, height: 1080)])
    func theHelpKeepsClearOfTheOverlay(viewport: Size) {
        for mode in OverlayMode.allCases {
            let overlay = OverlayRenderer.frame(of: mode, viewportSize: viewport)
            let help = OverlayRenderer.helpFrame(viewportSize: viewport, avoiding: overlay)
            if let overlay { #expect(!help.intersects(overlay), "\(mode) in \(viewport)") }
            #expect(help.minX >= 0 && help.maxX <= viewport.width)
        }
        // What the window shows while the help is open: the badge at most, and all of the help.
        let badge = OverlayRenderer.frame(of: .badge, viewportSize: viewport)
        let help = OverlayRenderer.helpFrame(viewportSize: viewport, avoiding: badge)
        #expect(help.minY >= 0 && help.maxY <= viewport.height, "the help fits in \(viewport)")
    }

    @Test func theHelpPanelListsEveryKeyOfTheHelp() {
        var list = DrawList()
        OverlayRenderer().drawHelp(viewportSize: Size(width: 1280, height: 800), into: &list)
        let texts = Set(list.commands.compactMap { if case .text(let s, _, _, _, _) = $0 { return s } else { return nil } })
        #expect(KeyHelp.lines.count >= 10)
        for line in KeyHelp.lines {
            #expect(texts.contains(line.keys) && texts.contains(line.action), "\(line.keys) is missing")
        }
    }
}

@Suite struct NumberFormatTests {
    @Test(arguments: [
        (0.0, 1, "0.0"), (1.25, 1, "1.3"), (-0.04, 1, "0.0"), (-2.5, 2, "-2.50"), (16.6667, 3, "16.667"),
        (999.96, 1, "1000.0"), (7, 0, "7"), (Double.nan, 2, "–"), (Double.infinity, 1, "–"), (1e300, 1, "∞"),
    ])
    func fixedDecimals(value: Double, decimals: Int, expected: String) {
        #expect(NumberFormat.fixed(value, decimals: decimals) == expected)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (1_000_000, "1,000,000"), (-12345, "-12,345"), (Int.min, "-9,223,372,036,854,775,808")])
    func counts(n: Int, expected: String) {
        #expect(NumberFormat.count(n) == expected)
    }

    @Test func titlesNameTheSceneAndTheStrategyRunning() {
        let pg = Playground(scene: .quilt, strategy: .cachedLayout, viewportSize: Size(width: 800, height: 600))
        #expect(pg.windowTitle == "Parallax Playground - Quilt - cached layout")
        pg.setReduceMotion(true)
        #expect(pg.windowTitle == "Parallax Playground - Quilt - off")
    }
}

/// The statistics panel: rows sized to what they show, each value under its own label, and means
/// that describe the strategy the panel names.
@Suite struct PanelRowsTests {
    let viewport = Size(width: 1280, height: 800)

    private func texts(_ list: DrawList) -> [(String, Point)] {
        list.commands.compactMap { if case .text(let s, let origin, _, _, _) = $0 { return (s, origin) } else { return nil } }
    }

    @Test(arguments: [false, true])
    func thePanelEndsUnderItsLastRow(withPhotos: Bool) throws {
        var stats = FrameStatistics()
        stats.record(FrameSample(frameMilliseconds: 10))
        let info = OverlayInfo(
            sceneTitle: "Quilt", strategy: .scrollCallback, reduceMotion: false, itemCount: 50, parallaxAmount: 30,
            rendererName: "opengl", vsync: true, work: StrategyWork(), willDisplay: true,
            photos: withPhotos ? PhotoPipelineSummary(queued: 19, decoding: 1, bytesHeld: 11 << 20, hitRate: 0.29) : nil)
        var list = DrawList()
        OverlayRenderer().drawStats(stats, info: info, viewportSize: viewport, into: &list)
        let rows = OverlayRenderer.rows(stats: stats, info: info)
        let panel = try #require(OverlayRenderer.frame(of: .panel, viewportSize: viewport, rowCount: rows.count))
        let lastRowTop = try #require(texts(list).map(\.1.y).max())
        // The last row is 13 pt text on a 19 pt line: at most a line's room below it.
        #expect(panel.maxY - lastRowTop <= 19 + 6, "no empty band: last row at \(lastRowTop), panel ends at \(panel.maxY)")
        #expect(panel.maxY - lastRowTop >= 13, "the last row fits")
        if withPhotos {
            let labels = rows.map(\.label), values = rows.map(\.value)
            let queued = try #require(labels.firstIndex(of: "photos queued · decoding"))
            #expect(values[queued] == "19 · 1", "two labels, two values")
            let held = try #require(labels.firstIndex(of: "photos held · visible hits"))
            #expect(values[held] == "11 MB · 29 %")
        }
    }

    @Test func theMeansStartAgainWhenTheStrategyOrCountChangesNotWhenTheListMoves() {
        let pg = Playground(scene: .photos, viewportSize: viewport)
        var stats = FrameStatistics()
        var measured = MeasuredSetting.restart(&stats, measured: nil, now: pg)
        for _ in 0..<10 { stats.record(FrameSample(frameMilliseconds: 5, strategyMilliseconds: 4)) }
        pg.scroll(to: 500)
        measured = MeasuredSetting.restart(&stats, measured: measured, now: pg)
        #expect(stats.count == 10, "scrolling is what is measured, not a change")
        _ = pg.apply(.strategy(.scrollCallback))
        measured = MeasuredSetting.restart(&stats, measured: measured, now: pg)
        #expect(stats.count == 0, "layout invalidation's times are not shown as the scroll callback's")
        stats.record(FrameSample(frameMilliseconds: 5))
        _ = pg.apply(.scaleItemCount(1))
        _ = MeasuredSetting.restart(&stats, measured: measured, now: pg)
        #expect(stats.count == 0)
    }
}

/// A window at rest draws only when something changes: its overlay says so instead of a
/// frame rate that would read as slowness.
@Suite struct RestingOverlayTests {
    func texts(_ mode: OverlayMode, resting: Bool) -> [(String, Color)] {
        var stats = FrameStatistics()
        stats.record(FrameSample(frameMilliseconds: 250))
        let info = OverlayInfo(
            sceneTitle: "Quilt", strategy: .scrollCallback, reduceMotion: false, itemCount: 50, parallaxAmount: 30,
            rendererName: "opengl", vsync: true, work: StrategyWork(), willDisplay: true, resting: resting)
        var list = DrawList()
        OverlayRenderer().draw(mode, stats: stats, info: info, viewportSize: Size(width: 1280, height: 800), into: &list)
        return list.commands.compactMap { if case .text(let s, _, _, let c, _) = $0 { return (s, c) } else { return nil } }
    }

    @Test(arguments: [OverlayMode.badge, .panel])
    func atRestTheOverlaySaysSoDimmedAndShowsNoRate(_ mode: OverlayMode) {
        let resting = texts(mode, resting: true)
        #expect(resting.contains { $0.0 == "at rest" && $0.1 == Color(r: 150, g: 156, b: 170) })
        #expect(!resting.contains { $0.0.hasSuffix(" fps") })
        let drawing = texts(mode, resting: false)
        #expect(drawing.contains { $0.0 == "4.0 fps" && $0.1 == Color(r: 240, g: 80, b: 70) }, "4 fps is red")
        #expect(!drawing.contains { $0.0 == "at rest" })
    }
}

/// The cost panel's image-motion row reads the pane's motion meter: the last frame's fastest
/// image against its cell, the run's peak, and the share of the view moving.
@Suite struct MotionRowTests {
    @Test func thePanelShowsTheMetersFigures() throws {
        let playground = Playground(PlaygroundSettings(scene: .table, itemCount: 500), viewportSize: Size(width: 800, height: 600))
        playground.scroll(to: 50_000)
        let run = ReplayRun(Replay(script: try Script.parse("wait 0.1\nfling 2000\nwait 4\n", file: "fling-2000")), on: playground)
        var meter = MotionMeter()
        for _ in 0..<20 { meter.measure(playground, at: try #require(run.next()).time) }
        let info = OverlayInfo(sceneTitle: "Table", strategy: .scrollCallback, reduceMotion: false, itemCount: 500, parallaxAmount: 70,
                               rendererName: "software", vsync: false, work: StrategyWork(), willDisplay: true, motion: meter)
        let row = try #require(OverlayRenderer.rows(stats: FrameStatistics(), info: info).first { $0.label == "image motion · moving" })
        let count = { (v: Double) in NumberFormat.count(v.clampedInteger()) }
        // Patel's rows: every image moves 140/850 of the list's speed, slowing with the coast.
        #expect(abs(meter.last.peakPointsPerSecond - meter.last.scrollPointsPerSecond * 140 / 850) < 1e-6)
        #expect(meter.peakPointsPerSecond > meter.last.peakPointsPerSecond + 1)
        #expect(row.value == "\(count(meter.last.peakPointsPerSecond)) pt/s (peak \(count(meter.peakPointsPerSecond))) · 100 %", "\(row.value)")
        var without = info
        without.motion = nil
        #expect(!OverlayRenderer.rows(stats: FrameStatistics(), info: without).contains { $0.label == "image motion · moving" })
    }
}
