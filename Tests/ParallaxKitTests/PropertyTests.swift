import ParallaxKit
import PropertyBased
import RunHarness
import Testing

/// One random user action: its kind, an amount and the pause after it.
private struct Action: Sendable, CustomStringConvertible {
    var kind: Int
    var amount: Double
    var pause: Double
    var description: String { "(\(kind), \(amount), \(pause))" }
}

private let actionGen = zip(Gen.int(in: 0...9), Gen.double(in: -3000...3000), Gen.double(in: 0...0.4))
    .map { Action(kind: $0, amount: $1, pause: $2) }

/// Turns random actions into timed input: drags (with several moves), wheel notches, touchpad
/// fractions, flipped wheels and keys.
private func events(for actions: [Action]) -> [TimedEvent] {
    var t = 0.0
    var out: [TimedEvent] = []
    var pressed = false
    for a in actions {
        switch a.kind {
        case 0:
            if !pressed { out.append(TimedEvent(time: t, event: .pointerDown(Point(x: 400, y: 400)))) }
            pressed = true
        case 1, 2:
            if pressed {
                // A few moves in the action's direction, 8 ms apart.
                for i in 1...4 {
                    let p = 400 + a.amount * Double(i) / 4
                    out.append(TimedEvent(time: t + Double(i) * 0.008, event: .pointerMoved(Point(x: p, y: p))))
                }
                t += 0.032
            }
        case 3:
            if pressed { out.append(TimedEvent(time: t, event: .pointerUp(Point(x: 0, y: 0)))) }
            pressed = false
        case 4:
            out.append(TimedEvent(time: t, event: .wheel(WheelDelta(dy: (a.amount / 500).rounded()))))
        case 5:
            out.append(TimedEvent(time: t, event: .wheel(WheelDelta(dy: a.amount / 1000, isPrecise: true))))
        case 6:
            out.append(TimedEvent(time: t, event: .wheel(WheelDelta(dx: (a.amount / 700).rounded(), isFlipped: true))))
        case 7:
            let keys: [Key] = [.down, .up, .pageDown, .pageUp, .home, .end, .space, .left, .right]
            out.append(TimedEvent(time: t, event: .key(keys[Int(abs(a.amount)) % keys.count], a.amount < 0 ? .shift : [])))
        default:
            break
        }
        t += a.pause
    }
    if pressed { out.append(TimedEvent(time: t, event: .pointerUp(Point(x: 0, y: 0)))) }
    return out
}

/// Plays `events` at 60 fps while checking every frame, then lets the motion settle.
private func checkInvariants(scene: SceneID, items: Int, viewport: Size, events: [TimedEvent], strategy: ParallaxStrategy = .scrollCallback) {
    let pg = Playground(scene: scene, strategy: strategy, itemCount: items, viewportSize: viewport)
    let sv = pg.scrollView
    // The replay's end rule, with 15 s to settle after the last input.
    let run = ReplayRun(Replay(script: Script(events: events, duration: events.last?.time ?? 0), framesPerSecond: 60, settleLimit: 15), on: pg)
    while let frame = run.next() {
        let k = frame.index
        let range = sv.offsetRange
        let extent = viewport[scene == .albums ? .horizontal : .vertical]
        #expect(sv.position.isFinite, "offset is not a number at frame \(k)")
        #expect(
            sv.position > range.lowerBound - extent && sv.position < range.upperBound + extent,
            "offset \(sv.position) left the rubber-band range around \(range) at frame \(k)")
        for cell in pg.visibleCells {
            #expect(cell.parallax.x.isFinite && cell.parallax.y.isFinite && cell.frame.minY.isFinite)
            #expect(abs(cell.parallax.x) <= pg.parallaxAmount && abs(cell.parallax.y) <= pg.parallaxAmount, "shift \(cell.parallax) beyond ±\(pg.parallaxAmount)")
        }
    }
    // The album row drifts on its own until someone scrolls it (Jensen's); that is no failure to rest.
    if sv.isAutoScrolling && !pg.userHasInteracted { return }
    #expect(sv.phase == .idle, "still \(sv.phase) 15 s after the last input")
    #expect(sv.offsetRange.contains(sv.position), "came to rest at \(sv.position), outside \(sv.offsetRange)")
}

@Suite struct ScrollPropertyTests {
    @Test func randomInputStaysInRangeAndComesToRest() async {
        await propertyCheck(
            count: 60,
            input: Gen.element(of: SceneID.allCases), Gen.int(in: 0...80), actionGen.array(of: 1...30)
        ) { scene, items, actions in
            checkInvariants(scene: scene!, items: items, viewport: Size(width: 1280, height: 800), events: events(for: actions))
        }
    }

