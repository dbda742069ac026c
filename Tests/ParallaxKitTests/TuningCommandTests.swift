import ParallaxKit
import Testing

/// The tuning panel's commands: a script's `set` lines, and what they do to a playground
/// through the frame step, as a key's command does.
@Suite struct TuningCommandTests {
    @Test func setLinesBecomeCommandsInTimeOrder() throws {
        let script = try Script.parse(
            """
            set parallax 45
            wait 0.5
            set items 1000
            set scene table
            set strategy cached-layout
            set reduce-motion on
            set reset defaults
            """, file: "t")
        #expect(script.events.map(\.event) == [
            .command(.setParallax(45)), .command(.setItemCount(1000)), .command(.scene(.table)),
            .command(.strategy(.cachedLayout)), .command(.setReduceMotion(true)), .command(.resetToDefaults),
        ])
        #expect(script.events.map(\.time) == [0, 0.5, 0.5, 0.5, 0.5, 0.5])
    }

    @Test(arguments: [
        ("set parallax", "takes a setting and a value"),
        ("set parallax 1001", "parallax takes a number from 0 to 1000 points, got"),
        ("set parallax nan", "parallax takes a number from 0 to 1000 points, got"),
        ("set parallax -1", "parallax takes a number from 0 to 1000 points, got"),
        ("set items 1000001", "items takes a whole number from 0 to 1000000, got '1000001'"),
        ("set items 2.5", "items takes a whole number"),
        ("set scene moon", "scene takes one of photos, captions, table, quilt or albums, got 'moon'"),
        ("set strategy fast", "strategy takes one of scroll-callback"),
        ("set technique smith", "technique takes one of begemann, leth, patel, kurutepe or jensen, got 'smith'"),
        ("set reduce-motion maybe", "reduce-motion takes on or off"),
        ("set gravity 9.8", "unknown setting 'gravity'"),
    ])
    func badSetLinesAreRefusedWithTheReason(text: String, says: String) {
        #expect {
            _ = try Script.parse(text, file: "t")
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.line == 1 && error.reason.contains(says)
        }
    }

    /// `set parallax 45` in a replay leaves the playground as `--parallax 45` builds it, and
    /// the frame after it draws the same list.
    @Test func aSetLineDoesWhatTheOptionDoes() throws {
        let size = Size(width: 400, height: 600)
        let tuned = Playground(scene: .photos, viewportSize: size)
        let session = FrameSession(tuned, script: try Script.parse("set parallax 45\nset items 1000\nwait 0.1", file: "t"))
        let step = session.steps[0]
        step.drawer = { _, playground, list in SceneRenderer().draw(playground, into: &list) }
        for k in 0..<4 { session.run(at: Double(k) / 60) }
        let optioned = Playground(PlaygroundSettings(scene: .photos, itemCount: 1000, parallaxAmount: 45), viewportSize: size)
        let reference = FrameStep(optioned)
        reference.drawer = step.drawer
        for k in 0..<4 { reference.run(at: Double(k) / 60) }
        #expect(tuned.parallaxAmount == 45 && tuned.itemCount == 1000)
        #expect(!step.drawList.isEmpty, "the frame drew the list")
        #expect(step.drawList == reference.drawList)
    }

    @Test func outOfRangeCommandsAreClampedNotTrusted() {
        let playground = Playground(scene: .photos, viewportSize: Size(width: 400, height: 600))
        playground.apply(.setParallax(.infinity))
        #expect(playground.parallaxAmount == 30, "a non-finite amount changes nothing")
        playground.apply(.setParallax(5000))
        #expect(playground.parallaxAmount == Playground.largestParallaxAmount)
        playground.apply(.setItemCount(-4))
        #expect(playground.itemCount == 1)
        playground.apply(.setItemCount(.max))
        #expect(playground.itemCount == 1_000_000)
        playground.apply(.setReduceMotion(true))
        playground.apply(.resetToDefaults)
        #expect(!playground.reduceMotion && playground.itemCount == 36 && playground.parallaxAmount == 30)
    }
}
