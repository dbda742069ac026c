import ParallaxKit
import Testing

private func at(_ time: Double, _ event: InputEvent) -> TimedEvent { TimedEvent(time: time, event: event) }

/// Throws the content towards the end: the pointer moves up `step` pt every 10 ms, five times,
/// and lets go at 0.05 s (the offset grows at step·100 pt/s).
private func fling(_ sv: ScrollView, step: Double) {
    sv.handle(at(0, .pointerDown(Point(x: 0, y: 700))))
    for i in 1...5 { sv.handle(at(Double(i) * 0.01, .pointerMoved(Point(x: 0, y: 700 - step * Double(i))))) }
    sv.handle(at(0.05, .pointerUp(Point(x: 0, y: 700 - 5 * step))))
}

/// `ScrollView.predictedRestPosition`: where the current motion stops, known when it starts.
@Suite struct ScrollViewPredictionTests {
    @Test func aFlingPredictsItsRestPointAndStopsExactlyThere() {
        let sv = makeScrollView()
        sv.setPosition(2000)
        fling(sv, step: 15)
        #expect(sv.phase == .decelerating)
        // Released at 2075 at 1500 pt/s: 2075 + 1500/2.0020027 = 2824.249750.
        let predicted = sv.predictedRestPosition
        expectClose(predicted ?? .nan, 2824.249750, tolerance: 1e-6)
        sv.tick(at: 0.5)
        #expect(sv.predictedRestPosition == predicted, "the prediction holds all the way")
        runToRest(sv, from: 0.5)
        #expect(sv.position == predicted)
        #expect(sv.predictedRestPosition == nil, "at rest nothing is predicted")
    }

    @Test(arguments: [true, false])
    func aFlingOverTheEndRestsOnTheEnd(bounces: Bool) {
        let sv = makeScrollView(bounces: bounces)
        sv.setPosition(8800)
        fling(sv, step: 30)
        // Released at 8950 at 3000 pt/s: the coast alone would rest at 10448.50, past 9200.
        #expect(sv.predictedRestPosition == 9200)
        sv.tick(at: 0.2)
        #expect(sv.phase == (bounces ? .bouncing : .idle))
        #expect(sv.predictedRestPosition == (bounces ? 9200 : nil))
        runToRest(sv, from: 0.2)
        #expect(sv.position == 9200)
    }

    @Test func aBounceRestsOnTheEdge() {
        let sv = makeScrollView()
        sv.handle(at(0, .pointerDown(Point(x: 0, y: 100))))
        sv.handle(at(0.1, .pointerMoved(Point(x: 0, y: 400))))
        #expect(sv.predictedRestPosition == nil, "a finger holds it")
        sv.handle(at(0.5, .pointerUp(Point(x: 0, y: 400))))
        #expect(sv.phase == .bouncing)
        #expect(sv.predictedRestPosition == 0)
    }

    @Test func wheelNotchesPredictTheirAccumulatedTarget() {
        let sv = makeScrollView()
        sv.setPosition(1000)
        sv.handle(at(0, .wheel(WheelDelta(dy: -1))))
        #expect(sv.predictedRestPosition == 1040)
        sv.handle(at(0.05, .wheel(WheelDelta(dy: -1))))
        #expect(sv.predictedRestPosition == 1080)
    }

    @Test(arguments: [(Key.pageDown, 1700.0), (.end, 9200), (.home, 0)])
    func keysPredictTheirTarget(key: Key, target: Double) {
        let sv = makeScrollView()
        sv.setPosition(1000)
        sv.handle(at(0, .key(key, [])))
        #expect(sv.predictedRestPosition == target)
    }

    @Test func aTouchpadGesturePredictsNothingUntilItCoasts() {
        let sv = makeScrollView()
        sv.setPosition(1000)
        for i in 0..<6 { sv.handle(at(Double(i) * 0.016, .wheel(WheelDelta(dy: -0.6, isPrecise: true)))) }
        #expect(sv.phase == .dragging)
        #expect(sv.predictedRestPosition == nil)
        sv.tick(at: 0.2)
        #expect(sv.phase == .decelerating)
        let predicted = sv.predictedRestPosition
        #expect((predicted ?? 0) > sv.position)
        runToRest(sv, from: 0.2)
        #expect(sv.position == predicted)
    }

    @Test func anAutoScrollRestsAtTheEnd() {
        // 10,000 pt wide content in a 1280 pt viewport ends at 8720.
        let sv = makeScrollView(axis: .horizontal)
        sv.startAutoScroll(speed: 20, time: 0)
        #expect(sv.predictedRestPosition == 8720)
    }
}
