import ParallaxKit
import Testing

private func at(_ time: Double, _ event: InputEvent) -> TimedEvent { TimedEvent(time: time, event: event) }

private final class ScrollCounter: ScrollViewObserver {
    var count = 0
    func scrollViewDidScroll(_ scrollView: ScrollView) { count += 1 }
}

@Suite struct ScrollViewTests {
    @Test func dragMovesContentWithThePointer() {
        let sv = makeScrollView()
        sv.setPosition(1000)
        sv.handle(at(0, .pointerDown(Point(x: 500, y: 600))))
        sv.handle(at(0.05, .pointerMoved(Point(x: 500, y: 450))))
        #expect(sv.position == 1150)
        #expect(sv.phase == .dragging)
    }

    @Test func dragPastTheTopShowsTheRubberBandExactly() {
        let sv = makeScrollView()
        sv.handle(at(0, .pointerDown(Point(x: 500, y: 100))))
        sv.handle(at(0.1, .pointerMoved(Point(x: 500, y: 400))))
        #expect(sv.position == -RubberBand(dimension: 800).shown(overshoot: 300))
    }

    @Test func withoutBouncesTheEdgeHoldsFirm() {
        let sv = makeScrollView(bounces: false)
        sv.handle(at(0, .pointerDown(Point(x: 500, y: 100))))
        sv.handle(at(0.1, .pointerMoved(Point(x: 500, y: 400))))
        #expect(sv.position == 0)
    }

    @Test func releaseAfterAFlingFollowsTheDecelerationCurve() {
        let sv = makeScrollView()
        sv.setPosition(2000)
        // Pointer moves up at 1500 pt/s: the offset grows at 1500 pt/s.
        sv.handle(at(0, .pointerDown(Point(x: 0, y: 700))))
        for i in 1...6 { sv.handle(at(Double(i) * 0.01, .pointerMoved(Point(x: 0, y: 700 - 15 * Double(i))))) }
        sv.handle(at(0.06, .pointerUp(Point(x: 0, y: 610))))
        #expect(sv.phase == .decelerating)
        let sim = DecelerationSimulation(start: 2090, initialVelocity: 1500, rate: .normal)
        for k in 1...60 {
            let t = 0.06 + Double(k) / 60
            sv.tick(at: t)
            expectClose(sv.position, sim.position(at: t - 0.06), tolerance: 1e-6, "frame \(k)")
        }
        runToRest(sv, from: 1.06)
        expectClose(sv.position, sim.restPosition, tolerance: 1e-9)
        #expect(sv.phase == .idle)
    }

    @Test func releasedPastAnEdgeItSpringsBack() {
        let sv = makeScrollView()
        sv.handle(at(0, .pointerDown(Point(x: 0, y: 100))))
        sv.handle(at(0.1, .pointerMoved(Point(x: 0, y: 400))))
        sv.handle(at(0.5, .pointerUp(Point(x: 0, y: 400))))
        #expect(sv.phase == .bouncing)
        sv.tick(at: 0.55)
        #expect(sv.position < 0 && sv.position > -RubberBand(dimension: 800).shown(overshoot: 300))
        runToRest(sv, from: 0.55)
        #expect(sv.position == 0)
        #expect(sv.phase == .idle)
    }

    @Test func aFlingThatCrossesTheEdgeHandsItsVelocityToTheSpring() {
        let sv = makeScrollView()
        sv.setPosition(8800)  // 400 pt before the end (9200).
        sv.handle(at(0, .pointerDown(Point(x: 0, y: 700))))
        for i in 1...5 { sv.handle(at(Double(i) * 0.01, .pointerMoved(Point(x: 0, y: 700 - 30 * Double(i))))) }
        sv.handle(at(0.05, .pointerUp(Point(x: 0, y: 550))))
        let sim = DecelerationSimulation(start: 8950, initialVelocity: 3000)
        let crossing = sim.time(toReach: 9200)!
        // Just before the crossing: still coasting. Just after: bouncing, same speed.
        sv.tick(at: 0.05 + crossing - 0.001)
        #expect(sv.phase == .decelerating)
        let before = sv.velocity
        sv.tick(at: 0.05 + crossing + 0.001)
        #expect(sv.phase == .bouncing)
        #expect(sv.position > 9200, "the spring carries the content past the edge")
        expectClose(sv.velocity, before, tolerance: abs(before) * 0.05)
        runToRest(sv, from: 0.05 + crossing)
        #expect(sv.position == 9200)
    }

