import ParallaxKit
import Testing

@Suite struct BegemannMappingTests {
    let bounds = Rect(x: 0, y: 1000, width: 320, height: 568)
    let size = Size(width: 320, height: 200)

    func cell(midY: Double) -> Rect { Rect(x: 0, y: midY - size.height / 2, width: size.width, height: size.height) }

    @Test func zeroAtTheCentre() {
        #expect(BegemannParallax.offset(cellFrame: cell(midY: bounds.midY), bounds: bounds) == 0)
    }

    @Test func plus30AsTheCellLeavesAtTheTopAndMinus30AtTheBottom() {
        let reach = bounds.height / 2 + size.height / 2
        expectClose(BegemannParallax.offset(cellFrame: cell(midY: bounds.midY - reach), bounds: bounds), 30)
        expectClose(BegemannParallax.offset(cellFrame: cell(midY: bounds.midY + reach), bounds: bounds), -30)
        expectClose(BegemannParallax.offset(cellFrame: cell(midY: bounds.midY + reach / 2), bounds: bounds), -15)
    }

    @Test func clampedBeyondTheScreen() {
        #expect(BegemannParallax.offset(cellFrame: cell(midY: bounds.midY + 5000), bounds: bounds) == -30)
    }

    @Test func kurutepeIsBegemannsNegative() {
        let frame = cell(midY: bounds.midY + 123)
        #expect(KurutepeParallax.offset(cellFrame: frame, bounds: bounds) == -BegemannParallax.offset(cellFrame: frame, bounds: bounds))
        #expect(KurutepeParallax.maxParallaxOffset == 30)
    }
}

@Suite struct LethMappingTests {
    // A 800 pt view with a 64 pt top bar and a 49 pt bottom bar; cells are a 300 pt image
    // container above 60 pt of labels.
    let insets = EdgeInsets(top: 64, bottom: 49)
    let containerHeight = 300.0

    /// A cell whose container's maxY, in the view's coordinates, is `containerMaxY`.
    func ratio(containerMaxY: Double, insets: EdgeInsets, viewHeight: Double = 800) -> Double {
        let bounds = Rect(x: 0, y: 5000, width: 400, height: viewHeight)
        let cellMaxY = bounds.minY + containerMaxY + LethParallax.labelHeight
        let frame = Rect(x: 0, y: cellMaxY - containerHeight - 60, width: 400, height: containerHeight + 60)
        return LethParallax.ratio(cellFrame: frame, bounds: bounds, contentInsets: insets)
    }

    @Test func atTheTopBarTheRatioIs0AndTheImageAtItsLowest() {
        let r = ratio(containerMaxY: insets.top, insets: insets)
        expectClose(r, 0)
        #expect(LethParallax.imageTop(ratio: r) == 0)
    }

    @Test func atTheBottomBarTheRatioIs1AndTheImageAtItsHighest() {
        let r = ratio(containerMaxY: 800 + containerHeight - insets.bottom, insets: insets)
        expectClose(r, 1)
        #expect(LethParallax.imageTop(ratio: r) == -20)
    }

    @Test func centredTheRatioIsAHalfAndTheImageCentred() {
        // Leth's centre, (viewH − bottom)·0.5 + containerH·0.5, under a bottom bar only.
        let bottomOnly = EdgeInsets(bottom: 49)
        let r = ratio(containerMaxY: (800 - 49) * 0.5 + containerHeight * 0.5, insets: bottomOnly)
        expectClose(r, 0.5)
        expectClose(LethParallax.imageTop(ratio: r), -10)
    }

    @Test func clampedUnderTheBars() {
        #expect(ratio(containerMaxY: 10, insets: insets) == 0)
        #expect(ratio(containerMaxY: 1500, insets: insets) == 1)
    }

    @Test func theSharedDisplacementIsCentredOnTheImageTop() {
        let bounds = Rect(x: 0, y: 0, width: 400, height: 800)
        let frame = Rect(x: 0, y: -360 + 64 + 60, width: 400, height: 360)  // container maxY at the top bar
        let d = ParallaxMapping.leth(labelHeight: 60).displacement(cellFrame: frame, bounds: bounds, contentInsets: insets, amount: 10)
        #expect(d == Point(x: 0, y: 10), "top 0 of an image 20 taller is 10 below centred")
    }
}

@Suite struct PatelMappingTests {
    let bounds = Rect(x: 0, y: 2000, width: 375, height: 667)

    @Test func factorIs0AsTheRowLeavesTheTop() {
        let row = Rect(x: 0, y: bounds.minY - 250, width: 375, height: 250)
        #expect(PatelParallax.factor(cellFrame: row, bounds: bounds) == 0)
        #expect(PatelParallax.pixelOffset(factor: 0) == 140, "(1 − 0)·2·70")
    }

    @Test func factorIs1AsTheRowLeavesTheBottom() {
        let row = Rect(x: 0, y: bounds.maxY, width: 375, height: 250)
        #expect(PatelParallax.factor(cellFrame: row, bounds: bounds) == 1)
        #expect(PatelParallax.pixelOffset(factor: 1) == 0)
    }

    @Test func pixelOffsetIsLinearAndClamped() {
        #expect(PatelParallax.pixelOffset(factor: 0.25) == 105)
        #expect(PatelParallax.pixelOffset(factor: -3) == 140)
        #expect(PatelParallax.pixelOffset(factor: 7) == 0)
        let farBelow = Rect(x: 0, y: bounds.maxY + 900, width: 375, height: 250)
        #expect(PatelParallax.factor(cellFrame: farBelow, bounds: bounds) == 1)
    }

