import Foundation
import ParallaxKit
import Rendering
import RunHarness
import Testing
@testable import SDLBackend

/// Whole scenes drawn headless; part of the serialized SDL suite, since SDL is global state.
extension HeadlessSDLTests {
    /// Renders the playground's current frame and returns its pixels.
    private func render(_ playground: Playground, with executor: DrawListExecutor) throws -> RGBAImage {
        var list = DrawList()
        SceneRenderer().draw(playground, into: &list)
        executor.renderer.clear(.black)
        let stats = executor.execute(list)
        #expect(stats.failed == 0, "\(String(describing: stats.lastError))")
        return try executor.renderer.readPixels()
    }

    /// A photo whose top half is red and bottom half blue: aspect-filled into any frame much
    /// wider than tall, the boundary lands on the frame's middle row.
    private func splitPhoto(_ renderer: Renderer) throws -> Texture {
        var image = RGBAImage(width: 100, height: 1000, color: Color(r: 255, g: 0, b: 0))
        for y in 500..<1000 { for x in 0..<100 { image[x, y] = Color(r: 0, g: 0, b: 255) } }
        return try renderer.makeTexture(from: image)
    }

    @Test(arguments: [ParallaxStrategy.scrollCallback, .off])
    func theImageInACellMovesByTheParallaxTheCoreComputed(strategy: ParallaxStrategy) throws {
        let sdl = try Headless(size: Size(width: 400, height: 600))
        let photo = try splitPhoto(sdl.renderer)
        let executor = try sdl.executor(images: ImageLibrary(photos: [photo], covers: [photo]))
        let playground = Playground(scene: .table, strategy: strategy, viewportSize: Size(width: 400, height: 600))
        var checkedShifted = 0
        for offset in [0.0, 137, 410, 1234] {
            playground.scroll(to: offset)
            runFrame(playground, at: offset / 1000)
            let frame = try render(playground, with: executor)
            let origin = playground.scrollView.bounds.origin
            for cell in playground.visibleCells {
                let row = cell.frame.offsetBy(-origin)
                guard row.minY >= 0, row.maxY <= 600 else { continue }
                // Left edge, clear of the centred title; the tint darkens both halves alike.
                let firstBlue = (Int(row.minY)..<Int(row.maxY)).first { frame[4, $0].b > frame[4, $0].r }
                let boundary = try #require(firstBlue, "no blue in row \(cell.item)")
                let expected = row.midY + cell.parallax.y
                #expect(abs(Double(boundary) - expected) <= 1, "row \(cell.item): boundary at \(boundary), core says \(expected)")
                if strategy == .off { #expect(cell.parallax == .zero) }
                if abs(cell.parallax.y) > 5 { checkedShifted += 1 }
            }
        }
        if strategy != .off { #expect(checkedShifted >= 3, "some checked rows were visibly shifted") }
    }

    @Test(arguments: SceneID.allCases)
    func theSameScrollStateGivesTheSamePixelsUnderEveryStrategy(scene: SceneID) throws {
        let size = Size(width: 640, height: 400)
        let sdl = try Headless(size: size)
        // The repository's Resources, wherever the tests run from.
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources").path
        let images = try ImageLibrary(renderer: sdl.renderer, resourcesDirectory: resources)
        let executor = try sdl.executor(images: images)
        var frames: [ParallaxStrategy: RGBAImage] = [:]
        for strategy in ParallaxStrategy.allCases {
            let playground = Playground(scene: scene, strategy: strategy, viewportSize: size)
            // Stop half-way through the fling, while the images are moving.
            let script = BuiltinScript.fling.script
            var replay = Replay(script: script)
            replay.settleLimit = 0
            replay.script.duration = 0.6
            replay.run(on: playground) { _, _ in }
            frames[strategy] = try render(playground, with: executor)
        }
        let reference = try #require(frames[.scrollCallback])
        #expect(frames[.layoutInvalidation]?.bytes == reference.bytes, "layout invalidation draws different pixels")
        #expect(frames[.cachedLayout]?.bytes == reference.bytes, "cached layout draws different pixels")
        #expect(frames[.off]?.bytes != reference.bytes, "parallax is visible: off must differ")
    }
}

/// One frame through the app's frame step.
private func runFrame(_ playground: Playground, at time: Double) {
    FrameStep(playground).run(at: time)
}
