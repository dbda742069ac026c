import ParallaxKit
import Testing

/// The cells' shape knobs (cell spacing, cell height, image overscan): each scene reads them in
/// its own terms, nil is the article's own, a `set` line does what the option does, and a change
/// mid-run moves the cells already on screen.
@Suite struct CellLayoutTests {
    let viewport = Size(width: 1280, height: 800)

    private func frames(_ id: SceneID, _ layout: CellLayout, count: Int = 12) -> [Rect] {
        let scene = Scene.make(id, cellLayout: layout)
        var frames: [Rect] = []
        _ = scene.geometry.computeFrames(itemCount: count, viewportSize: viewport, contentInsets: scene.contentInsets, into: &frames)
        return frames
    }

    @Test(arguments: SceneID.allCases)
    func everyKnobNilIsTheSeedsOwnLayout(id: SceneID) {
        let own = Scene.make(id)
        var expected: [Rect] = []
        _ = own.geometry.computeFrames(itemCount: 12, viewportSize: viewport, contentInsets: own.contentInsets, into: &expected)
        #expect(frames(id, .sceneDefaults) == expected)
        // And the scene's own spacing given explicitly is the same layout.
        #expect(frames(id, CellLayout(spacing: Scene.ownSpacing(id))) == expected)
    }

    @Test func theSpacingIsTheGapBetweenNeighbours() {
        // Photos: three columns at 1280 pt; item 3 goes below item 0 (the shortest column).
        let photos = frames(.photos, CellLayout(spacing: 10))
        let below = photos.first { $0.minX == photos[0].minX && $0.minY > photos[0].minY }!
        #expect(below.minY - photos[0].maxY == 10)
        #expect(photos[1].minX - photos[0].maxX == 10)
        let rows = frames(.table, CellLayout(spacing: 7))
        #expect(rows[1].minY - rows[0].maxY == 7 && rows[5].minY - rows[4].maxY == 7)
        #expect(frames(.table, .sceneDefaults)[1].minY == frames(.table, .sceneDefaults)[0].maxY, "Patel's rows touch")
        // The quilt: tiles side by side in the first row are `spacing` apart (half on each).
        let quilt = frames(.quilt, CellLayout(spacing: 20))
        let neighbours = quilt.filter { $0.minY == quilt[0].minY }.sorted { $0.minX < $1.minX }
        #expect(neighbours.count >= 2 && neighbours[1].minX - neighbours[0].maxX == 20)
        // The albums: each stack's pitch grows by the gap.
        let own = frames(.albums, .sceneDefaults), spaced = frames(.albums, CellLayout(spacing: 60))
        #expect(spaced[1].minX - spaced[0].minX == own[1].minX - own[0].minX + 60)
    }

    @Test func theCellHeightSetsEveryCell() {
        #expect(frames(.photos, CellLayout(cellHeight: 200)).allSatisfy { $0.height == 200 })
        #expect(frames(.captions, CellLayout(cellHeight: 150)).allSatisfy { $0.height == 150 })
        #expect(frames(.table, CellLayout(cellHeight: 120)).allSatisfy { $0.height == 120 })
        #expect(frames(.albums, CellLayout(cellHeight: 300)).allSatisfy { $0.height == 300 })
        // The quilt's block side: 1280 / 320 = 4 columns of 320 pt, a 1 × 1 tile 314 pt inside
        // its 3 pt insets.
        let quilt = Scene.make(.quilt, cellLayout: CellLayout(cellHeight: 320)).geometry as! QuiltGeometry
        #expect(quilt.columnCount(forWidth: 1280) == 4)
        #expect(frames(.quilt, CellLayout(cellHeight: 320)).contains { $0.width == 314 && $0.height == 314 })
        // A captioned cell never shrinks below its labels.
        #expect(frames(.captions, CellLayout(cellHeight: 40)).allSatisfy { $0.height > LethParallax.labelHeight })
    }

    @Test func aGapWiderThanAQuiltBlockKeepsTilesRightSideOut() {
        let quilt = frames(.quilt, CellLayout(spacing: 200, cellHeight: 40))
        #expect(quilt.allSatisfy { $0.width > 0 && $0.height > 0 })
    }

