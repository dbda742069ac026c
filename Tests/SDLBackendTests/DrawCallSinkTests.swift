import Foundation
import ParallaxKit
import Rendering
import Testing
@testable import SDLBackend

/// Keeps every call as text, and the arguments of fills, lines and image copies for reissuing.
private final class Listener: DrawCallSink {
    var calls: [String] = []
    var copies: [(Texture, TexelRect, PixelRect, UInt8)] = []
    var fills: [(PixelRect, Color)] = []
    var lines: [(PixelPoint, PixelPoint, Color)] = []

    func fill(rect: PixelRect, color: Color) {
        calls.append("fill \(rect.x),\(rect.y) \(rect.width)x\(rect.height)")
        fills.append((rect, color))
    }
    func stroke(rect: PixelRect, color: Color) { calls.append("stroke \(rect.x),\(rect.y) \(rect.width)x\(rect.height)") }
    func line(from start: PixelPoint, to end: PixelPoint, color: Color) {
        calls.append("line \(start.x),\(start.y) \(end.x),\(end.y)")
        lines.append((start, end, color))
    }
    func copy(texture: Texture, source: TexelRect, destination: PixelRect, alpha: UInt8) {
        calls.append("image \(source.width)x\(source.height) → \(destination.x),\(destination.y) \(destination.width)x\(destination.height) α\(alpha)")
        copies.append((texture, source, destination, alpha))
    }
    func copy(texture: Texture, destination: TexelRect) { calls.append("text") }
}

/// The executor's `DrawCallSink`: it hears every call that reaches SDL, none that was culled,
/// with arguments that reproduce the frame when reissued through the `Renderer` methods.
/// In `HeadlessSDLTests`, whose tests run one at a time: SDL is global state.
extension HeadlessSDLTests {
    @Test func theSinkHearsTheDrawnCallsAndTheyReproduceTheFrame() throws {
        let video = try SDLVideo(driver: .headless)
        let window = try Window(video: video, title: "test", size: Size(width: 64, height: 48))
        let renderer = try Renderer(window: window)
        let red = Color(r: 255, g: 0, b: 0), green = Color(r: 0, g: 200, b: 0)
        let photo = try renderer.makeTexture(from: RGBAImage(width: 8, height: 8, color: red))
        let executor = DrawListExecutor(
            renderer: renderer, images: ImageLibrary(photos: [photo], covers: []),
            text: try TextRenderer(renderer: renderer, fontPath: FontFiles.locate().regular))
        let listener = Listener()
        executor.drawCallSink = listener

        var list = DrawList()
        list.fill(Rect(x: 2, y: 3, width: 10, height: 5), green)
        list.fill(Rect(x: 100, y: 0, width: 10, height: 10), green)  // culled: outside
        list.line(from: Point(x: 0, y: 40), to: Point(x: 63, y: 40), .white)
        list.image(.photo(0), frame: Rect(x: 20, y: 10, width: 16, height: 16), clip: renderer.viewport, opacity: 0.5)
        renderer.clear(.black)
        let stats = executor.execute(list)
        #expect(stats.drawn == 3 && stats.culled == 1)
        #expect(listener.calls == ["fill 2.0,3.0 10.0x5.0", "line 0.0,40.0 63.0,40.0", "image 8x8 → 20.0,10.0 16.0x16.0 α128"])
        let appFrame = try renderer.readPixels()

        // The same calls, reissued without the executor: the same pixels.
        renderer.clear(.black)
        for (rect, color) in listener.fills { try renderer.fill(rect: rect, color: color) }
        for (start, end, color) in listener.lines { try renderer.line(from: start, to: end, color: color) }
        for (texture, source, destination, alpha) in listener.copies {
            try renderer.copy(texture: texture, source: source, destination: destination, alpha: alpha)
        }
        #expect(try renderer.readPixels() == appFrame)
        // The translucent copy switched blending back off: an opaque copy now covers fully.
        renderer.clear(.black)
        try renderer.copy(texture: photo, source: TexelRect(x: 0, y: 0, width: 8, height: 8),
                          destination: PixelRect(x: 0, y: 0, width: 8, height: 8), alpha: 255)
        #expect(try renderer.readPixels()[4, 4] == red)
    }
}
