import ParallaxKit
import RunHarness
import Testing

@Suite struct ScriptTests {
    @Test(arguments: BuiltinScript.allCases)
    func builtInScriptsParse(_ builtin: BuiltinScript) throws {
        let script = try Script.parse(builtin.text, file: builtin.name)
        #expect(!script.events.isEmpty)
        #expect(script.duration > 0.5)
        #expect(zip(script.events, script.events.dropFirst()).allSatisfy { $0.time <= $1.time }, "events in time order")
    }

    @Test func commandsAndTimes() throws {
        let script = try Script.parse(
            """
            # comment line
            drag-begin 10 20   # trailing comment
            wait 0.5
            drag-move 10 -5.5
            drag-end
            wheel dy=-3
            wheel dx=0.25 precise flipped
            key shift+space
            key f3
            key +
            wait 1
            """, file: "t")
        #expect(script.duration == 1.5)
        #expect(script.events.map(\.time) == [0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5])
        #expect(script.events[1].event == .pointerMoved(Point(x: 10, y: -5.5)))
        #expect(script.events[2].event == .pointerUp(Point(x: 10, y: -5.5)))
        #expect(script.events[3].event == .wheel(WheelDelta(dy: -3)))
        #expect(script.events[4].event == .wheel(WheelDelta(dx: 0.25, isPrecise: true, isFlipped: true)))
        #expect(script.events[5].event == .key(.space, .shift))
        #expect(script.events[6].event == .key(.function(3), []))
        #expect(script.events[7].event == .key(.character("+"), []))
    }

    @Test func clickHoverAndTypeAreAPersonsPanelInput() throws {
        let script = try Script.parse("click 30 151\nwait 0.1\nhover 60 625\ntype my preset\nkey backspace\nkey delete\n", file: "t")
        #expect(script.events.map(\.event) == [
            .pointerDown(Point(x: 30, y: 151)), .pointerUp(Point(x: 30, y: 151)), .hover(Point(x: 60, y: 625)),
            .text("my preset"), .key(.backspace, []), .key(.delete, []),
        ])
        #expect(script.events.map(\.time) == [0, 0, 0.1, 0.1, 0.1, 0.1], "a click's press and release at one instant")
        #expect(throws: ScriptError.self) { try Script.parse("type\n", file: "t") }
        #expect(throws: ScriptError.self) { try Script.parse("type " + String(repeating: "a", count: 257) + "\n", file: "t") }
        #expect(throws: ScriptError.self) { try Script.parse("drag-begin 1 1\nclick 2 2\ndrag-end\n", file: "t") }
        #expect(throws: ScriptError.self) { try Script.parse("hover 1e9 0\n", file: "t") }
    }

    @Test func dragExpandsIntoSampledMoves() throws {
        let script = try Script.parse("drag 0 0 0 100 0.1", file: "t")
        #expect(script.events.count == 1 + 12 + 1)
        #expect(script.events.first?.event == .pointerDown(.zero))
        #expect(script.events.last == TimedEvent(time: 0.1, event: .pointerUp(Point(x: 0, y: 100))))
        #expect(script.duration == 0.1)
    }

    struct BadScript: Sendable, CustomStringConvertible {
        var text: String
        var line: Int
        var reasonContains: String
        var description: String { reasonContains }
    }

    @Test(arguments: [
        BadScript(text: "wait 1\nflick 3", line: 2, reasonContains: "unknown command 'flick'"),
        BadScript(text: "fling 1e9", line: 1, reasonContains: "within ±100000"),
        BadScript(text: "fling nan", line: 1, reasonContains: "points per second"),
        BadScript(text: "fling", line: 1, reasonContains: "VY [VX]"),
        BadScript(text: "drag-begin 1 1\nfling 300", line: 2, reasonContains: "drag is in progress"),
        BadScript(text: "drag-begin 1", line: 1, reasonContains: "takes X Y"),
        BadScript(text: "drag-begin 1 x", line: 1, reasonContains: "'x' is not a number"),
        BadScript(text: "drag-move 1 2", line: 1, reasonContains: "without a drag-begin"),
        BadScript(text: "\n\ndrag-begin 1 2", line: 3, reasonContains: "missing drag-end"),
        BadScript(text: "wheel dy=0.5", line: 1, reasonContains: "add 'precise'"),
        BadScript(text: "wheel speed=3", line: 1, reasonContains: "unknown wheel argument"),
        BadScript(text: "wheel", line: 1, reasonContains: "needs dy=N"),
        BadScript(text: "key hyper+q", line: 1, reasonContains: "unknown key"),
        BadScript(text: "key", line: 1, reasonContains: "one key name"),
        BadScript(text: "wait -1", line: 1, reasonContains: "zero or more"),
        BadScript(text: "drag 0 0 1 1 0", line: 1, reasonContains: "positive duration"),
        // Limits that keep a replay finite and its memory bounded.
        BadScript(text: "drag 100 400 100 100 1e9", line: 1, reasonContains: "at most 60 seconds"),
        BadScript(text: "wait 1\nwait 1e9", line: 2, reasonContains: "at most 600"),
        BadScript(text: String(repeating: "wait 600\n", count: 6) + "wait 1", line: 7, reasonContains: "past 3600 seconds"),
        BadScript(text: "wheel dy=1e9", line: 1, reasonContains: "at most 100 notches"),
        BadScript(text: "drag-begin 1e12 0", line: 1, reasonContains: "within ±100000"),
        BadScript(text: "drag 0 0 0 1e300 1", line: 1, reasonContains: "within ±100000"),
        BadScript(text: "key " + String(repeating: "x", count: 2_000), line: 1, reasonContains: "'" + String(repeating: "x", count: 80) + "…'"),
    ])
    func malformedScriptsSayWhereAndWhy(_ bad: BadScript) {
        do {
            _ = try Script.parse(bad.text, file: "bad.txt")
            Issue.record("expected an error for \(bad.text)")
        } catch {
            #expect(error.file == "bad.txt")
            #expect(error.line == bad.line)
            #expect(error.reason.contains(bad.reasonContains), "reason: \(error.reason)")
            #expect(error.description.hasPrefix("bad.txt:\(bad.line): "))
        }
    }
}