    @Test func theImageReachesTheOverscanPastItsCell() {
        let playground = Playground(PlaygroundSettings(scene: .photos, parallaxAmount: 30), viewportSize: viewport)
        func imageFrames() -> [(frame: Rect, clip: Rect)] {
            let step = FrameStep(playground)
            step.drawer = { _, pg, list in SceneRenderer().draw(pg, into: &list) }
            step.run(at: 0)
            return step.drawList.commands.compactMap {
                if case .image(_, let frame, let clip, _) = $0 { return (frame, clip) }
                return nil
            }
        }
        // The articles' rule: as much larger as the amount; then 5 pt, whatever the amount.
        let own = imageFrames()
        #expect(!own.isEmpty && own.allSatisfy { $0.frame.height - $0.clip.height == 60 })
        playground.apply(.setCellLayout(.imageOverscan, 5))
        #expect(playground.imageOverscan == 5)
        let tight = imageFrames()
        #expect(tight.allSatisfy { $0.frame.height - $0.clip.height == 10 })
        playground.apply(.setCellLayout(.imageOverscan, nil))
        #expect(playground.imageOverscan == 30)
    }

    @Test func aChangeMidRunMovesTheCellsOnScreen() {
        // Laid out and drawn once, then reshaped: the visible cells must take the new frames
        // (they kept the old ones when the layout was prepared without a cell pass).
        let playground = Playground(PlaygroundSettings(scene: .table), viewportSize: viewport)
        let step = FrameStep(playground)
        step.run(at: 0)
        #expect(playground.visibleCells.first { $0.item == 1 }?.frame.minY == 250)
        step.enqueue(.input(TimedEvent(time: 0.01, event: .command(.setCellLayout(.cellHeight, 100)))))
        step.run(at: 1.0 / 60)
        #expect(playground.visibleCells.first { $0.item == 1 }?.frame.minY == 100)
        #expect(playground.visibleCells.count == 8, "800 pt of 100 pt rows")
    }

    @Test func aSceneChangeGivesTheShapeBackAndResetClearsIt() {
        let playground = Playground(PlaygroundSettings(scene: .photos), viewportSize: viewport)
        playground.apply(.setCellLayout(.cellSpacing, 12))
        #expect(playground.cellLayout.spacing == 12)
        #expect(playground.settings.cellLayout.spacing == 12, "the settings carry it (a pane, the monkey's shadow)")
        playground.apply(.scene(.table))
        #expect(playground.cellLayout == .sceneDefaults, "each scene reads the knobs in its own terms")
        playground.apply(.setCellLayout(.cellHeight, 90))
        playground.apply(.resetToDefaults)
        #expect(playground.cellLayout == .sceneDefaults)
    }

    @Test func knobsParseAutoAndRefuseOutOfRange() {
        #expect(CellLayout.Knob.cellSpacing.parse("auto") == .some(nil))
        #expect(CellLayout.Knob.cellSpacing.parse("12.5") == .some(12.5))
        #expect(CellLayout.Knob.cellHeight.parse("39") == nil)
        #expect(CellLayout.Knob.imageOverscan.parse("nan") == nil)
        var layout = CellLayout()
        layout[.cellHeight] = 5000
        #expect(layout.cellHeight == CellLayout.cellHeightRange.upperBound, "a command's value is clamped")
        layout[.cellSpacing] = -.infinity
        #expect(layout.spacing == nil, "a non-finite value gives the knob back to the scene")
    }

    @Test func setLinesGiveTheCommands() throws {
        let script = try Script.parse("set cell-spacing 12\nset cell-height auto\nset image-overscan 0", file: "t")
        #expect(script.events.map(\.event) == [
            .command(.setCellLayout(.cellSpacing, 12)), .command(.setCellLayout(.cellHeight, nil)),
            .command(.setCellLayout(.imageOverscan, 0)),
        ])
    }

    @Test(arguments: [
        ("set cell-height 20", "cell-height takes a number from 40 to 1200 points or auto"),
        ("set image-overscan lots", "image-overscan takes a number from 0 to 1000 points or auto"),
        ("set cell-spacing -1", "cell-spacing takes a number from 0 to 200"),
    ])
    func badSetLinesNameTheRange(text: String, says: String) {
        #expect {
            _ = try Script.parse(text, file: "t")
        } throws: { error in
            (error as? ScriptError)?.reason.contains(says) == true
        }
    }
}
