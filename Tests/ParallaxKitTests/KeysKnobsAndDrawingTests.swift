import ParallaxKit
import Testing

@Suite struct AppCommandTests {
    struct KeyCase: Sendable, CustomStringConvertible {
        var key: Key
        var modifiers: KeyModifiers = []
        var command: AppCommand?
        var description: String { "\(key)+\(modifiers.rawValue)" }
    }

    @Test(arguments: [
        KeyCase(key: .tab, command: .nextScene), KeyCase(key: .tab, modifiers: .shift, command: .previousScene),
        KeyCase(key: .function(1), command: .scene(.photos)), KeyCase(key: .function(5), command: .scene(.albums)),
        KeyCase(key: .function(6), command: nil),
        KeyCase(key: .character("1"), command: .strategy(.scrollCallback)),
        KeyCase(key: .character("2"), command: .strategy(.layoutInvalidation)),
        KeyCase(key: .character("3"), command: .strategy(.cachedLayout)),
        KeyCase(key: .character("0"), command: .strategy(.off)),
        KeyCase(key: .character("+"), command: .adjustParallax(1)), KeyCase(key: .character("-"), command: .adjustParallax(-1)),
        KeyCase(key: .character("]"), command: .scaleItemCount(1)), KeyCase(key: .character("["), command: .scaleItemCount(-1)),
        KeyCase(key: .character("f"), command: .toggleOverlay), KeyCase(key: .character("d"), command: .toggleDebugOutlines),
        KeyCase(key: .character("m"), command: .toggleReduceMotion), KeyCase(key: .character("v"), command: .toggleVSync),
        KeyCase(key: .character("h"), command: .toggleHelp), KeyCase(key: .character("?"), command: .toggleHelp),
        KeyCase(key: .character("w"), command: .toggleWillDisplay), KeyCase(key: .character("p"), command: .screenshot),
        KeyCase(key: .character("r"), command: .toggleRecording),
        KeyCase(key: .escape, command: .dismiss), KeyCase(key: .character("q"), command: .quit),
        KeyCase(key: .down, command: nil), KeyCase(key: .space, command: nil), KeyCase(key: .character("z"), command: nil),
    ])
    func keysMapToCommands(_ c: KeyCase) {
        #expect(AppCommand(key: c.key, modifiers: c.modifiers) == c.command)
    }

    @Test func scrollingKeysAreNotAppCommands() {
        for key in [Key.up, .down, .pageUp, .pageDown, .home, .end, .space] {
            #expect(AppCommand(key: key, modifiers: []) == nil)
            #expect(ScrollCommand(key: key, modifiers: [], axis: .vertical) != nil)
        }
    }

    @Test func scenesCycleBothWays() {
        #expect(SceneID.photos.next() == .captions)
        #expect(SceneID.albums.next() == .photos)
        #expect(SceneID.photos.next(by: -1) == .albums)
    }
}

@Suite struct KnobTests {
    @Test func itemCountsStepByTenWithinOneToAMillion() {
        let pg = Playground(scene: .table, itemCount: 500, viewportSize: Size(width: 800, height: 600))
        #expect(pg.scaledItemCount(1) == 5000)
        #expect(pg.scaledItemCount(-1) == 50)
        pg.setItemCount(1_000_000)
        #expect(pg.scaledItemCount(1) == 1_000_000)
        pg.setItemCount(300_000)
        #expect(pg.scaledItemCount(1) == 1_000_000)
        pg.setItemCount(1)
        #expect(pg.scaledItemCount(-1) == 1)
        pg.setItemCount(0)
        #expect(pg.scaledItemCount(1) == 10)
    }

    /// `[` then `]` comes back where it was, however the division rounded: 36 → 3 → 1 → 3 → 36.
    @Test func rightBracketUndoesLeftBracketsFirst() {
        let pg = Playground(scene: .photos, viewportSize: Size(width: 800, height: 600))
        #expect(pg.itemCount == 36)
        var counts = [pg.itemCount]
        for key in ["[", "[", "[", "]", "]", "]"] {
            _ = pg.apply(AppCommand(key: .character(Character(key)), modifiers: [])!)
            counts.append(pg.itemCount)
        }
        #expect(counts == [36, 3, 1, 1, 3, 36, 360])
        // Any other change of count forgets the way back.
        _ = pg.apply(.scaleItemCount(-1))
        pg.setItemCount(20)
        _ = pg.apply(.scaleItemCount(1))
        #expect(pg.itemCount == 200)
        // So does a scene change.
        _ = pg.apply(.scaleItemCount(-1))
        _ = pg.apply(.nextScene)
        _ = pg.apply(.scaleItemCount(1))
        #expect(pg.itemCount == pg.scene.defaultItemCount * 10)
    }

    @Test func parallaxStepsAreAFifthOfTheDefault() {
        let pg = Playground(scene: .photos, viewportSize: Size(width: 800, height: 600))
        #expect(pg.steppedParallaxAmount(1) == 36)
        #expect(pg.steppedParallaxAmount(-1) == 24)
        pg.setParallaxAmount(0)
        #expect(pg.steppedParallaxAmount(-1) == 0)
    }

