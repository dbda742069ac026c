import Panes
import ParallaxKit
import Presentation
import Testing

/// Compared panes: what `--compare` accepts, where panes sit, and that one input drives them
/// all while each keeps what it compares.
@Suite struct CompareTests {
    let surface = Size(width: 1280, height: 800)

    @Test func comparisonsTakeTwoToFivePanesOnEveryAxis() throws {
        #expect(try Comparison(parsing: "strategy=scroll-callback,layout-invalidation,cached-layout,off").values.count == 4)
        #expect(try Comparison(parsing: "technique=begemann,leth,patel,kurutepe,jensen").axis == .technique)
        #expect(try Comparison(parsing: "parallax=0,15.5").values == ["0", "15.5"])
        #expect(try Comparison(parsing: "scene=quilt,albums").argument == "scene=quilt,albums")
        let refused: [(String, String)] = [
            ("strategy=off", "needs 2 to 5 values"),
            ("scene=photos,captions,table,quilt,albums,photos", "needs 2 to 5 values"),
            ("speed=1,2", "--compare takes AXIS="),
            ("technique=begemann,smith", "--compare technique=: technique takes one of begemann, leth, patel, kurutepe or jensen, got 'smith'"),
            ("scene=photos,moon", "--compare scene=: scene takes one of photos, captions, table, quilt or albums, got 'moon'"),
            ("parallax=10,1001", "from 0 to 1000"),
            ("parallax=10,nan", "from 0 to 1000"),
            ("strategy=off,,cached-layout", "an empty value"),
            ("strategy", "--compare takes AXIS="),
        ]
        for (argument, says) in refused {
            #expect(throws: ComparisonError.self, "\(argument)") { try Comparison(parsing: argument) }
            do {
                _ = try Comparison(parsing: argument)
            } catch {
                #expect(error.description.contains(says), "\(argument): \(error.description)")
            }
        }
    }

    @Test func panesDivideTheSurfaceInWholePoints() {
        let frames = PaneLayout.frames(count: 3, in: surface)
        #expect(frames.map(\.width) == [426, 426, 426])
        #expect(frames.map(\.minX) == [0, 426, 852])
        #expect(frames.allSatisfy { $0.height == 800 && $0.minY == 0 })
        #expect(PaneLayout.frames(count: 1, in: surface) == [Rect(x: 0, y: 0, width: 1280, height: 800)])
    }

    @Test func aTechniquePaneIsThePhotosListWithThatSeedsMappingAndAmount() throws {
        let comparison = try Comparison(parsing: "technique=kurutepe,patel,jensen")
        let base = PlaygroundSettings(scene: .quilt)
        let kurutepe = comparison.settings(ofPane: 0, base: base)
        #expect(kurutepe.scene == .photos && kurutepe.mapping == .kurutepe)
        #expect(kurutepe.parallaxAmount == Scene.make(.quilt).defaultParallaxAmount)
        #expect(comparison.settings(ofPane: 1, base: base).parallaxAmount == Scene.make(.table).defaultParallaxAmount)
        // Jensen's own amount is the covers' padding; on photos it runs at the photos amount.
        #expect(comparison.settings(ofPane: 2, base: base).parallaxAmount == Scene.make(.photos).defaultParallaxAmount)
        // One amount for all when the base sets it.
        #expect(comparison.settings(ofPane: 1, base: PlaygroundSettings(parallaxAmount: 12)).parallaxAmount == 12)
    }

    /// Begemann's and Kurutepe's panes on the same list move every image by the same amount
    /// in opposite directions: what the technique axis is for.
    @Test func kurutepesPaneMirrorsBegemannsUnderTheSameInput() throws {
        let group = PaneGroup(base: PlaygroundSettings(), comparison: try Comparison(parsing: "technique=begemann,kurutepe"), surfaceSize: surface)
        drag(group, from: Point(x: 100, y: 600), to: Point(x: 100, y: 200))
        let begemann = group.panes[0].playground.visibleCells, kurutepe = group.panes[1].playground.visibleCells
        #expect(begemann.count == kurutepe.count && !begemann.isEmpty)
        #expect(begemann.contains { abs($0.parallax.y) > 1 }, "the drag moved the images")
        for (b, k) in zip(begemann, kurutepe) {
            #expect(b.frame == k.frame)
            #expect(abs(b.parallax.y + k.parallax.y) < 1e-9, "item \(b.item): \(b.parallax.y) against \(k.parallax.y)")
        }
    }

