import ParallaxKit
import RunHarness
import Testing

private let comparedStrategies: [ParallaxStrategy] = [.scrollCallback, .layoutInvalidation, .cachedLayout]

@Suite struct StrategyEquivalenceTests {
    /// The product's central claim: for the same input every strategy puts every visible
    /// cell's image in the same place on every frame.
    @Test(arguments: SceneID.allCases, BuiltinScript.allCases)
    func allStrategiesGiveIdenticalParallax(scene: SceneID, script: BuiltinScript) {
        let runs = comparedStrategies.map { replaySnapshots(scene: scene, strategy: $0, script: script.script) }
        let reference = runs[0]
        #expect(reference.count > 30, "the replay ran")
        let moving = reference.flatMap { $0 }.filter { $0.parallax != .zero }.count
        #expect(moving > 0, "some image is shifted, so equality means something")
        for (strategy, run) in zip(comparedStrategies.dropFirst(), runs.dropFirst()) {
            #expect(run.count == reference.count, "\(strategy) ran a different number of frames")
            for (k, (a, b)) in zip(reference, run).enumerated() where a != b {
                Issue.record("frame \(k): \(strategy) differs from scroll-callback\n  \(b)\n  \(a)")
                break
            }
        }
    }

    @Test(arguments: SceneID.allCases)
    func offLeavesEveryImageCentred(scene: SceneID) {
        let frames = replaySnapshots(scene: scene, strategy: .off, script: BuiltinScript.fling.script)
        #expect(frames.flatMap { $0 }.allSatisfy { $0.parallax == .zero })
    }

    @Test(arguments: SceneID.allCases, [0, 1])
    func emptyAndSingleItemListsReplay(scene: SceneID, count: Int) {
        for strategy in ParallaxStrategy.allCases {
            let frames = replaySnapshots(scene: scene, strategy: strategy, script: BuiltinScript.dragPastEdge.script, itemCount: count)
            #expect(frames.allSatisfy { $0.count == count })
        }
    }
}

@Suite struct StrategyWorkTests {
    /// Scrolls one frame's worth and returns that frame's work.
    func workOfOneScrolledFrame(_ strategy: ParallaxStrategy, items: Int) -> (StrategyWork, visible: Int) {
        let pg = Playground(scene: .table, strategy: strategy, itemCount: items, viewportSize: Size(width: 800, height: 600))
        runFrame(pg, at: 0)
        pg.handle(TimedEvent(time: 0.01, event: .pointerDown(Point(x: 100, y: 500))))
        pg.handle(TimedEvent(time: 0.016, event: .pointerMoved(Point(x: 100, y: 420))))
        let work = runFrame(pg, at: 1.0 / 60).work
        return (work, pg.visibleCells.count)
    }

    @Test func layoutInvalidationRecomputesEveryAttribute() {
        let (work, visible) = workOfOneScrolledFrame(.layoutInvalidation, items: 5000)
        #expect(work.invalidations == 1)
        #expect(work.attributesComputed == 5000)
        #expect(work.cellsUpdated == visible)
    }

    @Test func cachedLayoutRecomputesOnlyTheVisibleParallax() {
        let (work, visible) = workOfOneScrolledFrame(.cachedLayout, items: 5000)
        #expect(work.invalidations == 1)
        #expect(work.attributesComputed == visible)
        #expect(work.cellsUpdated == visible)
    }

    @Test func scrollCallbackTouchesOnlyCells() {
        let (work, visible) = workOfOneScrolledFrame(.scrollCallback, items: 5000)
        #expect(work.invalidations == 0)
        #expect(work.attributesComputed == 0)
        #expect(work.cellsUpdated == visible)
    }

    @Test func offDoesNothing() {
        let (work, _) = workOfOneScrolledFrame(.off, items: 5000)
        #expect(work == StrategyWork())
    }

    @Test func switchingStrategiesBetweenFramesKeepsTheImagesInPlace() {
        let pg = Playground(scene: .photos, strategy: .scrollCallback, viewportSize: Size(width: 1280, height: 800))
        let script = BuiltinScript.fling.script
        var k = 0
        var snapshots: [[CellSnapshot]] = []
        Replay(script: script).run(on: pg) { _, pg in
            snapshots.append(pg.visibleCells.map { CellSnapshot(item: $0.item, frame: $0.frame, parallax: $0.parallax) })
            k += 1
            pg.setStrategy(comparedStrategies[k % 3])
        }
        let reference = replaySnapshots(scene: .photos, strategy: .cachedLayout, script: script)
        #expect(snapshots == reference)
    }
}