    /// A folder opened at a photo: its cell starts the viewport, below the captions' bar,
    /// and along the album row's axis; past the end the position stays.
    @Test(arguments: [SceneID.photos, .captions, .albums])
    func scrollingToAnItemPutsItsCellAtTheStart(scene: SceneID) {
        let pg = Playground(scene: scene, viewportSize: Size(width: 800, height: 600))
        let axis = pg.scrollView.axis
        pg.scroll(toItem: 5)
        let frame = pg.layout.frames[5]
        #expect(frame.origin[axis] > 0)
        #expect(pg.scrollView.position == frame.origin[axis] - pg.scrollView.contentInsets.leading(axis))
        pg.scroll(toItem: pg.itemCount + 10)
        #expect(pg.scrollView.position == frame.origin[axis] - pg.scrollView.contentInsets.leading(axis))
    }

    /// Another folder dropped: one item per new photo, from the start, the strategy kept.
    @Test func replacingThePhotosShowsOneItemPerNewPhotoFromTheStart() {
        let pg = Playground(scene: .captions, strategy: .cachedLayout, itemCount: 500, viewportSize: Size(width: 800, height: 600))
        pg.scroll(to: 2000)
        var folder = PhotoSet()
        for i in 0..<7 { folder.append(aspectRatio: i.isMultiple(of: 2) ? 1.5 : 0.75, title: "IMG_\(i)") }
        pg.replacePhotos(folder)
        #expect(pg.itemCount == 7)
        #expect(pg.photos == folder)
        #expect(pg.strategy == .cachedLayout && pg.scene.id == .captions)
        #expect(pg.scrollView.position == -pg.scrollView.contentInsets.leading(.vertical))
    }

    @Test func reduceMotionTurnsParallaxOffAndBack() {
        let pg = Playground(scene: .photos, strategy: .cachedLayout, viewportSize: Size(width: 800, height: 600))
        pg.scroll(to: 500)
        runFrame(pg, at: 0)
        #expect(pg.visibleCells.contains { $0.parallax != .zero })
        pg.setReduceMotion(true)
        runFrame(pg, at: 0.1)
        #expect(pg.effectiveStrategy == .off)
        #expect(pg.strategy == .cachedLayout)
        #expect(pg.visibleCells.allSatisfy { $0.parallax == .zero })
        pg.setReduceMotion(false)
        runFrame(pg, at: 0.2)
        #expect(pg.visibleCells.contains { $0.parallax != .zero })
    }

    /// With a reduced amount, reduce motion keeps the strategy running and every shift is
    /// the mapping's at that fraction of the amount (the overscan stays the tuned amount's); the
    /// fraction follows a change of amount and a scene change, and 0 turns the parallax off.
    @Test(arguments: [ParallaxStrategy.scrollCallback, .layoutInvalidation, .cachedLayout])
    func aReducedAmountMovesTheImagesThatFractionOfTheAmount(strategy: ParallaxStrategy) {
        let pg = Playground(scene: .photos, strategy: strategy, viewportSize: Size(width: 800, height: 600))
        pg.scroll(to: 500)
        runFrame(pg, at: 0)
        pg.setReducedAmountFraction(0.2)
        pg.setReduceMotion(true)
        runFrame(pg, at: 0.1)
        #expect(pg.effectiveStrategy == strategy)
        #expect(pg.imageOverscan == pg.parallaxAmount)
        func expectShiftsAt(_ amount: Double, _ context: String) {
            let bounds = pg.scrollView.bounds
            #expect(pg.visibleCells.contains { $0.parallax != .zero }, "\(context): nothing moved")
            for cell in pg.visibleCells {
                let wanted = pg.scene.mapping.displacement(cellFrame: cell.frame, bounds: bounds, contentInsets: pg.scrollView.contentInsets,
                                                           amount: amount, axis: pg.scene.axis)
                #expect(cell.parallax == wanted, "\(context): item \(cell.item) shifted \(cell.parallax), wanted \(wanted)")
            }
        }
        expectShiftsAt(pg.parallaxAmount * 0.2, "a fifth of 30")
        pg.setParallaxAmount(50)
        runFrame(pg, at: 0.2)
        expectShiftsAt(50 * 0.2, "a fifth of 50")
        pg.setScene(.table)
        pg.scroll(to: 700)
        runFrame(pg, at: 0.3)
        expectShiftsAt(pg.scene.defaultParallaxAmount * 0.2, "a fifth of the table's 70")
        pg.setReducedAmountFraction(0)
        runFrame(pg, at: 0.4)
        #expect(pg.effectiveStrategy == .off)
        #expect(pg.visibleCells.allSatisfy { $0.parallax == .zero })
    }

