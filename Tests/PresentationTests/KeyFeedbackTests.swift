import ParallaxKit
import Presentation
import Testing

/// Every key that changes the model says what it did, including when it did nothing.
@Suite struct KeyFeedbackTests {
    let viewport = Size(width: 1280, height: 800)

    /// Applies `command` as the window does and returns the toast it would show.
    private func feedback(_ command: AppCommand, on playground: Playground) -> String? {
        let before = KeyFeedback.State(playground)
        _ = playground.apply(command)
        return KeyFeedback.message(for: command, before: before, after: KeyFeedback.State(playground))
    }

    @Test func aSceneChangeNamesTheSceneAndTheCountAndAmountItSet() throws {
        let pg = Playground(scene: .photos, viewportSize: viewport)
        _ = pg.apply(.scaleItemCount(1))
        let said = try #require(feedback(.nextScene, on: pg))
        #expect(said.contains(pg.scene.title) && said.contains("scroll callback"))
        #expect(said.contains("\(pg.itemCount) items"), "the count the scene change set: \(said)")
        #expect(said.contains("pt parallax"))
    }

    @Test func aStrategyUnderReduceMotionSaysWhyNothingChanged() throws {
        let pg = Playground(scene: .photos, viewportSize: viewport)
        _ = pg.apply(.toggleReduceMotion)
        let said = try #require(feedback(.strategy(.scrollCallback), on: pg))
        #expect(said.contains("Reduce motion is on") && said.contains("M"))
        #expect(pg.effectiveStrategy == .off)
    }

    @Test func plusAtItsLimitSaysSoAndNamesTheOption() throws {
        let pg = Playground(scene: .photos, viewportSize: viewport)
        pg.setParallaxAmount(pg.steppedParallaxAmount(100))  // clamped to the keys' largest
        let said = try #require(feedback(.adjustParallax(1), on: pg))
        #expect(said.contains("most") && said.contains("--parallax"), "\(said)")
        pg.setParallaxAmount(0)
        #expect(feedback(.adjustParallax(-1), on: pg)?.contains("0 pt") == true)
    }

    @Test func plusWithTheStrategyOffSaysNothingMoves() throws {
        let pg = Playground(scene: .photos, strategy: .off, viewportSize: viewport)
        let said = try #require(feedback(.adjustParallax(1), on: pg))
        #expect(said.contains("strategy off") && said.contains("1, 2 or 3"), "\(said)")
        let moving = Playground(scene: .photos, viewportSize: viewport)
        #expect(feedback(.adjustParallax(1), on: moving) == "Parallax 36 pt")
    }

    @Test func itemCountLimitsAreSaid() {
        let pg = Playground(scene: .photos, itemCount: 1, viewportSize: viewport)
        #expect(feedback(.scaleItemCount(-1), on: pg) == "1 item is the fewest")
        pg.setItemCount(1_000_000)
        #expect(feedback(.scaleItemCount(1), on: pg) == "1,000,000 items is the most")
        #expect(feedback(.scaleItemCount(-1), on: pg) == "100,000 items")
    }

    @Test func viewCommandsAreTheWindowsToWord() {
        let pg = Playground(scene: .photos, viewportSize: viewport)
        for command in [AppCommand.toggleOverlay, .toggleHelp, .screenshot, .toggleRecording, .dismiss, .quit, .toggleVSync] {
            #expect(feedback(command, on: pg) == nil)
        }
    }

    @Test func aToastHoldsThenFadesAndFitsTheWindow() {
        var toast = Toast()
        #expect(toast.opacity(at: 0) == 0, "nothing shown yet")
        toast.show("Saved parallax-photos.png", at: 10)
        #expect(toast.opacity(at: 10) == 1 && toast.opacity(at: 10 + Toast.holdSeconds) == 1)
        #expect(abs(toast.opacity(at: 10 + Toast.holdSeconds + Toast.fadeSeconds / 2) - 0.5) < 1e-9)
        #expect(toast.opacity(at: 10 + Toast.holdSeconds + Toast.fadeSeconds) == 0)
        var list = DrawList()
        toast.draw(at: 30, viewportSize: viewport, into: &list)
        #expect(list.isEmpty, "a faded toast draws nothing")
        let long = String(repeating: "a very long message ", count: 20)
        let frame = Toast.frame(of: long, viewportSize: Size(width: 400, height: 300))
        #expect(frame.minX >= 0 && frame.maxX <= 400 && frame.minY >= 0 && frame.maxY <= 300)
    }
}