@Suite struct CollectionViewTests {
    @Test func cellsAreReusedWhileScrollingALongList() {
        let pg = Playground(scene: .table, strategy: .scrollCallback, itemCount: 500, viewportSize: Size(width: 800, height: 600))
        runFrame(pg, at: 0)
        var maxVisible = 0
        var t = 0.0
        for _ in 0..<40 {
            pg.handle(TimedEvent(time: t, event: .key(.pageDown, [])))
            for _ in 0..<15 {
                t += 1.0 / 60
                runFrame(pg, at: t)
                maxVisible = max(maxVisible, pg.visibleCells.count)
            }
        }
        #expect(pg.scrollView.position > 10_000)
        #expect(pg.collectionView.cellsCreated <= maxVisible + 2, "created \(pg.collectionView.cellsCreated) for at most \(maxVisible) visible")
    }

    @Test func willDisplaySetsTheShiftBeforeTheFirstScroll() {
        let withUpdate = Playground(scene: .table, strategy: .scrollCallback, viewportSize: Size(width: 800, height: 600))
        runFrame(withUpdate, at: 0)
        let bounds = withUpdate.scrollView.bounds
        for cell in withUpdate.visibleCells {
            #expect(cell.parallax == ParallaxMapping.patel.displacement(cellFrame: cell.frame, bounds: bounds, contentInsets: .zero, amount: 70))
        }
        #expect(withUpdate.visibleCells.contains { $0.parallax != .zero })

        // Patel's jump: without willDisplay nothing is shifted until the first scroll.
        let without = Playground(scene: .table, strategy: .scrollCallback, viewportSize: Size(width: 800, height: 600))
        without.updatesOnWillDisplay = false
        runFrame(without, at: 0)
        #expect(without.visibleCells.allSatisfy { $0.parallax == .zero })
        without.handle(TimedEvent(time: 0.01, event: .wheel(WheelDelta(dy: -1))))
        runFrame(without, at: 0.02)
        #expect(without.visibleCells.contains { $0.parallax != .zero })
    }

    /// Found by the ten-minute soak: with the willDisplay update off, a reused cell kept a shift
    /// from before the amount was lowered, past the new amount (a gap at the image's edge).
    @Test func aReusedCellNeverShowsAShiftBeyondTheCurrentAmount() {
        let pg = Playground(scene: .table, strategy: .scrollCallback, viewportSize: Size(width: 800, height: 600))
        pg.updatesOnWillDisplay = false
        var t = 0.0
        func scroll(_ key: Key) {
            pg.handle(TimedEvent(time: t, event: .key(key, [])))
            for _ in 0..<20 {
                t += 1.0 / 60
                runFrame(pg, at: t)
                for cell in pg.visibleCells {
                    #expect(abs(cell.parallax.y) <= pg.parallaxAmount, "item \(cell.item) shifted \(cell.parallax.y) beyond ±\(pg.parallaxAmount)")
                }
            }
        }
        for _ in 0..<4 { scroll(.pageDown) }
        pg.apply(.adjustParallax(-1))
        pg.apply(.adjustParallax(-1))
        for _ in 0..<4 { scroll(.pageDown) }
        #expect(pg.parallaxAmount < 70)
    }

    @Test func onlyCellsThatOptInGetTheCallbacksShift() {
        let pg = Playground(scene: .quilt, strategy: .scrollCallback, viewportSize: Size(width: 1280, height: 800))
        pg.collectionView.itemOptsIntoParallax = { $0 % 2 == 0 }
        runFrame(pg, at: 0)
        pg.handle(TimedEvent(time: 0.01, event: .wheel(WheelDelta(dy: -1))))
        runFrame(pg, at: 0.05)
        let odd = pg.visibleCells.filter { $0.item % 2 == 1 }
        let even = pg.visibleCells.filter { $0.item % 2 == 0 }
        #expect(!odd.isEmpty && odd.allSatisfy { $0.parallax == .zero })
        #expect(even.contains { $0.parallax != .zero })
    }

    @Test func resizingRelaysOutAndKeepsTheOffsetInRange() {
        let pg = Playground(scene: .photos, strategy: .layoutInvalidation, itemCount: 5, viewportSize: Size(width: 1280, height: 800))
        runFrame(pg, at: 0)
        pg.scroll(to: 1e9)
        runFrame(pg, at: 0.1)
        pg.setViewportSize(Size(width: 500, height: 2000))
        runFrame(pg, at: 0.2)
        runFrame(pg, at: 0.3)
        let range = pg.scrollView.offsetRange
        #expect(range.contains(pg.scrollView.position))
        #expect(pg.visibleCells.allSatisfy { $0.frame.width == 500 })
    }
}
