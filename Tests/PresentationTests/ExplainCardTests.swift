import ParallaxKit
import Presentation
import RunHarness
import Testing

/// The explain card: its number is the trace's parallax for that cell, its written-out
/// arithmetic gives that number, and projecting the motion moves nothing.
@Suite struct ExplainCardTests {
    static let size = Size(width: 800, height: 600)

    /// Runs the `fling` script for `frames` frames and returns the playground and the trace
    /// rows of its last frame.
    static func flung(_ scene: SceneID, strategy: ParallaxStrategy, frames: Int) throws -> (Playground, [[String]]) {
        let playground = Playground(scene: scene, strategy: strategy, viewportSize: size)
        let run = ReplayRun(Replay(script: try Script.parse(BuiltinScript.fling.text, file: "fling")), on: playground)
        var last = ""
        for _ in 0..<frames {
            guard let report = run.next() else { break }
            last = ""
            TraceWriter.appendRows(frame: report.index, time: report.time, playground: playground, to: &last)
        }
        return (playground, last.split(separator: "\n").map { $0.split(separator: ",").map(String.init) })
    }

    @Test(arguments: SceneID.allCases, [ParallaxStrategy.scrollCallback, .layoutInvalidation, .cachedLayout])
    func theCardsNumberIsTheTracesParallax(scene: SceneID, strategy: ParallaxStrategy) throws {
        let (playground, rows) = try Self.flung(scene, strategy: strategy, frames: 40)
        let axis = playground.scene.axis
        let bounds = playground.scrollView.bounds
        var checked = 0
        for row in rows {
            // item, cell_x, cell_y, cell_w, cell_h, parallax_x, parallax_y
            let item = try #require(Int(row[5]))
            let cell = Rect(x: Double(row[6])!, y: Double(row[7])!, width: Double(row[8])!, height: Double(row[9])!)
            let traced = axis == .vertical ? Double(row[11])! : Double(row[10])!
            // The pointer at the cell's visible centre, in viewport points.
            guard let visible = cell.intersection(bounds) else { continue }
            let pointer = Point(x: visible.midX - bounds.minX, y: visible.midY - bounds.minY)
            let card = try #require(ExplainCard(playground: playground, pointer: pointer), "a card for item \(item)")
            #expect(card.item == item)
            #expect(card.value == traced, "\(scene) \(strategy) item \(item): card \(card.value), trace \(traced)")
            #expect(card.drawn == traced)
            #expect(card.computedBy.contains("this frame"))
            // The last line is the result, as written: the number to 2 decimals.
            let written = try #require(card.lines.last)
            #expect(written.hasPrefix("= " + NumberFormat.signedFixed(traced, decimals: 2) + " pt"), "\(written)")
            checked += 1
        }
        #expect(checked >= 2, "\(scene): \(checked) cells checked")
    }

    /// Below the shift, the overscan leaves part of the cell bare, and the card says how much;
    /// at the articles' rule (overscan = amount) it never does.
    @Test func theCardSaysWhenTheImageLeavesTheCellBare() throws {
        let (playground, _) = try Self.flung(.photos, strategy: .scrollCallback, frames: 30)
        let covered = playground.visibleCells.compactMap { cell -> ExplainCard? in
            let bounds = playground.scrollView.bounds
            guard let visible = cell.frame.intersection(bounds) else { return nil }
            return ExplainCard(playground: playground, pointer: Point(x: visible.midX - bounds.minX, y: visible.midY - bounds.minY))
        }
        #expect(!covered.isEmpty && covered.allSatisfy { $0.bareEdge == nil })
        let shifted = try #require(covered.first { abs($0.drawn) > 2 }, "a cell shifted by more than 2 pt")
        playground.apply(.setCellLayout(.imageOverscan, 1))
        let bounds = playground.scrollView.bounds
        let cell = try #require(playground.visibleCells.first { $0.item == shifted.item })
        let visible = try #require(cell.frame.intersection(bounds))
        let card = try #require(ExplainCard(playground: playground, pointer: Point(x: visible.midX - bounds.minX, y: visible.midY - bounds.minY)))
        let bare = try #require(card.bareEdge)
        #expect(bare.contains(NumberFormat.fixed(abs(card.drawn) - 1, decimals: 2) + " pt show no image"), "\(bare)")
        #expect(bare.contains(card.drawn > 0 ? "top" : "bottom"))
    }

    @Test func theSubstitutedBegemannArithmeticGivesTheResult() throws {
        let (playground, _) = try Self.flung(.photos, strategy: .scrollCallback, frames: 30)
        let card = try #require(ExplainCard(playground: playground, pointer: Point(x: 400, y: 300)))
        // "= (a − b) × c / (d + e)": evaluate the numbers the card wrote.
        let numbers = card.lines[1].split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
        #expect(numbers.count == 5, "\(card.lines[1])")
        let raw = (numbers[0] - numbers[1]) * numbers[2] / (numbers[3] + numbers[4])
        #expect(abs(raw - card.value) < 0.01, "\(card.lines[1]) gives \(raw), the card says \(card.value)")
    }