    @Test func albumsDriftUntilTheUserDrags() {
        let pg = Playground(scene: .albums, viewportSize: Size(width: 1280, height: 800))
        runFrame(pg, at: 0)
        runFrame(pg, at: 2)
        #expect(pg.scrollView.position == 80, "40 pt/s for 2 s")
        pg.handle(TimedEvent(time: 2, event: .pointerDown(Point(x: 600, y: 400))))
        pg.handle(TimedEvent(time: 2.5, event: .pointerUp(Point(x: 600, y: 400))))
        runFrame(pg, at: 4)
        #expect(pg.scrollView.position == 80, "no drift after the user took over")
        #expect(Playground(scene: .photos, viewportSize: Size(width: 800, height: 600)).scene.autoScrollSpeed == nil)
    }

    @Test func switchingScenesKeepsStrategyAndViewport() {
        let pg = Playground(scene: .photos, strategy: .cachedLayout, viewportSize: Size(width: 900, height: 700))
        pg.setScene(.albums)
        #expect(pg.scene.id == .albums)
        #expect(pg.strategy == .cachedLayout)
        #expect(pg.scrollView.axis == .horizontal)
        #expect(pg.scrollView.viewportSize == Size(width: 900, height: 700))
        #expect(pg.itemCount == pg.scene.defaultItemCount)
    }

    /// Once, after F2 the captions scene ran the photos scene's layout invalidation.
    @Test func eachSceneStartsInItsOwnStrategyUntilTheUserPicksOne() {
        let pg = Playground(scene: .photos, viewportSize: Size(width: 900, height: 700))
        #expect(pg.strategy == .layoutInvalidation, "Begemann's own")
        for id in SceneID.allCases {
            pg.setScene(id)
            #expect(pg.strategy == Scene.make(id).defaultStrategy, "\(id) starts in its article's strategy")
            #expect(pg.shiftStrategy.strategy == pg.strategy)
        }
        pg.setScene(.captions)
        pg.apply(.strategy(.cachedLayout))
        for id in SceneID.allCases {
            pg.setScene(id)
            #expect(pg.strategy == .cachedLayout, "the user's pick stays in \(id)")
        }
        pg.setReduceMotion(true)
        pg.setScene(.table)
        #expect(pg.strategy == .cachedLayout && pg.effectiveStrategy == .off)
    }
}

@Suite struct FrameStatisticsTests {
    @Test func fpsIsOneThousandOverTheMeanAndOnePercentLowUsesP99() {
        var stats = FrameStatistics(capacity: 100)
        for i in 0..<100 { stats.record(FrameSample(frameMilliseconds: i == 99 ? 50 : 10)) }
        #expect(abs(stats.meanFrameMilliseconds - 10.4) < 1e-9)
        #expect(abs(stats.framesPerSecond - 1000 / 10.4) < 1e-9)
        // p99 of 99 × 10 ms and one 50 ms frame, interpolated between ranks 98 and 99.
        let p99 = Percentiles.of((0..<100).map { $0 == 99 ? 50.0 : 10 }, 0.99)
        #expect(abs(p99 - (10 + 40 * 0.01)) < 1e-9)
        #expect(abs(stats.onePercentLowFramesPerSecond - 1000 / p99) < 1e-9)
    }

    @Test func theWindowRollsOver() {
        var stats = FrameStatistics(capacity: 3)
        for ms in [1.0, 2, 3, 4, 5] { stats.record(FrameSample(frameMilliseconds: ms)) }
        #expect(stats.recent.map(\.frameMilliseconds) == [3, 4, 5])
        #expect(stats.count == 3)
    }

    @Test func percentilesInterpolate() {
        #expect(Percentiles.of([], 0.5) == 0)
        #expect(Percentiles.of([4, 1, 3, 2], 0.5) == 2.5)
        #expect(Percentiles.of([7], 0.99) == 7)
        #expect(Percentiles.of([1, 2, 3], 1) == 3)
    }
}

@Suite struct ScrollIndicatorTests {
    @Test func holdsThenFades() {
        var indicator = ScrollIndicator()
        #expect(indicator.opacity(at: 0) == 0)
        indicator.update(moved: true, at: 1)
        indicator.update(moved: false, at: 1.2)
        #expect(indicator.opacity(at: 1.4) == 1)
        #expect(abs(indicator.opacity(at: 1.65) - 0.5) < 1e-9)
        #expect(indicator.opacity(at: 2) == 0)
    }

    @Test func thumbTracksTheOffsetAndShrinksPastAnEdge() throws {
        let sv = ScrollView(axis: .vertical, viewportSize: Size(width: 400, height: 800), contentSize: Size(width: 400, height: 8000))
        let top = try #require(ScrollIndicator.thumb(for: sv))
        sv.setPosition(7200)
        let bottom = try #require(ScrollIndicator.thumb(for: sv))
        #expect(top.minY == ScrollIndicator.margin)
        #expect(abs(bottom.maxY - (800 - ScrollIndicator.margin)) < 1e-9)
        #expect(top.height == bottom.height)
        #expect(abs(top.height - (800 - 2 * ScrollIndicator.margin) * 0.1) < 1e-9, "a tenth of the content is visible")
        let fits = ScrollView(axis: .vertical, viewportSize: Size(width: 400, height: 800), contentSize: Size(width: 400, height: 500))
        #expect(ScrollIndicator.thumb(for: fits) == nil)
    }
}