    /// A drag in the third pane moves all three by the same offset: the press lands in the
    /// pane it is in, and each pane gets it in its own coordinates.
    @Test func aDragInAnyPaneMovesEveryPane() throws {
        let group = PaneGroup(base: PlaygroundSettings(), comparison: try Comparison(parsing: "strategy=scroll-callback,layout-invalidation,cached-layout"),
                              surfaceSize: surface)
        let third = group.paneRects[2]
        drag(group, from: Point(x: third.midX, y: 700), to: Point(x: third.midX, y: 300))
        let offsets = group.panes.map { $0.playground.scrollView.contentOffset.y }
        #expect(offsets[0] > 300, "the drag and its fling moved the list: \(offsets)")
        #expect(Set(offsets).count == 1, "\(offsets)")
        // Same offsets, same shifts: the strategies agree, as the equivalence tests require.
        let shifts = group.panes.map { $0.playground.visibleCells.map(\.parallax) }
        #expect(shifts[0] == shifts[1] && shifts[1] == shifts[2])
    }

    /// A resized window lays the panes out anew in one place: the rectangles the group draws
    /// the panes in are the ones input is routed by and captions are found in, and each
    /// pane's list takes its new size.
    @Test func aResizeMovesThePanesWhereInputAndDrawingFindThem() throws {
        let group = PaneGroup(base: PlaygroundSettings(), comparison: try Comparison(parsing: "strategy=scroll-callback,cached-layout"), surfaceSize: surface)
        let resized = Size(width: 901, height: 500)
        group.enqueue(.resize(resized))
        group.run(at: 0)
        let rects = PaneLayout.frames(count: 2, in: resized)
        #expect(group.surfaceSize == resized)
        #expect(group.paneRects == rects)
        #expect(group.panes.map(\.playground.viewportSize) == rects.map(\.size))
        #expect(group.paneIndex(at: Point(x: rects[1].minX + 1, y: 10)) == 1)
        #expect(group.captionPane(at: Point(x: rects[1].midX, y: resized.height - 1)) == 1)
        #expect(group.captionPane(at: Point(x: rects[1].midX, y: surface.height - 1)) == nil, "below the resized surface")
    }

    /// A strategy key under a strategy comparison leaves each pane its own and says so; a key
    /// the comparison does not fix (the amount) reaches every pane.
    @Test func keysReachEveryPaneButTheComparedSettingStays() throws {
        let group = PaneGroup(base: PlaygroundSettings(), comparison: try Comparison(parsing: "strategy=scroll-callback,cached-layout"), surfaceSize: surface)
        var overridden: [CompareAxis] = []
        group.didOverride = { _, axis in overridden.append(axis) }
        key(group, "2", at: 0)
        #expect(group.panes.map(\.playground.strategy) == [.scrollCallback, .cachedLayout])
        #expect(overridden == [.strategy])
        key(group, "+", at: 0.1)
        let amount = Scene.make(.photos).defaultParallaxAmount * 6 / 5
        #expect(group.panes.allSatisfy { $0.playground.parallaxAmount == amount })
        #expect(overridden == [.strategy], "+ is not compared: no override")
    }

    @Test func aClickOnACaptionStepsThatPaneToTheNextValue() throws {
        let group = PaneGroup(base: PlaygroundSettings(), comparison: try Comparison(parsing: "technique=begemann,leth"), surfaceSize: surface)
        let second = group.paneRects[1]
        #expect(group.captionPane(at: Point(x: second.midX, y: 790)) == 1)
        #expect(group.captionPane(at: Point(x: second.midX, y: 400)) == nil, "above the caption the pane scrolls")
        group.showNextValue(inPane: 1)
        #expect(group.comparison?.values == ["begemann", "patel"])
        #expect(group.panes[1].playground.scene.mapping == .patel)
    }

    @Test func aClickNeverLeavesTwoPanesOnOneValueAndKeepsTheOtherPanesHistory() throws {
        let group = PaneGroup(base: PlaygroundSettings(), comparison: try Comparison(parsing: "technique=begemann,leth"), surfaceSize: surface)
        for k in 0..<5 { _ = group.run(at: Double(k) / 60) }
        let untouched = group.panes[1]
        let history = untouched.centreShift.times
        #expect(!history.isEmpty)
        // Begemann's next is Leth, which pane 2 shows: pane 1 goes on to Patel.
        let said = group.showNextValue(inPane: 0)
        #expect(group.comparison?.values == ["patel", "leth"])
        #expect(said?.contains("pane 1") == true, "the click says what it did: \(said ?? "nothing")")
        #expect(group.panes[1] === untouched, "the other pane is the same pane")
        #expect(group.panes[1].centreShift.times == history, "its strip history is kept")
        #expect(group.panes[0].centreShift.times.isEmpty, "the changed pane's starts anew")
    }