    @Test func aFlingOverTheEdgeFollowsTheComposedSimulation() {
        let sv = makeScrollView()
        sv.setPosition(8800)
        sv.handle(at(0, .pointerDown(Point(x: 0, y: 700))))
        for i in 1...5 { sv.handle(at(Double(i) * 0.01, .pointerMoved(Point(x: 0, y: 700 - 30 * Double(i))))) }
        sv.handle(at(0.05, .pointerUp(Point(x: 0, y: 550))))
        // Released at 8950 at 3000 pt/s: the coast, then from the edge at 9200 the bounce.
        let fling = BouncingFlingSimulation(
            start: 8950, velocity: 3000, rate: .normal, range: 0...9200, band: RubberBand(dimension: 800))
        for k in 1...45 {
            let t = 0.05 + Double(k) / 60
            sv.tick(at: t)
            #expect(sv.phase == (fling.isBouncing(at: t - 0.05) ? .bouncing : .decelerating), "frame \(k)")
            expectClose(sv.position, fling.position(at: t - 0.05), tolerance: 1e-6, "frame \(k)")
            expectClose(sv.velocity, fling.velocity(at: t - 0.05), tolerance: 1e-5, "frame \(k)")
        }
    }

    @Test func wheelNotchesAccumulateIntoOneTarget() {
        let sv = makeScrollView()
        sv.setPosition(1000)
        sv.handle(at(0, .wheel(WheelDelta(dy: -1))))
        sv.handle(at(0.05, .wheel(WheelDelta(dy: -1))))
        sv.handle(at(0.08, .wheel(WheelDelta(dy: -1))))
        #expect(sv.phase == .animating)
        sv.tick(at: 0.1)
        #expect(sv.position > 1000 && sv.position < 1120)
        runToRest(sv, from: 0.1)
        #expect(sv.position == 1000 + 3 * ScrollCommand.lineLength)
    }

    @Test func flippedWheelScrollsTheOtherWay() {
        let sv = makeScrollView()
        sv.setPosition(1000)
        sv.handle(at(0, .wheel(WheelDelta(dy: -2, isFlipped: true))))
        runToRest(sv, from: 0)
        #expect(sv.position == 920)
    }

    @Test func touchpadDeltasMoveDirectlyThenCoast() {
        let sv = makeScrollView()
        sv.setPosition(1000)
        sv.handle(at(0, .wheel(WheelDelta(dy: -0.5, isPrecise: true))))
        #expect(sv.position == 1020, "half a notch is 20 pt, applied at once")
        #expect(sv.phase == .dragging)
        for i in 1...5 { sv.handle(at(Double(i) * 0.016, .wheel(WheelDelta(dy: -0.5, isPrecise: true)))) }
        #expect(sv.position == 1120)
        sv.tick(at: 0.08 + ScrollView.touchpadReleaseGap / 2)
        #expect(sv.phase == .dragging, "a short gap is still the same gesture")
        sv.tick(at: 0.08 + ScrollView.touchpadReleaseGap + 0.001)
        #expect(sv.phase == .decelerating)
        runToRest(sv, from: 0.2)
        #expect(sv.position > 1120, "it coasted on")
    }

    @Test func horizontalListsFollowAVerticalWheelAndHorizontalDrags() {
        let sv = makeScrollView(axis: .horizontal)
        sv.handle(at(0, .wheel(WheelDelta(dy: -1))))
        runToRest(sv, from: 0)
        #expect(sv.position == 40)
        sv.handle(at(5, .pointerDown(Point(x: 600, y: 100))))
        sv.handle(at(5.1, .pointerMoved(Point(x: 500, y: 700))))
        #expect(sv.position == 140)
    }

    struct KeyCase: Sendable, CustomStringConvertible {
        var key: Key
        var modifiers: KeyModifiers = []
        var expected: Double
        var description: String { "\(key) \(modifiers.rawValue) → \(expected)" }
    }

    @Test(arguments: [
        KeyCase(key: .down, expected: 1040), KeyCase(key: .up, expected: 960),
        KeyCase(key: .pageDown, expected: 1700), KeyCase(key: .pageUp, expected: 300),
        KeyCase(key: .space, expected: 1700), KeyCase(key: .space, modifiers: .shift, expected: 300),
        KeyCase(key: .home, expected: 0), KeyCase(key: .end, expected: 9200),
    ])
    func keysScrollByLinePageOrToTheEnds(_ c: KeyCase) {
        let sv = makeScrollView()
        sv.setPosition(1000)
        sv.handle(at(0, .key(c.key, c.modifiers)))
        #expect(sv.phase == .animating)
        runToRest(sv, from: 0)
        #expect(sv.position == c.expected)
    }

    @Test func topInsetsMoveTheRestingRange() {
        let sv = makeScrollView(insets: EdgeInsets(top: 64, bottom: 49))
        #expect(sv.offsetRange == -64...9249)
        #expect(sv.position == -64)
        #expect(sv.contentOffset == Point(x: 0, y: -64))
    }

    @Test func observersHearOncePerFrameOnlyWhenTheOffsetChanged() {
        let sv = makeScrollView()
        let counter = ScrollCounter()
        sv.addObserver(counter)
        sv.tick(at: 0)
        #expect(counter.count == 0)
        sv.handle(at(0, .pointerDown(Point(x: 0, y: 500))))
        sv.handle(at(0.01, .pointerMoved(Point(x: 0, y: 490))))
        sv.handle(at(0.02, .pointerMoved(Point(x: 0, y: 480))))
        sv.tick(at: 0.02)
        #expect(counter.count == 1, "two moves in one frame make one notification")
        sv.tick(at: 0.03)
        #expect(counter.count == 1, "nothing moved")
    }