    @Test func sharedDisplacementRunsFromMinusToPlusTheFactor() {
        let top = Rect(x: 0, y: bounds.minY - 250, width: 375, height: 250)
        let bottom = Rect(x: 0, y: bounds.maxY, width: 375, height: 250)
        #expect(ParallaxMapping.patel.displacement(cellFrame: top, bounds: bounds, contentInsets: .zero, amount: 70) == Point(x: 0, y: -70))
        #expect(ParallaxMapping.patel.displacement(cellFrame: bottom, bounds: bounds, contentInsets: .zero, amount: 70) == Point(x: 0, y: 70))
    }
}

@Suite struct JensenMappingTests {
    let bounds = Rect(x: 3000, y: 0, width: 1024, height: 768)
    let width = 400.0

    func cell(minX: Double) -> Rect { Rect(x: minX, y: 200, width: width, height: 280) }

    @Test func positionRunsFromMinus1Through0To1() {
        #expect(JensenParallax.position(cellFrame: cell(minX: bounds.minX - width), bounds: bounds) == -1)
        #expect(JensenParallax.position(cellFrame: cell(minX: bounds.midX - width / 2), bounds: bounds) == 0)
        #expect(JensenParallax.position(cellFrame: cell(minX: bounds.maxX), bounds: bounds) == 1)
    }

    @Test func totalShiftIsThePaddingAcrossTheRange() {
        #expect(JensenParallax.totalOffset(position: -1, padding: 60) == 60)
        #expect(JensenParallax.totalOffset(position: 0, padding: 60) == 0)
        #expect(JensenParallax.totalOffset(position: 1, padding: 60) == -60)
    }

    @Test func theShiftIsDividedAmongTheLayersBehindTheFrontCover() {
        #expect(JensenParallax.layerOffsets(totalOffset: -60) == [0, -15, -30, -45, -60])
        #expect((0..<5).map { JensenParallax.alpha(ofLayer: $0) }.map { ($0 * 10).rounded() / 10 } == [1, 0.8, 0.6, 0.4, 0.2])
    }
}

/// Authors' mappings on another scene's list: what compared technique panes show.
@Suite struct MappingOnAnotherListTests {
    /// Jensen's rule down a vertical list is his rule across a horizontal one, turned: the
    /// cell's place in the viewport from −1 (entering at the top) to 1 (leaving at the bottom).
    @Test(arguments: [-300.0, -120, 0, 64.5, 250, 700])
    func jensenAlongAVerticalListIsTheHorizontalRuleTurned(offset: Double) {
        let bounds = Rect(x: 0, y: 1000, width: 400, height: 800)
        let cell = Rect(x: 10, y: bounds.midY + offset - 90, width: 380, height: 180)
        let turned = ParallaxMapping.jensen.displacement(
            cellFrame: Rect(x: cell.minY, y: cell.minX, width: cell.height, height: cell.width),
            bounds: Rect(x: bounds.minY, y: bounds.minX, width: bounds.height, height: bounds.width),
            contentInsets: .zero, amount: 30)
        let vertical = ParallaxMapping.jensen.displacement(cellFrame: cell, bounds: bounds, contentInsets: .zero, amount: 30, axis: .vertical)
        #expect(vertical == Point(x: 0, y: turned.x))
        // The default stays the album row's horizontal rule.
        #expect(ParallaxMapping.jensen.displacement(cellFrame: cell, bounds: bounds, contentInsets: .zero, amount: 30).y == 0)
    }

    /// A playground with another author's mapping keeps it through a scene change, and the
    /// settings it reports build the same playground.
    @Test func aMappingOverrideSurvivesSceneChangesAndRoundTrips() {
        let settings = PlaygroundSettings(scene: .photos, parallaxAmount: 70, mapping: .patel)
        let playground = Playground(settings, viewportSize: Size(width: 400, height: 800))
        #expect(playground.scene.mapping == .patel)
        #expect(playground.settings.mapping == .patel && playground.settings.parallaxAmount == 70)
        playground.setScene(.quilt)
        #expect(playground.scene.mapping == .patel)
        #expect(Playground(PlaygroundSettings(scene: .quilt), viewportSize: Size(width: 400, height: 800)).scene.mapping == .kurutepe)
    }

    /// Photos drawn in several panes are asked for once, at the largest size, visible first.
    @Test func mergedNeedsServeEveryPanesVisiblePhotosFirst() {
        let a = [PhotoNeed(photo: 1, size: Size(width: 100, height: 80), urgency: .visible),
                 PhotoNeed(photo: 2, size: Size(width: 100, height: 80), urgency: .ahead)]
        let b = [PhotoNeed(photo: 3, size: Size(width: 50, height: 40), urgency: .atRest),
                 PhotoNeed(photo: 1, size: Size(width: 200, height: 60), urgency: .visible),
                 PhotoNeed(photo: 4, size: Size(width: 50, height: 40), urgency: .visible)]
        let merged = PhotoDemand(limit: 3).merged([a, b])
        #expect(merged.map(\.photo) == [1, 4, 3], "visible of every pane, then rest points; capped at 3")
        #expect(merged[0].size == Size(width: 200, height: 80))
        #expect(PhotoDemand().merged([a]) == a)
    }
}