@Suite struct TraceTests {
    func trace(scene: SceneID = .photos, script: BuiltinScript = .fling, items: Int? = nil) -> [[Substring]] {
        var csv = ""
        let pg = Playground(scene: scene, itemCount: items, viewportSize: Size(width: 1280, height: 800))
        TraceWriter.trace(script: script.script, playground: pg, framesPerSecond: 60) { csv += $0 }
        return csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    }

    @Test func flingTraceFollowsTheDecelerationCurveAfterRelease() throws {
        let rows = trace()
        #expect(rows.first?.joined(separator: ",") == TraceWriter.header)
        // One offset per frame while decelerating.
        var offsets: [Int: Double] = [:]
        for row in rows.dropFirst() where row[4] == "decelerating" { offsets[Int(row[0])!] = Double(row[3])! }
        let frames = offsets.keys.sorted()
        #expect(frames.count > 30)
        // Between frames 1/60 s apart, successive steps shrink by d^(1000/60), d = 0.998.
        let ratio = RealPow.pow(0.998, 1000.0 / 60)
        for (a, b) in zip(frames, frames.dropFirst(2)) where b == a + 2 {
            let step1 = offsets[a + 1]! - offsets[a]!
            let step2 = offsets[b]! - offsets[a + 1]!
            expectClose(step2 / step1, ratio, tolerance: 1e-6, "frames \(a)…\(b)")
        }
        #expect(offsets[frames[0]]! < offsets[frames.last!]!, "it coasted towards the end")
    }

    @Test func zeroItemsTraceAnEmptyList() {
        let rows = trace(items: 0)
        #expect(rows.count == 1, "only the header")
    }

    @Test func everyRowHasEveryColumn() {
        let rows = trace(scene: .albums, script: .wheel)
        #expect(rows.count > 100)
        #expect(rows.allSatisfy { $0.count == 12 })
    }
}

import RealModule

/// `pow` without Foundation.
enum RealPow {
    static func pow(_ x: Double, _ y: Double) -> Double { Double.pow(x, y) }
}

@Suite struct ReplayCommandTests {
    @Test func modelKeysInAScriptTakeEffectAsInTheApp() throws {
        let script = try Script.parse("key 3\nkey ]\nkey +\nwait 0.1\nkey f3\nwait 0.1\nkey f\n", file: "t")
        let pg = Playground(scene: .photos, strategy: .scrollCallback, viewportSize: Size(width: 800, height: 600))
        var strategies: [ParallaxStrategy] = []
        Replay(script: script).run(on: pg) { _, pg in strategies.append(pg.strategy) }
        #expect(strategies.first == .cachedLayout)
        #expect(pg.scene.id == .table, "F3 picked the third scene")
        #expect(pg.strategy == .cachedLayout, "the strategy survives the scene change")
        #expect(pg.apply(.toggleOverlay) == false, "view-only keys are the app's")
    }

    @Test func itemCountAndParallaxKeysChangeTheModel() throws {
        let pg = Playground(scene: .quilt, viewportSize: Size(width: 800, height: 600))
        Replay(script: try Script.parse("key ]\nkey plus\nwait 0.05", file: "t")).run(on: pg) { _, _ in }
        #expect(pg.itemCount == 500)
        #expect(pg.parallaxAmount == 36)
    }
}