    @Test func theMotionsProjectionEndsAtItsRestAndMovesNothing() throws {
        let (playground, _) = try Self.flung(.photos, strategy: .cachedLayout, frames: 12)
        let offset = playground.scrollView.contentOffset
        let rest = try #require(playground.scrollView.predictedRestPosition, "still coasting after 12 frames")
        let card = try #require(ExplainCard(playground: playground, pointer: Point(x: 400, y: 300)))
        #expect(card.restOffset == rest)
        #expect(card.motion.first?.y == offset.y, "the projection starts where the list is")
        #expect(card.motion.map(\.y) == card.motion.map(\.y).sorted(), "a fling down the list only moves one way")
        #expect(abs(card.motion.last!.y - rest) < abs(offset.y - rest), "and goes toward its rest")
        #expect(playground.scrollView.contentOffset == offset, "building the card moved nothing")
    }

    @Test func noCardOutsideTheListOrBetweenCells() {
        let playground = Playground(scene: .photos, viewportSize: Self.size)
        #expect(ExplainCard(playground: playground, pointer: Point(x: -5, y: 100)) == nil)
        #expect(ExplainCard(playground: playground, pointer: Point(x: 100, y: 900)) == nil)
        let off = Playground(scene: .photos, strategy: .off, viewportSize: Self.size)
        FrameStep(off).run(at: 0)
        let card = ExplainCard(playground: off, pointer: Point(x: 400, y: 100))
        #expect(card?.computedBy == "strategy off: the image stays centred")
    }

    @Test(arguments: [
        (ScrollEngineName.chromium, "Chromium's FlingCurve (ChromeOS; Chrome with ExperimentalFlingAnimation off)", "+1193.1"),
        (.chromeDesktop, "Chromium's PhysicsBasedFlingCurve (Chrome and Edge on Windows and Linux)", "+1800.0"),
        (.android, "Android's OverScroller (Android apps: RecyclerView, Compose lists)", "+3177.6"),
        (.uikit, "UIKit's UIScrollView (iOS and iPadOS apps)", "+2497.5"),
    ])
    func aCoastingListsCardNamesItsEngineItsFormulaAndThisCoast(engine: ScrollEngineName, title: String, rest: String) throws {
        var settings = PlaygroundSettings(scene: .table, itemCount: 500)
        settings.physics.engine = engine
        let playground = Playground(settings, viewportSize: Size(width: 800, height: 600))
        playground.scroll(to: 50_000)
        let step = FrameStep(playground)
        step.run(at: 0)
        step.enqueue(.input(TimedEvent(time: 0.05, event: .fling(vx: 0, vy: 5000))))
        step.run(at: 0.1)
        let card = try #require(ExplainCard(playground: playground, pointer: Point(x: 400, y: 300)))
        let coast = try #require(card.coast, "a coasting list's card says how it coasts")
        // Named by what it is and where it ships, with its formula and the source it was read from.
        #expect(coast.hasPrefix(title + ": " + engine.formula + " (" + engine.source + ")"), "\(coast)")
        // v0 is the curve's own slope at the release: 5,000 for every engine but Android's
        // spline, whose table starts at 4,994 for a 5,000 pt/s release.
        let curve = engine.engine.fling(from: 50_000, velocity: 5000, range: playground.scrollView.offsetRange, viewportExtent: 600)
        let v0 = NumberFormat.signedFixed(curve.velocity(at: 0), decimals: 0)
        #expect(coast.contains("v0 \(v0) pt/s") && coast.contains("rests \(rest) pt"), "\(coast)")
        step.run(at: 8)
        #expect(ExplainCard(playground: playground, pointer: Point(x: 400, y: 300))?.coast == nil, "at rest it says nothing of a coast")
    }

    /// While the list moves, the card splits the cell's motion into the scroll's and the
    /// parallax's: Patel's rows move their images 140/850 of the list's speed (the motion
    /// meter's worked fling), 14 % of the two speeds together; at rest it says nothing.
    @Test func theCardSplitsTheMotionIntoTheScrollAndTheParallax() throws {
        let playground = Playground(PlaygroundSettings(scene: .table, itemCount: 500), viewportSize: Self.size)
        playground.scroll(to: 50_000)
        let run = ReplayRun(Replay(script: try Script.parse("wait 0.1\nfling 2000\nwait 4\n", file: "fling-2000")), on: playground)
        var meter = MotionMeter()
        for _ in 0..<20 {
            let report = try #require(run.next())
            meter.measure(playground, at: report.time)
        }
        let card = try #require(ExplainCard(playground: playground, pointer: Point(x: 400, y: 300), motion: meter))
        let scroll = meter.last.scrollPointsPerSecond, image = try #require(meter.imageSpeeds[card.item])
        #expect(scroll > 500)
        #expect(abs(abs(image) - scroll * 140 / 850) < 1e-6 * scroll)
        let count = { (v: Double) in NumberFormat.count(abs(v).clampedInteger()) }
        #expect(card.motionSplit == "On screen \(count(image - scroll)) pt/s: the scroll \(count(scroll)) (86 %), "
            + "the parallax \(count(image)) against its cell (14 %)", "\(card.motionSplit ?? "none")")

        while let report = run.next() { meter.measure(playground, at: report.time) }
        let resting = try #require(ExplainCard(playground: playground, pointer: Point(x: 400, y: 300), motion: meter))
        #expect(resting.motionSplit == nil, "at rest: \(resting.motionSplit ?? "")")
        #expect(ExplainCard(playground: playground, pointer: Point(x: 400, y: 300))?.motionSplit == nil)
    }
}
