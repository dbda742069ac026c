import Presentation
import Testing

/// The window draws every frame while anything changes, and waits when nothing does.
@Suite struct FramePacingTests {
    @Test func aStillWindowWaitsAQuarterSecondAPulsingOneAFrameOfTwentyAndAFadingOneOfSixty() {
        #expect(FramePacing.idleWait(after: FramePacing.Frame()) == 0.25)
        #expect(FramePacing.idleWait(after: FramePacing.Frame(pictures: .pulsing)) == 0.05)
        // Photos fading in with nothing else changing: a display's rate, with vsync off too.
        #expect(FramePacing.idleWait(after: FramePacing.Frame(pictures: .changing)) == 1.0 / 60)
    }

    @Test(arguments: [
        FramePacing.Frame(inputArrived: true),
        FramePacing.Frame(driven: true),
        FramePacing.Frame(moving: true),
        FramePacing.Frame(overlaysAnimate: true),
        FramePacing.Frame(layoutGrew: true),
        FramePacing.Frame(inputArrived: true, pictures: .changing),
        FramePacing.Frame(inputArrived: true, pictures: .pulsing),
        FramePacing.Frame(moving: true, pictures: .still),
    ])
    func anythingThatChangesDrawsTheNextFrameAtOnce(_ frame: FramePacing.Frame) {
        #expect(FramePacing.idleWait(after: frame) == nil)
    }

    @Test func aToastChangesWhenItAppearsAndWhileItFadesNotWhileHeld() {
        var toast = Toast()
        #expect(!toast.changes(between: 0, and: 10), "no toast")
        toast.show("hello", at: 1, holding: 2)
        #expect(toast.changes(between: 0.9, and: 1.15), "it appears")
        #expect(!toast.changes(between: 1.5, and: 1.75), "held")
        #expect(toast.changes(between: 2.9, and: 3.15), "its fade begins")
        #expect(toast.changes(between: 3.2, and: 3.45), "fading")
        #expect(!toast.changes(between: 3.5, and: 3.75), "gone")
    }
}
