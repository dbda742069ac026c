import ParallaxKit
import Testing

/// The album row at rest, read from its draw list: a cover behind the front one is either
/// hidden at the front cover's side or stands out of it by a deliberate width, never by the
/// 1 to 4 pt slivers that read as a drawing fault.
@Suite struct AlbumsAtRestTests {
    /// One stack's covers as drawn: the covers behind (back to front), then the front cover.
    struct Stack {
        var behind: [(clip: Rect, opacity: Double)]
        var front: Rect
    }

    /// The stacks of a draw list: each cell draws its covers back to front, the front one
    /// last, then its title.
    static func stacks(in list: DrawList) -> [Stack] {
        var stacks: [Stack] = []
        var covers: [(clip: Rect, opacity: Double)] = []
        for command in list.commands {
            switch command {
            case let .image(.cover, _, clip, opacity):
                covers.append((clip, opacity))
            case .text:
                if let front = covers.last {
                    stacks.append(Stack(behind: Array(covers.dropLast()), front: front.clip))
                }
                covers.removeAll()
            default:
                break
            }
        }
        return stacks
    }

    /// How far `piece` reaches beyond the front cover's left and right sides.
    static func overhangs(of piece: Rect, beyond front: Rect) -> [Double] {
        [max(0, front.minX - piece.minX), max(0, piece.maxX - front.maxX)]
    }

    /// The row brought to rest at every position across its first albums, 0.7 pt apart: the
    /// band of positions where every layer sticks out by a few points is a few points wide.
    @Test(arguments: [Size(width: 1280, height: 800), Size(width: 640, height: 400)])
    func atRestCoversBehindAreHiddenOrClearOfTheFrontCover(viewport: Size) throws {
        let playground = Playground(scene: .albums, viewportSize: viewport)
        let step = FrameStep(playground)
        step.drawer = { _, playground, list in SceneRenderer().draw(playground, into: &list) }
        var time = 0.0
        var sticking = 0, hidden = 0
        for position in stride(from: 0.0, through: viewport.width * 1.5, by: 0.7) {
            playground.scroll(to: position)
            step.run(at: time)
            time += 1.0 / 60
            #expect(playground.scrollView.phase == .idle, "at rest at \(position)")
            for stack in Self.stacks(in: step.drawList) {
                var reaches = false
                for (clip, opacity) in stack.behind where opacity > 0 {
                    for overhang in Self.overhangs(of: clip, beyond: stack.front) where overhang > 1e-6 {
                        reaches = true
                        #expect(overhang >= SceneRenderer.sliverWidth - 1e-9,
                                "at \(position): a cover behind shows \(overhang) pt beside the front one (opacity \(opacity))")
                    }
                }
                if reaches { sticking += 1 } else { hidden += 1 }
            }
        }
        #expect(sticking > 0 && hidden > 0, "both: stacks fanned out (\(sticking)) and stacks whose layers hide (\(hidden))")
    }

    /// The layers still slide out smoothly: a column beside the front cover is hidden below
    /// `sliverWidth`, fully drawn from twice it, and in between fades with its width.
    @Test func aColumnBesideTheFrontCoverFadesInFromTheSliverWidth() {
        let front = Rect(x: 100, y: 100, width: 400, height: 400)
        let w = SceneRenderer.sliverWidth
        func opacity(ofColumn width: Double) -> Double {
            SceneRenderer.sliverOpacity(of: Rect(x: 500, y: 90, width: width, height: 380), beside: front)
        }
        #expect(opacity(ofColumn: 1) == 0 && opacity(ofColumn: w * 0.99) == 0)
        #expect(opacity(ofColumn: w * 1.5) == 0.5)
        #expect(opacity(ofColumn: w * 2) == 1 && opacity(ofColumn: 60) == 1)
        // Above the front cover the rise shows every layer on purpose: judged by its height.
        #expect(SceneRenderer.sliverOpacity(of: Rect(x: 110, y: 90, width: 380, height: w), beside: front) == 1)
    }
}