    /// Three platforms' physics under one hand: the panes differ in physics only, one drag
    /// moves them alike, and each coasts as its own engine does from the one release.
    @Test func aPhysicsComparisonDiffersInPhysicsOnly() throws {
        var base = PlaygroundSettings(scene: .table, strategy: .cachedLayout)
        base.mapping = .patel
        let group = PaneGroup(base: base, comparison: try Comparison(parsing: "physics=uikit,android,chromium"), surfaceSize: surface)
        #expect(group.panes.map(\.playground.physics.engine) == [.uikit, .android, .chromium])
        #expect(Set(group.panes.map(\.playground.strategy)).count == 1 && Set(group.panes.map(\.playground.scene.id)).count == 1)
        #expect(Set(group.panes.map { "\($0.playground.scene.mapping)" }).count == 1, "one technique in every pane")
        group.script = try Script.parse("drag 200 700 200 600 0.1\nwait 3\n", file: "flick")
        var t = 0.0
        var whileDragging: [Double] = []
        while t < 3 {
            group.run(at: t)
            if t > 0.04 && t < 0.09 { whileDragging = group.panes.map { $0.playground.scrollView.contentOffset.y } }
            t += 1.0 / 60
        }
        #expect(Set(whileDragging).count == 1 && whileDragging[0] > 0, "under the finger every pane is at one offset: \(whileDragging)")
        let rests = group.panes.map { $0.playground.scrollView.contentOffset.y }
        #expect(Set(rests).count == 3, "each engine coasted its own way from the one release: \(rests)")
        // A key that would change the compared setting leaves each pane its own engine.
        group.enqueue(.input(TimedEvent(time: 3, event: .command(.setScrollEngine(.gtk)))))
        group.run(at: 3.02)
        #expect(group.panes.map(\.playground.physics.engine) == [.uikit, .android, .chromium])
    }

    @Test func withEveryValueShownAClickTradesWithThePaneShowingTheNext() throws {
        let all = Comparison.choices(on: .strategy, defaultAmount: 30)
        let group = PaneGroup(base: PlaygroundSettings(), comparison: try Comparison(axis: .strategy, values: all), surfaceSize: surface)
        group.showNextValue(inPane: 0)
        let values = try #require(group.comparison?.values)
        #expect(Set(values).count == all.count, "still one pane per value: \(values)")
        #expect(values[0] == all[1] && values[1] == all[0])
    }

    /// C steps off → strategies → techniques → amounts → physics → motion → off; rebuilt panes keep the list where
    /// it was and keep getting a script's events.
    @Test func theCKeyCyclesAndRebuiltPanesKeepTheListAndTheScript() throws {
        var seen: [CompareAxis?] = []
        var comparison: Comparison? = nil
        for _ in 0..<6 {
            comparison = Comparison.cycle(after: comparison, defaultAmount: 30)
            seen.append(comparison?.axis)
        }
        #expect(seen == [.strategy, .technique, .parallax, .physics, .motion, nil])
        // What the C key's toast says at each step.
        var said: [String] = []
        comparison = nil
        for _ in 0..<6 {
            comparison = Comparison.cycle(after: comparison, defaultAmount: 30)
            said.append(KeyFeedback.comparisonMessage(comparison))
        }
        #expect(said.map { $0.components(separatedBy: " side by side").first!.components(separatedBy: " under one hand").first! }
            == ["Comparing 4 strategies", "Comparing 5 techniques", "Comparing 5 amounts", "Comparing 5 platforms' physics",
                "Comparing full and reduced motion", "Compare off: one pane"])
        #expect(said[3].contains("same release speed"), "the physics comparison says every engine gets the same release")
        // The physics step: five platforms as their users feel them, Chrome by its desktop curve.
        let physics = Comparison.cycle(after: try Comparison(parsing: "parallax=0,15"), defaultAmount: 30)
        #expect(physics?.values == ["uikit", "android", "flutter-ios", "chrome-desktop", "gtk"])
        #expect(Comparison.cycle(after: nil, defaultAmount: 30)?.values.count == 4)
        #expect(Comparison.cycle(after: try Comparison(parsing: "strategy=off,cached-layout"), defaultAmount: 30)?.values.count == 5)

