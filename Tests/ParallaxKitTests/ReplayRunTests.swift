import ParallaxKit
import RunHarness
import Testing

@Suite struct ReplayRunTests {
    static let viewport = Size(width: 640, height: 400)

    /// Stepping a run frame by frame gives frame k at k / 60 and ends by the replay's rule,
    /// written out here on a bare `FrameStep` fed by hand (not through `FrameSession`, which
    /// `ReplayRun` drives): the first frame at or after the script's end with every event
    /// delivered and the list idle, else the settle limit past the end. Its frame count is
    /// known before the first frame and leaves the run where it was.
    @Test(arguments: BuiltinScript.allCases)
    func framesAreTheReplaysAndTheCountIsKnownFirst(builtin: BuiltinScript) throws {
        let script = builtin.script
        let replay = Replay(script: script, framesPerSecond: 60, settleLimit: 10)
        let whole = Playground(scene: .photos, viewportSize: Self.viewport)
        let step = FrameStep(whole)
        var reference: [FrameReport] = []
        var delivered = 0
        for k in 0... {
            let t = Double(k) / 60
            while delivered < script.events.count, script.events[delivered].time <= t {
                step.enqueue(.input(script.events[delivered]))
                delivered += 1
            }
            reference.append(step.run(at: t))
            let rested = delivered == script.events.count && t >= script.duration && whole.scrollView.phase == .idle
            if rested || t >= script.duration + 10 { break }
        }
        #expect(reference.count > Int(script.duration * 60), "the replay runs at least to the script's end")

        let stepped = Playground(scene: .photos, viewportSize: Self.viewport)
        let run = ReplayRun(replay, on: stepped)
        #expect(run.frameCount == reference.count)
        #expect(run.framesRun == 0, "counting ran no frame of this run")
        var frames: [FrameReport] = []
        while let frame = run.next() { frames.append(frame) }
        #expect(frames.map(\.time) == reference.map(\.time))
        #expect(frames.map(\.moved) == reference.map(\.moved))
        #expect(run.isFinished)
        #expect(run.next() == nil)
        #expect(stepped.scrollView.contentOffset == whole.scrollView.contentOffset)
    }

    /// A caller whose frame is more than the session's (the window's, which the frame-cost
    /// bench times) runs it through `next(_:)`: frame k at k / fps to the same end as `next()`,
    /// and `lastFrameTime` is the time of the frame just run (what `record` draws it at).
    @Test func aCallersOwnFrameRunsAtTheReplaysTimesToItsEnd() throws {
        let replay = Replay(script: BuiltinScript.fling.script, framesPerSecond: 50)
        let reference = ReplayRun(replay, on: Playground(scene: .photos, viewportSize: Self.viewport))
        var referenceTimes: [Double] = []
        while let frame = reference.next() { referenceTimes.append(frame.time) }

        let run = ReplayRun(replay, on: Playground(scene: .photos, viewportSize: Self.viewport))
        var times: [Double] = [], drawnAt: [Double] = []
        while let time = run.next({ session, time -> Double in
            session.run(at: time)
            return time
        }) {
            times.append(time)
            drawnAt.append(run.lastFrameTime)
        }
        #expect(times == referenceTimes)
        #expect(times == times.indices.map { Double($0) / 50 })
        #expect(drawnAt == times)
        #expect(run.isFinished && run.framesRun == times.count)
    }

    /// The count is the playground's own: a tuned amount, a chosen strategy, another photo
    /// set and count are part of the settings its twin is built from.
    @Test func theCountFollowsThePlaygroundsSettings() throws {
        let script = BuiltinScript.fling.script
        let photos = PhotoSet(aspectRatios: [0.3, 3, 1, 0.6, 2.2], titles: [])
        let settings = PlaygroundSettings(scene: .quilt, strategy: .cachedLayout, parallaxAmount: 55, photos: photos,
                                          itemCountFollowsPhotos: true)
        let playground = Playground(settings, viewportSize: Self.viewport)
        #expect(playground.settings == settings)
        let counted = ReplayRun(Replay(script: script), on: playground).frameCount
        let played = Replay(script: script).run(on: Playground(settings, viewportSize: Self.viewport)) { _, _ in }
        #expect(counted == played)
    }
}
