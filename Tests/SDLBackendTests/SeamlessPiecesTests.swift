import ParallaxKit
import Rendering
import Testing
@testable import SDLBackend

/// Pieces of one picture that meet in points meet in pixels on the software renderer (files:
/// shot, record): an album's cover behind is drawn as strips around the front cover, and
/// SDL2's software renderer, cutting a rectangle's origin and size to integers each on its
/// own, left a row of background between such strips and the front cover.
extension HeadlessSDLTests {
    @Test func piecesMeetingAtAFractionalEdgeLeaveNoGap() throws {
        let sdl = try Headless()
        #expect(sdl.renderer.isSoftware)
        let green = Color(r: 0, g: 200, b: 0), black = Color(r: 0, g: 0, b: 0)
        let cover = try sdl.renderer.makeTexture(from: RGBAImage(width: 16, height: 16, color: green))
        let executor = try sdl.executor(images: ImageLibrary(photos: [cover], covers: [cover]))
        // One picture in three pieces, as a cover's strips around another: the edges fall
        // between pixels, where truncating origin and size apart loses a row or a column.
        let frame = Rect(x: 4.6, y: 0.6, width: 30.5, height: 40)
        let top = Rect(x: 4.6, y: 0.6, width: 30.5, height: 10.7)
        let left = Rect(x: 4.6, y: 11.3, width: 12.7, height: 29.3)
        let right = Rect(x: 17.3, y: 11.3, width: 17.8, height: 29.3)
        var list = DrawList()
        for piece in [top, left, right] { list.image(.cover(0), frame: frame, clip: piece) }
        sdl.renderer.clear(black)
        let stats = executor.execute(list)
        #expect(stats.failed == 0)
        let pixels = try sdl.renderer.readPixels()
        var gaps: [String] = []
        for y in 2..<40 { for x in 6..<34 where pixels[x, y] == black { gaps.append("\(x),\(y)") } }
        #expect(gaps.isEmpty, "background between the pieces at \(gaps.prefix(8))")
        // Each edge lands on the nearest pixel: inside from 5 and 1, outside from 35 and 41.
        #expect(pixels[5, 1] == green && pixels[4, 1] == black && pixels[35, 20] == black)
    }
}
