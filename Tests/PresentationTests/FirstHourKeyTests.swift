import ParallaxKit
import Presentation
import Testing

/// The first hour's silent keys and states: the title, `[` and `]`, panels over photos.
@Suite struct FirstHourKeyTests {
    let viewport = Size(width: 1280, height: 800)

    /// DejaVu Sans' advance over the panels' mixed text: "scroll callback · layout
    /// invalidation · cached layout · off" (58 characters) measured 387 px at 14 px under
    /// Xvfb, 0.48 em; 0.5 em leaves a little over.
    static let measuredAdvance = 0.5

    private func width(_ text: String, size: Double) -> Double {
        Double(text.count) * size * Self.measuredAdvance
    }

    @Test(arguments: SceneID.allCases)
    func theTitleNamesTheSceneAndStrategyInASCII(scene: SceneID) {
        for strategy in ParallaxStrategy.allCases {
            let pg = Playground(scene: scene, strategy: strategy, viewportSize: viewport)
            let title = pg.windowTitle(comparing: nil)
            #expect(title == "Parallax Playground - \(pg.scene.title) - \(strategy.title)")
            // SDL 2.26's X11 driver sets no _NET_WM_NAME for other titles in the C locale.
            #expect(title.allSatisfy { $0.isASCII }, "\(title)")
        }
    }

    @Test func withPanesTheTitleSaysWhatTheyCompare() throws {
        let pg = Playground(scene: .captions, viewportSize: viewport)
        let strategies = try Comparison(axis: .strategy, values: ["scroll-callback", "layout-invalidation", "cached-layout", "off"])
        #expect(pg.windowTitle(comparing: strategies) == "Parallax Playground - Captions - comparing 4 strategies")
        let scenes = try Comparison(axis: .scene, values: ["photos", "quilt", "albums"])
        #expect(pg.windowTitle(comparing: scenes) == "Parallax Playground - comparing 3 scenes", "each pane has its own scene")
        let techniques = try Comparison(axis: .technique, values: ["begemann", "leth", "patel", "kurutepe", "jensen"])
        let amounts = try Comparison(axis: .parallax, values: ["0", "15", "30", "45", "60"])
        let five = [techniques, amounts].map { pg.windowTitle(comparing: $0) }
        #expect(five == ["Parallax Playground - Captions - comparing 5 techniques", "Parallax Playground - Captions - comparing 5 amounts"])
        for comparison in [strategies, scenes, techniques, amounts] {
            #expect(pg.windowTitle(comparing: comparison).allSatisfy { $0.isASCII })
            #expect(KeyFeedback.comparisonMessage(comparison).contains(comparison.countedValues))
        }
        // C's last step ends the comparison where the technique comparison left the first
        // pane: on the photos list, which the toast names.
        let left = Playground(scene: .photos, viewportSize: viewport)
        #expect(KeyFeedback.comparisonMessage(nil, after: KeyFeedback.State(left)) == "Compare off: one pane, Photos · layout invalidation")
    }

    /// `]` then `[` comes back where it was even when `]` stopped at the largest count, as
    /// `[` then `]` does when a division rounded; each step says the count it set.
    @Test func bracketsUndoEachOtherAtTheLimits() {
        let pg = Playground(scene: .photos, itemCount: 200_000, viewportSize: viewport)
        var said: [String?] = []
        var counts = [pg.itemCount]
        for step in [1, 1, -1, -1, 1] {
            let before = KeyFeedback.State(pg)
            _ = pg.apply(.scaleItemCount(step))
            said.append(KeyFeedback.message(for: .scaleItemCount(step), before: before, after: KeyFeedback.State(pg)))
            counts.append(pg.itemCount)
        }
        #expect(counts == [200_000, 1_000_000, 1_000_000, 200_000, 20_000, 200_000])
        #expect(said == ["1,000,000 items", "1,000,000 items is the most", "200,000 items", "20,000 items", "200,000 items"])
        // The other way round, from the smallest: 5 → 1 → 5.
        pg.setItemCount(5)
        _ = pg.apply(.scaleItemCount(-1))
        _ = pg.apply(.scaleItemCount(1))
        #expect(pg.itemCount == 5)
    }