    @Test func tinyViewportsAndEmptyContent() async {
        await propertyCheck(
            count: 60,
            input: Gen.element(of: SceneID.allCases), Gen.int(in: 0...3), Gen.double(in: 1...40), Gen.double(in: 1...40),
            actionGen.array(of: 1...20)
        ) { scene, items, w, h, actions in
            checkInvariants(scene: scene!, items: items, viewport: Size(width: w, height: h), events: events(for: actions))
        }
    }

    @Test func everyStrategyKeepsItsInvariants() async {
        await propertyCheck(
            count: 20,
            input: Gen.element(of: SceneID.allCases), Gen.element(of: ParallaxStrategy.allCases), actionGen.array(of: 1...20)
        ) { scene, strategy, actions in
            checkInvariants(scene: scene!, items: 200, viewport: Size(width: 900, height: 700), events: events(for: actions), strategy: strategy!)
        }
    }
}

/// A strategy switch at a given frame, and, when `resizes`, a resize at the same frame.
private struct Disturbance: Sendable, CustomStringConvertible {
    var frame: Int
    var resizes: Bool
    var size: Size
    var strategy: ParallaxStrategy
    var description: String { "frame \(frame): \(strategy.name)" + (resizes ? ", \(size.width)×\(size.height)" : "") }
}

private let disturbanceGen = zip(
    Gen.int(in: 0...240), Gen.bool, Gen.double(in: 120...1600), Gen.double(in: 120...1200),
    Gen.element(of: [ParallaxStrategy.scrollCallback, .layoutInvalidation, .cachedLayout])
).map { Disturbance(frame: $0, resizes: $1, size: Size(width: $2, height: $3), strategy: $4!) }

/// Every visible cell of every frame of `events` played at 60 fps for `frames` frames, with
/// the viewport resized at the disturbances' frames, and, when `switching`, the strategy
/// switched there too (otherwise it stays `strategy`).
private func cellHistory(
    scene: SceneID, items: Int, events: [TimedEvent], frames: Int, disturbances: [Disturbance],
    strategy: ParallaxStrategy, switching: Bool
) -> [[CellSnapshot]] {
    let pg = Playground(scene: scene, strategy: strategy, itemCount: items, viewportSize: Size(width: 900, height: 700))
    let session = FrameSession(pg, script: Script(events: events, duration: events.last?.time ?? 0))
    var history: [[CellSnapshot]] = []
    for k in 0..<frames {
        for d in disturbances where d.frame == k {
            if d.resizes { session.enqueue(.resize(d.size)) }
            if switching { pg.setStrategy(d.strategy) }
        }
        session.run(at: Double(k) / 60)
        history.append(pg.visibleCells.map { CellSnapshot(item: $0.item, frame: $0.frame, parallax: $0.parallax) })
    }
    return history
}

@Suite struct StrategyEquivalenceProperties {
    /// The product's claim under anything a person can do: random drags, flings, wheels and
    /// keys, resizes at random frames, and strategies switched in the middle of the motion.
    @Test func everyStrategyPlacesEveryCellAlikeUnderRandomInputResizesAndSwitches() async {
        await propertyCheck(
            count: 25,
            input: Gen.element(of: SceneID.allCases), Gen.int(in: 1...300), actionGen.array(of: 1...20),
            disturbanceGen.array(of: 0...8)
        ) { scene, items, actions, disturbances in
            let input = events(for: actions)
            let frames = Int(((input.last?.time ?? 0) + 2) * 60)
            let reference = cellHistory(
                scene: scene!, items: items, events: input, frames: frames, disturbances: disturbances,
                strategy: .scrollCallback, switching: false)
            // The comparison below compares cells: some frame of the reference shows one.
            #expect(reference.contains { !$0.isEmpty }, "no frame of the reference showed a cell")
            let others: [(String, [[CellSnapshot]])] = [
                ("layout invalidation", cellHistory(scene: scene!, items: items, events: input, frames: frames, disturbances: disturbances, strategy: .layoutInvalidation, switching: false)),
                ("cached layout", cellHistory(scene: scene!, items: items, events: input, frames: frames, disturbances: disturbances, strategy: .cachedLayout, switching: false)),
                ("switching", cellHistory(scene: scene!, items: items, events: input, frames: frames, disturbances: disturbances, strategy: .cachedLayout, switching: true)),
            ]
            for (name, history) in others {
                for (k, (a, b)) in zip(reference, history).enumerated() where a != b {
                    Issue.record("frame \(k): \(name) differs from the scroll callback\n  \(b)\n  \(a)")
                    break
                }
            }
        }
    }
}
