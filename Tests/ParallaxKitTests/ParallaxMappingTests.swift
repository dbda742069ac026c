import ParallaxKit
import Testing

@Suite struct BegemannSeed000Tests {
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

    @Test func kurutepeSeed003IsTheNegative() {
        let frame = cell(midY: bounds.midY + 123)
        #expect(KurutepeParallax.offset(cellFrame: frame, bounds: bounds) == -BegemannParallax.offset(cellFrame: frame, bounds: bounds))
        #expect(KurutepeParallax.maxParallaxOffset == 30)
    }
}

@Suite struct LethSeed001Tests {
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
        // The seed's centre, (viewH − bottom)·0.5 + containerH·0.5, under a bottom bar only.
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

@Suite struct PatelSeed002Tests {
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

@Suite struct JensenSeed004Tests {
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