        let group = PaneGroup(base: PlaygroundSettings(), comparison: nil, surfaceSize: surface)
        group.script = Script(events: [
            TimedEvent(time: 0.0, event: .key(.end, [])),
            TimedEvent(time: 0.5, event: .key(.character("c"), [])),
            TimedEvent(time: 1.0, event: .key(.home, [])),
        ], duration: 1.0)
        group.onViewCommand = { [unowned group] command in
            if command == .cycleComparison { group.setComparison(Comparison.cycle(after: group.comparison, defaultAmount: 30)) }
        }
        var t = 0.0
        while t < 0.9 { group.run(at: t); t += 1.0 / 60 }
        #expect(group.panes.count == 4)
        let end = group.panes[0].playground.scrollView.contentOffset.y
        #expect(end > 1000, "End reached the end before C: \(end)")
        #expect(group.panes.allSatisfy { $0.playground.scrollView.contentOffset.y == end }, "rebuilt panes start where the list was")
        while t < 3 { group.run(at: t); t += 1.0 / 60 }
        #expect(group.panes.allSatisfy { $0.playground.scrollView.contentOffset.y == 0 }, "Home after C reached every new pane")
    }

    @Test func theCentreShiftHistoryKeepsAFewSeconds() throws {
        let group = PaneGroup(base: PlaygroundSettings(), comparison: try Comparison(parsing: "parallax=0,30"), surfaceSize: surface)
        var t = 0.0
        drag(group, from: Point(x: 100, y: 600), to: Point(x: 100, y: 200))
        while t < 10 { group.run(at: t); t += 1.0 / 60 }
        let history = group.panes[1].centreShift
        #expect(history.times.count > 100 && history.times.count <= 480)
        #expect(t - history.times[0] <= ShiftHistory.seconds + 1.0 / 60)
        #expect(group.panes[0].centreShift.shifts.allSatisfy { $0 == 0 }, "no parallax, no shift")
        var strip = DrawList()
        CompareStrip.draw(group.panes, surfaceSize: surface, into: &strip)
        let frame = CompareStrip.frame(rows: 2, surfaceSize: surface)
        #expect(frame.maxY <= surface.height - FrameComposer.captionHeight)
        #expect(strip.commands.contains { if case .text(let s, _, _, _, _) = $0 { s == "30" } else { false } }, "each row names its pane's value")
    }

    // MARK: Input

    /// A press at `from`, moves to `to` over 0.2 s and a release; then frames until 2 s.
    private func drag(_ group: PaneGroup, from: Point, to: Point) {
        let steps = 12
        group.enqueue(.input(TimedEvent(time: 0, event: .pointerDown(from))))
        group.run(at: 0)
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            group.enqueue(.input(TimedEvent(time: 0.2 * f, event: .pointerMoved(p))))
            group.run(at: 0.2 * f)
        }
        group.enqueue(.input(TimedEvent(time: 0.2, event: .pointerUp(to))))
        var t = 0.2
        while t < 2 { group.run(at: t); t += 1.0 / 60 }
    }

    private func key(_ group: PaneGroup, _ c: Character, at time: Double) {
        group.enqueue(.input(TimedEvent(time: time, event: .key(.character(c), []))))
        group.run(at: time)
    }
}

/// What a physics comparison's strip row says: coasting, where the last coast rested, or at rest.
@Suite struct CoastFiguresTests {
    @Test func aRowSaysCoastingThenWhereAndWhenTheCoastRested() {
        let coast = Pane.Coast(distance: 3177.6, seconds: 1.816)
        #expect(CompareStrip.coastFigures(coast, coasting: true) == "coasting…", "a coasting list has no rest yet")
        #expect(CompareStrip.coastFigures(coast, coasting: false) == "+3178 pt · 1.82 s")
        #expect(CompareStrip.coastFigures(nil, coasting: false) == "at rest")
    }
}

/// The window draws the help once, over everything on its surface (the tuning panel and its
/// explain card included), not into its panes; `shot` keeps drawing it into its one pane.
@Suite struct HelpOverEverythingTests {
    static let surface = Size(width: 1280, height: 800)
    static let title = "Parallax Playground — keys"

    private func texts(_ list: DrawList) -> [String] {
        list.commands.compactMap { if case .text(let s, _, _, _, _) = $0 { return s } else { return nil } }
    }

    @Test func theWindowsHelpIsTheSurfacesAndAShotsIsThePanes() {
        for overEverything in [true, false] {
            let group = PaneGroup(single: Playground(scene: .photos, viewportSize: Self.surface), surfaceSize: Self.surface,
                                  decorations: FrameDecorations(overlay: .badge, help: true, helpOverEverything: overEverything))
            _ = group.run(at: 0)
            let inPane = texts(group.panes[0].step.drawList).contains(Self.title)
            let over = texts(group.composeHelpOverEverything()).contains(Self.title)
            #expect(inPane == !overEverything && over == overEverything, "over everything: \(overEverything)")
            #expect(!texts(group.composeOverPanes(showsStrip: false)).contains(Self.title), "a single pane has nothing over it")
        }
    }
}

