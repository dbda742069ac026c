import ParallaxKit
import RunHarness
import Testing

/// What the panel's "attrs" row counts, frame by frame, with a frame drawn as the window draws
/// it (the scene, then the photo pipeline's look-ahead reading the same frame): the cached
/// layout computes exactly the shifts of the cells on screen, layout invalidation every item.
@Suite struct AttributesComputedTests {
    struct Counted {
        var work: StrategyWork
        var moved: Bool
        var visible: Int
    }

    /// Replays `script` under `strategy`, reading each frame's work as the panel does.
    static func countedFrames(scene: SceneID, strategy: ParallaxStrategy, itemCount: Int, script: BuiltinScript) -> [Counted] {
        let photos = PhotoSet(aspectRatios: (0..<itemCount).map { [1.5, 0.75, 1.0, 2.0, 1.33][$0 % 5] })
        let playground = Playground(scene: scene, strategy: strategy, itemCount: itemCount,
                                    viewportSize: Size(width: 1280, height: 800), photos: photos)
        let session = FrameSession(playground, script: script.script)
        let step = session.steps[0]
        let demand = PhotoDemand()
        step.drawer = { _, playground, list in
            SceneRenderer().draw(playground, into: &list)
            _ = demand.needs(of: playground, drawList: list)
        }
        var frames: [Counted] = []
        for index in 0..<Int(script.script.duration * 60) + 30 {
            let report = session.run(at: Double(index) / 60)
            frames.append(Counted(work: report.work, moved: report.moved, visible: playground.visibleCells.count))
        }
        return frames
    }

    /// The quilt at its 50 items is where the panel showed 59 attributes under the cached
    /// layout, more than layout invalidation's 50; the photos scene showed 14 to 17 with 3 to
    /// 5 cells on screen.
    @Test(arguments: [SceneID.photos, .captions, .table, .quilt], [BuiltinScript.fling, .bench])
    func theCachedLayoutComputesTheShiftsOfTheCellsOnScreenOnly(scene: SceneID, script: BuiltinScript) {
        let itemCount = Scene.make(scene, photos: .bundled).defaultItemCount
        let frames = Self.countedFrames(scene: scene, strategy: .cachedLayout, itemCount: itemCount, script: script)
        var moving = 0
        // Frame 0 lays the list out from nothing: every item's geometry, counted once.
        #expect(frames[0].work.attributesComputed >= itemCount)
        for (index, frame) in frames.enumerated().dropFirst() {
            let computed = frame.work.attributesComputed
            #expect(computed <= frame.visible, "frame \(index): \(computed) attributes with \(frame.visible) cells on screen")
            #expect(computed <= itemCount, "frame \(index): \(computed) attributes for \(itemCount) items")
            if frame.moved {
                moving += 1
                #expect(computed == frame.visible && frame.work.cellsUpdated == frame.visible,
                        "frame \(index): \(computed) attributes, \(frame.work.cellsUpdated) cells, \(frame.visible) on screen")
            }
        }
        #expect(moving > 30, "the script moved the list")
    }

    /// Layout invalidation, Begemann's own: every item on every frame the list moves.
    @Test func layoutInvalidationComputesEveryItemWhileMoving() {
        let frames = Self.countedFrames(scene: .quilt, strategy: .layoutInvalidation, itemCount: 50, script: .fling)
        let moving = frames.dropFirst().filter(\.moved)
        #expect(moving.count > 30)
        #expect(moving.allSatisfy { $0.work.attributesComputed == 50 }, "\(moving.map(\.work.attributesComputed))")
    }
}