    @Test func grabbingABouncingListDoesNotJump() {
        let sv = makeScrollView()
        sv.handle(at(0, .pointerDown(Point(x: 0, y: 100))))
        sv.handle(at(0.1, .pointerMoved(Point(x: 0, y: 500))))
        sv.handle(at(0.5, .pointerUp(Point(x: 0, y: 500))))
        sv.tick(at: 0.6)
        let shown = sv.position
        sv.handle(at(0.6, .pointerDown(Point(x: 0, y: 300))))
        sv.handle(at(0.61, .pointerMoved(Point(x: 0, y: 300))))
        expectClose(sv.position, shown, tolerance: 1e-9)
    }

    @Test func autoScrollDriftsUntilTheUserDrags() {
        let sv = makeScrollView(axis: .horizontal)
        sv.startAutoScroll(speed: 20, time: 0)
        sv.tick(at: 1)
        #expect(sv.position == 20)
        #expect(sv.isAutoScrolling)
        sv.handle(at(1, .pointerDown(Point(x: 500, y: 0))))
        #expect(!sv.isAutoScrolling)
    }

    @Test func contentShrinkingMidAnimationEndsInsideTheNewRange() {
        let sv = makeScrollView()
        sv.handle(at(0, .key(.end, [])))
        sv.tick(at: 0.05)
        sv.setContentSize(Size(width: 1280, height: 2000))
        runToRest(sv, from: 0.05)
        #expect(sv.position == 1200, "the animation retargets to the new end")
    }

    @Test func contentShrinkingMidBounceSpringsToTheNewEdge() {
        let sv = makeScrollView()
        sv.setPosition(9200)
        sv.handle(at(0, .pointerDown(Point(x: 0, y: 600))))
        sv.handle(at(0.1, .pointerMoved(Point(x: 0, y: 300))))
        sv.handle(at(0.5, .pointerUp(Point(x: 0, y: 300))))
        #expect(sv.phase == .bouncing)
        sv.setContentSize(Size(width: 1280, height: 3000))
        runToRest(sv, from: 0.5)
        #expect(sv.position == 2200)
    }

    @Test func aTouchpadCoastIsTheSameAtAnyFrameRate() {
        func positions(fps: Double) -> [Double] {
            let sv = makeScrollView()
            sv.setPosition(1000)
            for i in 0..<6 { sv.handle(at(Double(i) * 0.016, .wheel(WheelDelta(dy: -0.6, isPrecise: true)))) }
            var samples: [Double] = []
            var k = 0
            while Double(k) / fps <= 1.2 {
                let t = Double(k) / fps
                sv.tick(at: t)
                if k % Int(fps / 10) == 0 { samples.append(sv.position) }
                k += 1
            }
            return samples
        }
        let at60 = positions(fps: 60), at120 = positions(fps: 120), at240 = positions(fps: 240)
        #expect(at60.count == at240.count)
        for (a, (b, c)) in zip(at60, zip(at120, at240)) {
            expectClose(a, b, tolerance: 1e-9)
            expectClose(a, c, tolerance: 1e-9)
        }
        #expect(at60.last! > 1000 + 6 * 24, "it coasted past the last delta")
    }

    @Test func aTouchpadDeltaDuringABounceDoesNotSnap() {
        let sv = makeScrollView()
        sv.handle(at(0, .pointerDown(Point(x: 0, y: 100))))
        sv.handle(at(0.1, .pointerMoved(Point(x: 0, y: 400))))
        sv.handle(at(0.5, .pointerUp(Point(x: 0, y: 400))))
        sv.tick(at: 0.53)
        let before = sv.position
        #expect(before < -50)
        sv.handle(at(0.53, .wheel(WheelDelta(dy: -0.1, isPrecise: true))))
        expectClose(sv.position, before + 4, tolerance: 1e-6)
        sv.handle(at(0.54, .wheel(WheelDelta(dy: 0.5, isPrecise: true))))
        #expect(sv.position >= before, "never further past the edge")
        runToRest(sv, from: 0.54)
        #expect(sv.position == 0)
    }

    @Test func aPointerThatRestsBeforeReleaseDoesNotFling() {
        let sv = makeScrollView()
        sv.setPosition(1000)
        sv.handle(at(0, .pointerDown(Point(x: 0, y: 700))))
        for i in 1...5 { sv.handle(at(Double(i) * 0.01, .pointerMoved(Point(x: 0, y: 700 - 30 * Double(i))))) }
        sv.handle(at(0.05 + 0.15, .pointerUp(Point(x: 0, y: 550))))
        #expect(sv.phase == .idle)
        #expect(sv.position == 1150)
    }
}