    /// The fps panel, the help and the toast hide what is under them: translucent, the
    /// quilt's photo edges crossed their text.
    @Test func textPanelsAreOpaque() throws {
        var stats = FrameStatistics()
        stats.record(FrameSample(frameMilliseconds: 10))
        let info = OverlayInfo(sceneTitle: "Quilt", strategy: .scrollCallback, reduceMotion: false, itemCount: 50, parallaxAmount: 30,
                               rendererName: "opengl", vsync: true, work: StrategyWork(), willDisplay: true)
        func backgroundAlpha(of list: DrawList, in frame: Rect) -> UInt8? {
            list.commands.lazy.compactMap { if case .fill(let rect, let color) = $0, rect == frame { return color.a } else { return nil } }.first
        }
        var panel = DrawList()
        OverlayRenderer().drawStats(stats, info: info, viewportSize: viewport, into: &panel)
        let rows = OverlayRenderer.rows(stats: stats, info: info).count
        let panelFrame = try #require(OverlayRenderer.frame(of: .panel, viewportSize: viewport, rowCount: rows))
        #expect(backgroundAlpha(of: panel, in: panelFrame) == 255)

        var help = DrawList()
        OverlayRenderer().drawHelp(viewportSize: viewport, into: &help)
        #expect(backgroundAlpha(of: help, in: OverlayRenderer.helpFrame(viewportSize: viewport, avoiding: nil)) == 255)

        var toast = Toast()
        toast.show("Saved parallax-quilt-scroll-callback-20261125-140047.png", at: 0)
        var toastList = DrawList()
        toast.draw(at: 1, viewportSize: viewport, into: &toastList)
        let pill = Toast.frame(of: try #require(toast.message), viewportSize: viewport)
        #expect(backgroundAlpha(of: toastList, in: pill) == 255, "held, the toast is opaque (it fades after)")
    }

    /// Every help line's action fits between its column (230 pt in) and the panel's edge:
    /// the compare line ran past the panel's right edge.
    @Test func helpLinesFitInsideThePanel() {
        let panel = OverlayRenderer.helpFrame(viewportSize: viewport, avoiding: nil)
        for (keys, action) in KeyHelp.lines {
            #expect(width(keys, size: 14) <= 230 - 20 - 12, "\(keys)")
            #expect(width(action, size: 14) <= panel.width - 230 - 16, "\(action): \(width(action, size: 14)) pt")
        }
    }

    /// Each panel row keeps a gap between its label and its value, at the largest values a
    /// window shows (1,000,000 items, layout invalidation computing every attribute, the
    /// largest amount, a full texture cache).
    @Test func panelRowsKeepAGapBetweenLabelAndValue() {
        var stats = FrameStatistics()
        stats.record(FrameSample(frameMilliseconds: 1000, inputAndPhysicsMilliseconds: 100, strategyMilliseconds: 400,
                                 drawingMilliseconds: 100, presentMilliseconds: 100))
        for photos in [PhotoPipelineSummary(queued: 10_000, decoding: 16, bytesHeld: 65_536 << 20, hitRate: 1),
                       PhotoPipelineSummary(queued: 10_000, decoding: 16, bytesHeld: 0, hitRate: nil)] {
            let info = OverlayInfo(
                sceneTitle: "Captions", strategy: .layoutInvalidation, reduceMotion: true, itemCount: 1_000_000, parallaxAmount: 1000,
                rendererName: "opengles2", vsync: false,
                work: StrategyWork(invalidations: 1, attributesComputed: 1_000_000, cellsUpdated: 120), willDisplay: false, photos: photos)
            let room = OverlayRenderer.panelWidth - 24
            for (label, value) in OverlayRenderer.rows(stats: stats, info: info) {
                #expect(width(label, size: 13) + 12 + width(value, size: 13) <= room, "'\(label)' and '\(value)' touch")
            }
        }
    }

    /// In a compared pane (five across 1280 points: 256 each) the panel fits the pane and
    /// every value shows, on the line under its label; at full width each row is one line.
    @Test(arguments: [256.0, 320.0, 1280.0])
    func thePanelFitsItsPaneAndShowsEveryValue(paneWidth: Double) throws {
        let viewport = Size(width: paneWidth, height: 800)
        var stats = FrameStatistics()
        stats.record(FrameSample(frameMilliseconds: 21.5, drawingMilliseconds: 2.3, presentMilliseconds: 18))
        let info = OverlayInfo(sceneTitle: "Photos", strategy: .layoutInvalidation, reduceMotion: false, itemCount: 600_000,
                               parallaxAmount: 30, rendererName: "opengl", vsync: true,
                               work: StrategyWork(invalidations: 1, attributesComputed: 600_000, cellsUpdated: 21), willDisplay: true,
                               photos: PhotoPipelineSummary(queued: 10, decoding: 1, bytesHeld: 9 << 20, hitRate: 0.73))
        var list = DrawList()
        OverlayRenderer().drawStats(stats, info: info, viewportSize: viewport, into: &list)
        let rows = OverlayRenderer.rows(stats: stats, info: info)
        let panel = try #require(OverlayRenderer.frame(of: .panel, viewportSize: viewport, rowCount: rows.count))
        #expect(panel.minX >= 0 && panel.maxX <= paneWidth && panel.maxY <= viewport.height, "\(panel) in \(viewport)")
        var drawn: [(text: String, origin: Point)] = []
        for command in list.commands {
            guard case .text(let s, let origin, let size, _, let alignment) = command else { continue }
            drawn.append((s, origin))
            let w = width(s, size: size)
            let (minX, maxX) = alignment == .trailing ? (origin.x - w, origin.x) : (origin.x, origin.x + w)
            #expect(minX >= panel.minX + 4 && maxX <= panel.maxX - 4, "'\(s)' runs out of the panel (\(minX)…\(maxX) in \(panel))")
            #expect(origin.y >= panel.minY && origin.y + size <= panel.maxY, "'\(s)' below the panel")
        }
        // The rows are drawn last, each label followed by its value.
        let drawnRows = drawn.suffix(2 * rows.count).map { $0 }
        #expect(drawnRows.map(\.text) == rows.flatMap { [$0.label, $0.value] })
        for (k, (label, value)) in rows.enumerated() where 2 * k + 1 < drawnRows.count {
            let l = drawnRows[2 * k], v = drawnRows[2 * k + 1]
            if paneWidth < OverlayRenderer.panelWidth + 2 * OverlayRenderer.margin {
                #expect(v.origin.y > l.origin.y, "'\(value)' goes under '\(label)'")
            } else {
                #expect(v.origin.y == l.origin.y, "'\(label)' and '\(value)' share a line")
            }
        }
    }
}
