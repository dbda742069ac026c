import ParallaxKit
import Presentation
import RunHarness
import Testing

/// The window draws every frame while anything changes, and waits when nothing does.
@Suite struct FramePacingTests {
    @Test func aStillWindowWaitsAQuarterSecondAPulsingOneAFrameOfTwentyAndAFadingOneOfSixty() {
        #expect(FramePacing.idleWait(after: FramePacing.Frame()) == 0.25)
        #expect(FramePacing.idleWait(after: FramePacing.Frame(pictures: .pulsing)) == 0.05)
        // Photos fading in with nothing else changing: a display's rate, with vsync off too.
        #expect(FramePacing.idleWait(after: FramePacing.Frame(pictures: .changing)) == 1.0 / 60)
    }

    @Test func whereTheProcessorDrawsFadesStepEveryOtherRefreshAndNothingElseSlows() {
        #expect(FramePacing.idleWait(after: FramePacing.Frame(pictures: .changing, drawnOnCPU: true)) == 1.0 / 30)
        #expect(FramePacing.idleWait(after: FramePacing.Frame(pictures: .pulsing, drawnOnCPU: true)) == 0.05)
        #expect(FramePacing.idleWait(after: FramePacing.Frame(drawnOnCPU: true)) == 0.25)
        #expect(FramePacing.idleWait(after: FramePacing.Frame(moving: true, pictures: .changing, drawnOnCPU: true)) == nil,
                "motion is drawn at every refresh wherever it is drawn")
    }

    @Test func aGrowingLayoutIsDrawnAsPhotosArrivingAre() {
        #expect(FramePacing.idleWait(after: FramePacing.Frame(layoutGrew: true)) == 1.0 / 60)
        #expect(FramePacing.idleWait(after: FramePacing.Frame(layoutGrew: true, drawnOnCPU: true)) == 1.0 / 30)
        #expect(FramePacing.idleWait(after: FramePacing.Frame(moving: true, layoutGrew: true)) == nil)
    }

    @Test func aToastDueLaterIsWaitedForAndAFadingOneDrawsAtOnce() {
        #expect(FramePacing.idleWait(after: FramePacing.Frame(overlayChangesIn: 0.1)) == 0.1, "a still window wakes for it")
        #expect(FramePacing.idleWait(after: FramePacing.Frame(pictures: .pulsing, overlayChangesIn: 1)) == 0.05,
                "the pulse comes first")
        #expect(FramePacing.idleWait(after: FramePacing.Frame(overlayChangesIn: 0)) == nil, "fading now")
    }

    /// A script's next event (or the run's end) is waited for, not drawn towards, and one due
    /// now draws at once.
    @Test func aScriptsNextEventWakesTheWindowOnTime() {
        #expect(FramePacing.idleWait(after: FramePacing.Frame(timedEventIn: 0.1)) == 0.1)
        #expect(FramePacing.idleWait(after: FramePacing.Frame(timedEventIn: 3)) == 0.25, "the still rate comes first")
        #expect(FramePacing.idleWait(after: FramePacing.Frame(overlayChangesIn: 0.2, timedEventIn: 0.15)) == 0.15)
        #expect(FramePacing.idleWait(after: FramePacing.Frame(timedEventIn: 0)) == nil, "due now")
        #expect(FramePacing.idleWait(after: FramePacing.Frame(timedEventIn: -0.5)) == nil, "overdue")
    }

    @Test(arguments: [
        FramePacing.Frame(inputArrived: true),
        FramePacing.Frame(driven: true),
        FramePacing.Frame(moving: true),
        FramePacing.Frame(overlaysAnimate: true),
        FramePacing.Frame(inputArrived: true, pictures: .changing),
        FramePacing.Frame(inputArrived: true, pictures: .pulsing),
        FramePacing.Frame(moving: true, pictures: .still),
    ])
    func anythingThatChangesDrawsTheNextFrameAtOnce(_ frame: FramePacing.Frame) {
        #expect(FramePacing.idleWait(after: frame) == nil)
    }

    @Test func aToastChangesWhenItAppearsAndWhileItFadesNotWhileHeld() {
        var toast = Toast()
        #expect(toast.nextChange(after: 0) == nil, "no toast")
        toast.show("hello", at: 1, holding: 2)
        #expect(toast.nextChange(after: 0.5) == 1, "it appears")
        #expect(toast.nextChange(after: 1) == 3, "held until its fade begins")
        #expect(toast.nextChange(after: 1.5) == 3, "held")
        #expect(toast.nextChange(after: 3) == 3, "its fade begins")
        #expect(toast.nextChange(after: 3.2) == 3.2, "fading")
        #expect(toast.nextChange(after: 3.4) == nil, "gone")
    }
}
