import Panes
import ParallaxKit
import Presentation
import Testing
@testable import SDLBackend

/// The compare strip's figures fit the room beside its curves, measured with the font the
/// window draws them in, for the widest values a pane can reach.
extension HeadlessSDLTests {
    @Test func theStripsFiguresFitBesideTheCurveAtAMillionItems() throws {
        let sdl = try Headless(size: Size(width: 320, height: 200))
        let text = try TextRenderer(renderer: sdl.renderer, fontPath: FontFiles.locate().regular)
        var widest = 0.0
        for shift in [-Playground.largestParallaxAmount, -2.7, 0] {
            // A million items' layout recomputes up to every attribute a frame.
            for work in [0.0, 999.9, 9_999.4, 900_003.6, 999_499, 1_000_000, 999_949_999] {
                // Images as fast as a million-point amount's on a fast fling, or none.
                for motion in [0.0, 999.9, 99_999, 999_499] {
                    let figures = CompareStrip.figures(shift: shift, workPerFrame: work, imageMotion: motion)
                    widest = max(widest, try text.measure(figures, size: 13).width)
                }
            }
        }
        #expect(widest <= CompareStrip.figuresWidth, "the widest figures take \(widest) points of \(CompareStrip.figuresWidth)")
        #expect(CompareStrip.figures(shift: -2.7, workPerFrame: 900_003.6, imageMotion: 324.2) == "-2.7 pt · 900k/f · 324.2 pt/s")
    }
}

/// A physics comparison's row labels, each engine and its rule, fit their column.
extension HeadlessSDLTests {
    @Test func everyEnginesRuleFitsItsColumn() throws {
        let sdl = try Headless(size: Size(width: 320, height: 200))
        let text = try TextRenderer(renderer: sdl.renderer, fontPath: FontFiles.locate().regular)
        var widest = (width: 0.0, label: "")
        for engine in ScrollEngineName.allCases {
            let label = CompareStrip.physicsLabel(engine)
            let width = try text.measure(label, size: CompareStrip.physicsTextSize).width
            if width > widest.width { widest = (width, label) }
        }
        // The 14 points of the colour square before it are outside the column's text.
        #expect(widest.width + 14 <= CompareStrip.physicsLabelWidth, "\(widest.label) takes \(widest.width) points")
        print("widest physics label: \(widest.label), \(widest.width) points")
    }
}

/// A pane's rectangle that is not a number, or far off the surface, draws nothing wrong and
/// never traps (every Double reaches SDL through `clampedInteger`).
extension HeadlessSDLTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300])
    func aListDrawnInAnyFrameNeverTraps(value: Double) throws {
        let sdl = try Headless(size: Size(width: 64, height: 48))
        let executor = try sdl.executor()
        var list = DrawList()
        list.fill(Rect(x: value, y: 0, width: 10, height: value), .white)
        list.text("x", at: Point(x: value, y: value), size: 12, color: .white)
        _ = executor.execute(list, in: Rect(x: value, y: value, width: value, height: 20))
        _ = executor.execute(list)
    }
}
