import ParallaxKit
import Presentation
import Testing

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
        #expect(pg.windowTitle == "Parallax Playground — Quilt · cached layout")
        pg.setReduceMotion(true)
        #expect(pg.windowTitle == "Parallax Playground — Quilt · off")
    }
}