/// A physics comparison's strip says why the engines differ and draws every curve visibly.
@Suite struct PhysicsStripTests {
    let surface = Size(width: 1280, height: 800)

    /// The panes of `engines` after one fling of 5,000 pt/s and 0.5 s of coasting.
    func strip(_ engines: [ScrollEngineName]) throws -> DrawList {
        let group = PaneGroup(base: PlaygroundSettings(), comparison: try Comparison(axis: .physics, values: engines.map(\.rawValue)),
                              surfaceSize: surface)
        group.enqueue(.input(TimedEvent(time: 0.1, event: .fling(vx: 0, vy: 5000))))
        var t = 0.0
        while t < 0.6 { group.run(at: t); t += 1.0 / 60 }
        var list = DrawList()
        CompareStrip.draw(group.panes, surfaceSize: surface, offsets: true, into: &list)
        return list
    }

    @Test func eachRowNamesItsEngineAndItsRule() throws {
        let list = try strip([.uikit, .flutterIOS, .chromeDesktop, .chromium, .gtk])
        let texts = list.commands.compactMap { if case .text(let s, _, _, _, _) = $0 { s } else { nil } }
        #expect(texts.contains("Chrome desktop: a 2 s Bézier, capped at 3 viewports"))
        #expect(texts.contains("ChromeOS (FlingCurve): an exponential, at most 1.3 s"))
        #expect(texts.contains("GTK: friction 4; stops at a step under 1 px"))
        for engine in ScrollEngineName.allCases { #expect(!engine.rule.isEmpty && !engine.shipsIn.isEmpty) }
    }

    @Test func theBackingIsOpaqueAndEveryEngineHasItsOwnColour() throws {
        let list = try strip([.uikit, .flutterIOS])
        guard case .fill(_, let band) = try #require(list.commands.first) else { Issue.record("the strip starts with its band"); return }
        #expect(band.a == 255, "the photos do not show through")
        let colours = ScrollEngineName.allCases.map { CompareStrip.physicsColor($0) }
        #expect(Set(colours.map { "\($0.r),\($0.g),\($0.b)" }).count == colours.count, "seven engines, seven colours")
    }

    @Test func uikitsCurveIsDrawnWideUnderFluttersIOSCurve() throws {
        // The two curves nearly coincide: UIKit's lies underneath, three lines wide, Flutter's
        // on top, one line wide, so both show.
        let list = try strip([.flutterIOS, .uikit])
        let uikit = CompareStrip.physicsColor(.uikit), flutter = CompareStrip.physicsColor(.flutterIOS)
        let lines = list.commands.enumerated().compactMap { k, command -> (Int, Color)? in
            if case .line(_, _, let color) = command, color == uikit || color == flutter { (k, color) } else { nil }
        }
        let uikitLines = lines.filter { $0.1 == uikit }, flutterLines = lines.filter { $0.1 == flutter }
        #expect(!flutterLines.isEmpty && uikitLines.count == 3 * flutterLines.count)
        #expect((uikitLines.map(\.0).max() ?? 0) < (flutterLines.map(\.0).min() ?? 0), "UIKit's first, Flutter's on top")
    }
}

/// Full beside reduced motion: each pane's caption says how fast its images moved against
/// their cells at most, the motion meter's figure, and with the reduced amount at 0 the
/// reduced pane's images never moved.
@Suite struct MotionComparisonCaptionTests {
    @Test func eachPanesCaptionSaysHowFastItsImagesMoved() throws {
        let group = PaneGroup(base: PlaygroundSettings(scene: .table, itemCount: 500),
                              comparison: try Comparison(parsing: "motion=full,reduced"), surfaceSize: Size(width: 1280, height: 800))
        group.enqueue(.input(TimedEvent(time: 0.1, event: .fling(vx: 0, vy: 2000))))
        var t = 0.0
        while t < 0.5 { group.run(at: t); t += 1.0 / 60 }
        let full = group.panes[0], reduced = group.panes[1]
        #expect(full.motion.peakPointsPerSecond > 100 && reduced.motion.peakPointsPerSecond == 0)
        let captions = group.panes.map { $0.composer.decorations.caption ?? "" }
        #expect(captions[0].contains("images " + NumberFormat.compact(full.motion.peakPointsPerSecond) + " pt/s at most"), "\(captions[0])")
        #expect(captions[1].contains("images 0.0 pt/s at most"), "\(captions[1])")
    }
}
